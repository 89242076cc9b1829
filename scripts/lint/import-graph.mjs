/**
 * The project's runtime import graph and its cycles (issue 12 item 5), for the `local/no-cycle`
 * lint rule in eslint.config.js. Rules:
 * - sources are the .ts/.tsx files under db/, functions/, realtime/ and web/ (tests excluded);
 * - an edge is a relative `import ... from` or `export ... from`, type-only ones included (a cycle of
 *   types still means two modules that cannot be understood apart); a dynamic `import("...")` is not
 *   one: it loads on demand (the external drivers), after both modules are complete;
 * - a cycle is a strongly connected group of two or more files (Tarjan), reported as one shortest
 *   loop through each of its files.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOTS = ["db", "functions", "realtime", "web"];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/g;

function sources(dir, out) {
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (f === "node_modules") continue;
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

function resolveSpec(from, spec) {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(c) && statSync(c).isFile() && /\.tsx?$/.test(c)) return c;
  }
  return null;
}

/** file (relative to root) → the files it imports at run time. */
export function importGraph(root) {
  const graph = new Map();
  for (const r of ROOTS) {
    for (const file of sources(join(root, r), [])) {
      const text = readFileSync(file, "utf8");
      const deps = new Set();
      for (const m of text.matchAll(IMPORT)) {
        const target = resolveSpec(file, m[1]);
        if (target) deps.add(relative(root, target));
      }
      graph.set(relative(root, file), deps);
    }
  }
  return graph;
}

/** Strongly connected groups of two or more files. */
function groups(graph) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const g = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        g.push(w);
      } while (w !== v);
      if (g.length > 1) out.push(g);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** The shortest loop from `file` back to itself (breadth first), as the list of files on it. */
function loopThrough(graph, file) {
  const prev = new Map([[file, null]]);
  const queue = [file];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (w === file) {
        const path = [v];
        for (let p = prev.get(v); p; p = prev.get(p)) path.unshift(p);
        return [...path, file];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return null;
}

/** file → a loop through it, for every file on a cycle; `allowed` edges ("a -> b") are left out. */
export function cycles(root, allowed = []) {
  const graph = importGraph(root);
  for (const edge of allowed) {
    const [a, b] = edge.split(" -> ");
    graph.get(a)?.delete(b);
  }
  const found = new Map();
  for (const g of groups(graph)) for (const f of g) found.set(f, loopThrough(graph, f));
  return found;
}
