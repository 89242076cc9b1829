/**
 * The two text forms of a formula (API-CONTRACT 4.3): `formula_raw` names columns by title,
 * `{Title}`; the stored `formula` names them by id, `{{cl_id}}`. Rules:
 * - Only references change; everything else (spacing, quotes, string contents) is kept as typed.
 * - A bare-word column (`Qty * 2`) becomes `{{id}}` too; toRaw always writes `{Title}`.
 * - A reference the map does not know is left as it was (validation reports it).
 */
import { tokenize, type Token } from "./lexer";
import type { FormulaNode } from "./types";

export type NameMap =
  ReadonlyMap<string, string> | Readonly<Record<string, string>> | ((name: string) => string | undefined);

const lookup = (map: NameMap, key: string): string | undefined =>
  typeof map === "function"
    ? map(key)
    : map instanceof Map
      ? map.get(key)
      : Object.hasOwn(map, key)
        ? (map as Record<string, string>)[key]
        : undefined;

/** Column-reference tokens: braced refs, and bare words that are neither calls nor true/false. */
type Ref = { name: string; start: number; end: number };

function refTokens(text: string): Ref[] {
  const tokens = tokenize(text);
  return tokens.flatMap((t: Token, i): Ref[] => {
    if (t.t === "ref") return [t];
    if (t.t !== "ident" || /^(true|false)$/i.test(t.name)) return [];
    const next = tokens[i + 1];
    return next?.t === "op" && next.value === "(" ? [] : [t];
  });
}

function rewrite(text: string, replace: (name: string) => string | undefined): string {
  let out = "";
  let at = 0;
  for (const ref of refTokens(text)) {
    const replacement = replace(ref.name);
    if (replacement === undefined) continue;
    out += text.slice(at, ref.start) + replacement;
    at = ref.end;
  }
  return out + text.slice(at);
}

/** `{Title}` → `{{cl_id}}`. */
export function toStored(raw: string, titleToId: NameMap): string {
  return rewrite(raw, (title) => {
    const id = lookup(titleToId, title);
    return id === undefined ? undefined : `{{${id}}}`;
  });
}

/** `{{cl_id}}` → `{Title}`. Titles never contain `}` (the field editor rejects it). */
export function toRaw(stored: string, idToTitle: NameMap): string {
  return rewrite(stored, (id) => {
    const title = lookup(idToTitle, id);
    return title === undefined ? undefined : `{${title}}`;
  });
}

/** Column names a tree refers to, each once, in order of first use. */
export function referencesOf(node: FormulaNode): string[] {
  const seen = new Set<string>();
  const walk = (n: FormulaNode): void => {
    if (n.kind === "column") seen.add(n.name);
    else if (n.kind === "call") n.args.forEach(walk);
    else if (n.kind === "unary") walk(n.arg);
    else if (n.kind === "binary") {
      walk(n.left);
      walk(n.right);
    }
  };
  walk(node);
  return [...seen];
}
