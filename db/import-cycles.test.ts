/**
 * No import cycles in the server's code (issue 12): db/, functions/ and realtime/ import each other
 * only one way round, so a module can be read, tested and loaded without the ones above it.
 * Type-only imports (`import type`) are erased at build time and are not counted. The graph is
 * read from the sources' relative imports; a cycle is reported with every module on it.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (f === "node_modules") continue;
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.ts$/.test(f) && !/\.test\.ts$/.test(f)) out.push(normalize(p));
  }
  return out;
}

function graph(): Map<string, string[]> {
  const files = new Set(["db", "functions", "realtime"].flatMap((d) => sources(d)));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets: string[] = [];
    for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?\bfrom\s+"(\.[^"]+)"/gm)) {
      if (m[1]) continue;
      const base = normalize(join(dirname(file), m[2]!));
      const target = [`${base}.ts`, join(base, "index.ts")].find((c) => files.has(c));
      if (target) targets.push(target);
    }
    edges.set(file, targets);
  }
  return edges;
}

/** Strongly connected groups of more than one module (Tarjan). */
function cycles(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("import cycles", () => {
  it("finds one in a graph that has it, and none in a chain", () => {
    expect(cycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]]))).toEqual([["a", "b", "c"]]);
    expect(cycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", []]]))).toEqual([]);
  });

  it("has none in db/, functions/ and realtime/", () => {
    expect(cycles(graph())).toEqual([]);
  });
});
