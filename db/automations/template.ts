/**
 * The automations' template language: text with `{{ expression }}` holes and `{{#if x}}…{{else}}…{{/if}}`
 * blocks, read by a small parser of our own (no eval, no code from the template ever runs).
 * Rules:
 * - a path reads the run's context: `record.Title`, `steps.2.records.0.Email` (steps count from 1,
 *   as the builder numbers them), `trigger.user.email`; a field title with spaces or dots goes in
 *   brackets: `record.[Due date]`; a missing part reads as empty, never an error;
 * - a helper is called by name with its arguments: `{{eq record.Status "Done"}}`, nested in
 *   parentheses: `{{if (gt record.Amount 100) "big" "small"}}`;
 * - helpers: eq ne gt gte lt lte and or not if default concat upper lower trim length json, numbers
 *   (add sub mul div round number), dates (now today date addDays addHours);
 * - a template that is one hole alone answers the value itself (a number stays a number, a list a
 *   list), so `record_id: "{{steps.1.id}}"` keeps its type; anything else answers text.
 */
export type Context = Record<string, unknown>;

type Expr = { k: "path"; parts: string[] } | { k: "lit"; value: unknown } | { k: "call"; name: string; args: Expr[] };

type Node =
  { k: "text"; text: string } | { k: "hole"; expr: Expr } | { k: "if"; test: Expr; then: Node[]; else: Node[] };

export class TemplateError extends Error {}

const MAX_TEMPLATE = 50_000;

// ---- expressions ----

function tokens(src: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === "(" || ch === ")") {
      out.push(ch);
      i++;
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      let s = "";
      while (j < src.length && src[j] !== ch) {
        if (src[j] === "\\" && j + 1 < src.length) j++;
        s += src[j];
        j++;
      }
      if (j >= src.length) throw new TemplateError(`Unclosed quote in "${src}"`);
      out.push(JSON.stringify(s));
      i = j + 1;
    } else {
      let j = i;
      let s = "";
      while (j < src.length && !/[\s()]/.test(src[j]!)) {
        if (src[j] === "[") {
          const end = src.indexOf("]", j);
          if (end < 0) throw new TemplateError(`Unclosed [ in "${src}"`);
          s += src.slice(j, end + 1);
          j = end + 1;
        } else s += src[j++];
      }
      out.push(s);
      i = j;
    }
  }
  return out;
}

function pathParts(word: string): string[] {
  const parts: string[] = [];
  let i = 0;
  while (i < word.length) {
    if (word[i] === "[") {
      const end = word.indexOf("]", i);
      parts.push(word.slice(i + 1, end));
      i = end + 1;
      if (word[i] === ".") i++;
    } else {
      let j = i;
      while (j < word.length && word[j] !== "." && word[j] !== "[") j++;
      parts.push(word.slice(i, j));
      i = word[j] === "." ? j + 1 : j;
    }
  }
  return parts;
}

function atom(word: string): Expr {
  if (word.startsWith('"')) return { k: "lit", value: JSON.parse(word) };
  if (/^-?\d+(\.\d+)?$/.test(word)) return { k: "lit", value: Number(word) };
  if (word === "true" || word === "false") return { k: "lit", value: word === "true" };
  if (word === "null") return { k: "lit", value: null };
  return { k: "path", parts: pathParts(word) };
}

function parseExpr(src: string): Expr {
  const toks = tokens(src);
  let pos = 0;
  const seq = (closing: boolean): Expr[] => {
    const items: Expr[] = [];
    while (pos < toks.length) {
      const t = toks[pos]!;
      if (t === ")") {
        if (!closing) throw new TemplateError(`Unexpected ) in "${src}"`);
        return items;
      }
      pos++;
      if (t === "(") {
        const inner = seq(true);
        if (toks[pos] !== ")") throw new TemplateError(`Missing ) in "${src}"`);
        pos++;
        items.push(call(inner));
      } else items.push(atom(t));
    }
    if (closing) throw new TemplateError(`Missing ) in "${src}"`);
    return items;
  };
  const call = (items: Expr[]): Expr => {
    if (!items.length) throw new TemplateError("Empty expression");
    const head = items[0]!;
    const args = items.slice(1);
    if (!args.length && !(head.k === "path" && head.parts.length === 1 && HELPERS[head.parts[0]!])) return head;
    if (head.k !== "path" || head.parts.length !== 1 || !HELPERS[head.parts[0]!])
      throw new TemplateError(`Unknown helper in "${src}"`);
    return { k: "call", name: head.parts[0]!, args };
  };
  return call(seq(false));
}

// ---- helpers ----

const num = (v: unknown) => (typeof v === "number" ? v : Number(v ?? 0));
const str = (v: unknown): string =>
  v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);

export function truthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "string") return !["", "0", "false", "null", "undefined"].includes(v.trim().toLowerCase());
  return !!v;
}

function toDate(v: unknown): Date | null {
  if (v instanceof Date) return v;
  if (v === null || v === undefined || v === "") return null;
  const d = new Date(typeof v === "number" ? v : String(v));
  return Number.isNaN(d.getTime()) ? null : d;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** `YYYY MM DD HH mm ss` in UTC; ISO text without a format. */
function formatDate(v: unknown, format?: unknown): string {
  const d = toDate(v);
  if (!d) return "";
  if (typeof format !== "string") return d.toISOString();
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) =>
    t === "YYYY"
      ? String(d.getUTCFullYear())
      : t === "MM"
        ? pad(d.getUTCMonth() + 1)
        : t === "DD"
          ? pad(d.getUTCDate())
          : t === "HH"
            ? pad(d.getUTCHours())
            : t === "mm"
              ? pad(d.getUTCMinutes())
              : pad(d.getUTCSeconds()),
  );
}

const shift = (v: unknown, ms: number) => {
  const d = toDate(v);
  return d ? new Date(d.getTime() + ms).toISOString() : "";
};

const cmp = (a: unknown, b: unknown) =>
  typeof a === "number" || typeof b === "number" ? num(a) - num(b) : str(a).localeCompare(str(b));

const HELPERS: Record<string, (...a: unknown[]) => unknown> = {
  eq: (a, b) => str(a) === str(b),
  ne: (a, b) => str(a) !== str(b),
  gt: (a, b) => cmp(a, b) > 0,
  gte: (a, b) => cmp(a, b) >= 0,
  lt: (a, b) => cmp(a, b) < 0,
  lte: (a, b) => cmp(a, b) <= 0,
  and: (...a) => a.every(truthy),
  or: (...a) => a.some(truthy),
  not: (a) => !truthy(a),
  if: (c, a, b) => (truthy(c) ? a : (b ?? "")),
  default: (a, b) => (truthy(a) ? a : b),
  concat: (...a) => a.map(str).join(""),
  upper: (a) => str(a).toUpperCase(),
  lower: (a) => str(a).toLowerCase(),
  trim: (a) => str(a).trim(),
  length: (a) => (Array.isArray(a) ? a.length : str(a).length),
  json: (a) => JSON.stringify(a ?? null),
  add: (a, b) => num(a) + num(b),
  sub: (a, b) => num(a) - num(b),
  mul: (a, b) => num(a) * num(b),
  div: (a, b) => (num(b) === 0 ? "" : num(a) / num(b)),
  round: (a, d) => {
    const f = 10 ** num(d ?? 0);
    return Math.round(num(a) * f) / f;
  },
  /** A number with a fixed count of decimals and thousands separators: `number x 2`. */
  number: (a, d) =>
    Number.isFinite(num(a))
      ? num(a).toLocaleString("en-US", {
          minimumFractionDigits: num(d ?? 0),
          maximumFractionDigits: num(d ?? 0),
        })
      : "",
  now: () => new Date().toISOString(),
  today: () => new Date().toISOString().slice(0, 10),
  date: formatDate,
  addDays: (v, n) => shift(v, num(n) * 86_400_000),
  addHours: (v, n) => shift(v, num(n) * 3_600_000),
};

export const TEMPLATE_HELPERS = Object.keys(HELPERS);

function lookup(ctx: Context, parts: string[]): unknown {
  let v: unknown = ctx;
  for (const p of parts) {
    // Own members only: `record.constructor` reads nothing of the prototype.
    if (v === null || v === undefined || typeof v !== "object" || !Object.hasOwn(v, p)) return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

function evaluate(e: Expr, ctx: Context): unknown {
  if (e.k === "lit") return e.value;
  if (e.k === "path") return lookup(ctx, e.parts);
  return HELPERS[e.name]!(...e.args.map((a) => evaluate(a, ctx)));
}

// ---- text ----

function parseNodes(src: string): Node[] {
  if (src.length > MAX_TEMPLATE) throw new TemplateError(`A template may be at most ${MAX_TEMPLATE} characters`);
  const root: Node[] = [];
  const stack: Array<{ node: Extract<Node, { k: "if" }>; inElse: boolean }> = [];
  const target = () => {
    const top = stack[stack.length - 1];
    return top ? (top.inElse ? top.node.else : top.node.then) : root;
  };
  let i = 0;
  while (i < src.length) {
    const open = src.indexOf("{{", i);
    if (open < 0) {
      target().push({ k: "text", text: src.slice(i) });
      break;
    }
    if (open > i) target().push({ k: "text", text: src.slice(i, open) });
    const close = src.indexOf("}}", open + 2);
    if (close < 0) throw new TemplateError("A {{ is not closed by }}");
    const inner = src.slice(open + 2, close).trim();
    if (inner.startsWith("#if ")) {
      const node: Extract<Node, { k: "if" }> = { k: "if", test: parseExpr(inner.slice(4)), then: [], else: [] };
      target().push(node);
      stack.push({ node, inElse: false });
    } else if (inner === "else") {
      const top = stack[stack.length - 1];
      if (!top) throw new TemplateError("{{else}} outside {{#if}}");
      top.inElse = true;
    } else if (inner === "/if") {
      if (!stack.pop()) throw new TemplateError("{{/if}} without {{#if}}");
    } else target().push({ k: "hole", expr: parseExpr(inner) });
    i = close + 2;
  }
  if (stack.length) throw new TemplateError("An {{#if}} is not closed by {{/if}}");
  return root;
}

const parsed = new Map<string, Node[]>();

function nodesOf(src: string): Node[] {
  let nodes = parsed.get(src);
  if (!nodes) {
    nodes = parseNodes(src);
    if (parsed.size > 500) parsed.clear();
    parsed.set(src, nodes);
  }
  return nodes;
}

function renderNodes(nodes: Node[], ctx: Context): string {
  let out = "";
  for (const n of nodes) {
    if (n.k === "text") out += n.text;
    else if (n.k === "hole") out += str(evaluate(n.expr, ctx));
    else out += renderNodes(truthy(evaluate(n.test, ctx)) ? n.then : n.else, ctx);
  }
  return out;
}

/** Throws TemplateError naming what is wrong; used when an automation is saved. */
export function checkTemplate(src: string): void {
  nodesOf(src);
}

/** The template's text with its holes filled from `ctx`. */
export function renderText(src: string, ctx: Context): string {
  return renderNodes(nodesOf(src), ctx);
}

/** A template's value: one hole alone keeps its value's type, other text is rendered as text. */
export function render(src: string, ctx: Context): unknown {
  const nodes = nodesOf(src);
  if (nodes.length === 1 && nodes[0]!.k === "hole") return evaluate(nodes[0]!.expr, ctx);
  return renderNodes(nodes, ctx);
}

/** Every string inside a value rendered (objects and lists walked); other values kept. */
export function renderDeep(value: unknown, ctx: Context): unknown {
  if (typeof value === "string") return render(value, ctx);
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, ctx));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderDeep(v, ctx)]));
  return value;
}

/** Every string inside a value checked; answers the first error's message, or null. */
export function templateErrors(value: unknown, path = ""): string | null {
  if (typeof value === "string") {
    try {
      checkTemplate(value);
      return null;
    } catch (err) {
      return `${path || "template"}: ${(err as Error).message}`;
    }
  }
  if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      const e = templateErrors(v, path ? `${path}.${k}` : k);
      if (e) return e;
    }
  return null;
}
