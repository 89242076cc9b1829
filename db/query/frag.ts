/**
 * SQL fragments: text and bound values kept apart (the rules are in sql.ts). Below every dialect
 * (db/query/dialects), which build their SQL from these, and below sql.ts, which renders them
 * per dialect; so this file names no dialect.
 */
type Chunk = string | { value: unknown };
export type { Chunk };

export class Frag {
  constructor(readonly chunks: readonly Chunk[]) {}
}

/** Literal SQL with fragments spliced in; only Frag values are accepted, so no string slips in. */
export function sql(strings: TemplateStringsArray, ...parts: Frag[]): Frag {
  const chunks: Chunk[] = [];
  strings.forEach((text, i) => {
    if (text) chunks.push(text);
    const part = parts[i];
    if (part) chunks.push(...part.chunks);
  });
  return new Frag(chunks);
}

export const param = (value: unknown): Frag => new Frag([{ value }]);

/** SQL text written by the code itself (a constant, a unit, a format), never a user's value. */
export const lit = (text: string): Frag => new Frag([text]);

export function join(frags: readonly Frag[], separator: string): Frag {
  const chunks: Chunk[] = [];
  frags.forEach((f, i) => {
    if (i > 0) chunks.push(separator);
    chunks.push(...f.chunks);
  });
  return new Frag(chunks);
}

/** AND / OR of fragments, each parenthesised. */
export const and = (frags: readonly Frag[]): Frag => (frags.length === 1 ? frags[0]! : join(frags.map(paren), " AND "));
export const or = (frags: readonly Frag[]): Frag => (frags.length === 1 ? frags[0]! : join(frags.map(paren), " OR "));
export const not = (frag: Frag): Frag => sql`NOT (${frag})`;
export const paren = (frag: Frag): Frag => sql`(${frag})`;

/** A quoted identifier's text: embedded closing quote characters are doubled (SQL Server: `[a]]b]`). */
export const quoteWith = ([open, close]: readonly [string, string], name: string): string =>
  open + name.split(close).join(close + close) + close;
