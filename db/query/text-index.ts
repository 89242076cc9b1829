/**
 * A `like` answered through a table's trigram index (db/rows/search-index.ts builds and keeps it).
 * Rules:
 * - The index only narrows: `key IN (SELECT rowid FROM index WHERE column MATCH '"abc" AND "bcd"')`
 *   (every trigram of the term) is ANDed with the `like` itself, so the answer is exactly the
 *   scan's whatever the index folds. That holds because every row the like matches holds the term
 *   as a substring (after ASCII case folding, which the index's Unicode case folding includes), and
 *   so each of its trigrams: the candidates are a superset.
 * - The term is the like's text without its leading and trailing `%`; `_` and `!` are literal in
 *   our patterns (filter-values.ts likePattern escapes them). A `%` left inside (a wildcard), or a
 *   term of fewer than 3 characters (the trigram index matches nothing for it), keeps the scan.
 * - nlike keeps the scan: "not among the candidates" is not a superset of anything. So does a like
 *   under NOT (compile-where.ts): a NULL cell is no candidate (false) where its like is unknown.
 */
import { Frag, and, ident, param, sql } from "./sql";

export interface TextIndex {
  /** The FTS5 table, one column per indexed field. */
  table: string;
  /** The user table's column whose value is the index's rowid (its INTEGER PRIMARY KEY). */
  key: string;
  /** Column name of each field the index holds -> its column in the index. */
  columns: ReadonlyMap<string, string>;
}

/** Fewer characters than this match nothing in a trigram index. */
export const MIN_TERM = 3;

/** The substring a like's value asks for, when the index can find it; else null (scan). */
export function indexTerm(value: string): string | null {
  const term = value.replace(/^%+/, "").replace(/%+$/, "");
  if (term.includes("%")) return null;
  return [...term].length >= MIN_TERM ? term : null;
}

/** A text as one FTS5 string: quoted, its quotes doubled. */
export const ftsString = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The index query for a term: every trigram of it, ANDed. The index keeps no positions
 * (`detail=column`: a smaller index and cheaper writes), so it cannot ask for the trigrams in a row;
 * rows holding them all are a superset of the rows holding the term, which the like then decides.
 */
export function ftsQuery(term: string): string {
  const chars = [...term];
  const grams = new Set<string>();
  for (let i = 0; i + MIN_TERM <= chars.length; i++) grams.add(chars.slice(i, i + MIN_TERM).join(""));
  return [...grams].map(ftsString).join(" AND ");
}

/** `like` on `columnName` narrowed by the index, or the like as it was when the index cannot help. */
export function indexedLike(index: TextIndex | undefined, columnName: string, value: string, like: Frag): Frag {
  const indexed = index?.columns.get(columnName);
  if (!index || indexed === undefined) return like;
  const term = indexTerm(value);
  if (term === null) return like;
  const candidates = sql`${ident("sqlite", index.key)} IN (SELECT rowid FROM ${ident("sqlite", index.table)} WHERE ${ident("sqlite", indexed)} MATCH ${param(ftsQuery(term))})`;
  return and([candidates, like]);
}
