/**
 * Wire types are written once (issue 34): a request or answer shape is declared by the server (a
 * zod schema or a db/ function in db/, or a route's answer in the Worker's `AppType`) and the web
 * derives it (`z.input`, `Answer<route, method>`, `Pick`/`Omit` of those). Two rules, each able to fail:
 *
 * 1. web/api/*.ts declares no shape of its own: an `interface` is refused, and so is a type alias
 *    with an object type of two or more members unless the alias derives from a server type
 *    (`Answer<…>`, `z.input<…>`, `Pick`/`Omit`/`Partial`/`ReturnType` of one, or another derived
 *    alias of web/api) and its object
 *    re-types at most OVERRIDES fields of it (a page's cells as unknown, a column's options as a
 *    record). CLIENT_SHAPES lists the exceptions: the web's own call arguments, never sent or
 *    answered as such.
 * 2. No call asserts its answer's type: `api.get` with a type argument (and post/patch/put/del/request) outside
 *    the client itself is counted per file against KNOWN, which may only go down; a call goes
 *    through `wire` (web/api/wire.ts), whose answer type is the route's.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** The web's own call arguments (which row, which page): no server payload has these shapes. */
const CLIENT_SHAPES: Record<string, string> = {
  "web/api/links-api.ts:LinkTarget": "the row and link column a call names (path parameters)",
  "web/api/links-api.ts:LinkPageQuery": "the page asked for (query parameters)",
  "web/api/rows-api.ts:RowTarget": "the table or view a call names (path parameters)",
  "web/api/rows-api.ts:RowListQuery": "the page asked for (query parameters)",
};

/** At most this many fields of a derived type re-typed in one declaration. */
const OVERRIDES = 3;
const DERIVED = /\b(Answer|Pick|Omit|Partial|Extract|ReturnType|Awaited)<|\bz\.(input|output|infer)</;

/** Calls still asserting their answer, per file, with why. */
const KNOWN: Record<string, number> = {
  // The typed call itself: its type argument is the route's answer (`Answer<P, M>`).
  "web/api/wire.ts": 1,
  // The social sign-in exchange: its path comes from the provider's redirect, its answer is sign-in's.
  "web/lib/auth-api.ts": 1,
  // The public dashboard and widget-data reads: their routes answer the edge cache's stored
  // Response (no JSON type to take), in the shapes of the signed-in reads (`Dashboard`, `WidgetData`).
  "web/dashboards/dashboards-api.ts": 2,
};

function sources(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)) out.push(p);
  }
  return out;
}

/** The body of each `interface X {…}` and `type X = …;` declaration, by name. */
function declarations(text: string): Array<{ name: string; kind: "interface" | "type"; body: string }> {
  const out: Array<{ name: string; kind: "interface" | "type"; body: string }> = [];
  const start = /^(?:export )?(interface|type) (\w+)(?:<[^=]*?>)?\s*(?:=|extends [^{]*\{|\{)/gm;
  for (const m of text.matchAll(start)) {
    let i = m.index + m[0].length;
    let depth = m[0].endsWith("{") ? 1 : 0;
    const from = m[0].endsWith("{") ? i - 1 : i;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === "{" || c === "(" || c === "<" || c === "[") depth++;
      else if (c === "}" || c === ")" || c === ">" || c === "]") depth--;
      if (depth === 0 && (m[1] === "interface" ? c === "}" : c === ";")) break;
    }
    out.push({ name: m[2]!, kind: m[1] as "interface" | "type", body: text.slice(from, i + 1) });
  }
  return out;
}

/** The largest number of members in one object type literal of a declaration. */
function widestObject(body: string): number {
  let widest = 0;
  const stack: number[] = [];
  let depthOther = 0;
  const otherStack: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "{") {
      stack.push(0);
      otherStack.push(depthOther);
      depthOther = 0;
    } else if (c === "}") {
      widest = Math.max(widest, stack.pop() ?? 0);
      depthOther = otherStack.pop() ?? 0;
    } else if (c === "(" || c === "<" || c === "[") depthOther++;
    else if (c === ")" || c === ">" || c === "]") depthOther--;
    else if (stack.length && depthOther === 0) {
      // A member: `name:` or `name?:` at this object's own level (not inside a nested type).
      const m = /^(?:readonly\s+)?["']?[\w-]+["']?\??:/.exec(body.slice(i));
      if (m && /[\s{;,]/.test(body[i - 1] ?? " ")) {
        stack[stack.length - 1]! += 1;
        i += m[0].length - 1;
      }
    }
  }
  return widest;
}

function ownShapes(): string[] {
  const all = sources("web/api").flatMap((file) =>
    declarations(readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "")).map((d) => ({ ...d, file })),
  );
  // Derived: names a server type, or (to a fixed point) another derived declaration of web/api.
  const derived = new Set(all.filter((d) => DERIVED.test(d.body)).map((d) => d.name));
  for (let grew = true; grew;) {
    grew = false;
    for (const d of all) {
      if (derived.has(d.name) || ![...derived].some((n) => new RegExp(`\\b${n}\\b`).test(d.body))) continue;
      derived.add(d.name);
      grew = true;
    }
  }
  return all
    .filter((d) => !(`${d.file}:${d.name}` in CLIENT_SHAPES))
    .filter((d) => {
      const widest = widestObject(d.body);
      return d.kind === "interface" || (widest >= 2 && (!derived.has(d.name) || widest > OVERRIDES));
    })
    .map((d) => `${d.file}:${d.name}`);
}

function assertedCalls(): Record<string, number> {
  const found: Record<string, number> = {};
  const call = /\bapi\.(get|post|patch|put|del|delete|request)</g;
  for (const file of sources("web")) {
    if (file === "web/lib/api-client.ts") continue;
    const n = [...readFileSync(file, "utf8").matchAll(call)].length;
    if (n) found[file] = n;
  }
  return found;
}

describe("wire types written once", () => {
  it("web/api declares no request or answer shape of its own (derive it from db/ or AppType)", () => {
    expect(ownShapes()).toEqual([]);
  });

  it("the rule sees a re-declared shape", () => {
    const text = "export interface Hook { id: string; title: string }\nexport type Log = { id: number; ok: boolean };";
    expect(declarations(text).map((d) => [d.name, d.kind, widestObject(d.body)])).toEqual([
      ["Hook", "interface", 2],
      ["Log", "type", 2],
    ]);
    expect(widestObject("Omit<A, 'children'> & { children?: Filter[] }")).toBe(1);
    expect(DERIVED.test("Omit<A, 'children'> & { children?: Filter[] }")).toBe(true);
    expect(DERIVED.test("{ id: number; ok: boolean }")).toBe(false);
  });

  it("asserts no new answer type: calls go through `wire` (web/api/wire.ts)", () => {
    const over = Object.entries(assertedCalls())
      .filter(([file, n]) => n > (KNOWN[file] ?? 0))
      .map(([file, n]) => `${file}: ${n}`);
    expect(over).toEqual([]);
  });
});
