/**
 * A `like` answered through a table's trigram index (db/rows/search-index.ts builds and keeps it).
 * Rules:
 * - The index only narrows: `key IN (SELECT rowid FROM index WHERE column MATCH "term")` is ANDed
 *   with the `like` itself, so the answer is exactly the scan's whatever the index folds (case,
 *   accents). That holds because every row the like matches holds the term as a substring (after
 *   ASCII case folding, which the index's case folding includes): the candidates are a superset.
 * - The term is the like's text without its leading and trailing `%`; `_` and `!` are literal in
 *   our patterns (filter-values.ts likePattern escapes them). A `%` left inside (a wildcard), or a
 *   term of fewer than 3 characters (the trigram index matches nothing for it), keeps the scan.
 * - nlike keeps the scan: "not among the candidates" is not a superset of anything.
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

/** The term as one FTS5 string (a phrase of its trigrams): quoted, its quotes doubled. */
export const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** `like` on `columnName` narrowed by the index, or the like as it was when the index cannot help. */
export function indexedLike(index: TextIndex | undefined, columnName: string, value: string, like: Frag): Frag {
  const indexed = index?.columns.get(columnName);
  if (!index || indexed === undefined) return like;
  const term = indexTerm(value);
  if (term === null) return like;
  const candidates = sql`${ident("sqlite", index.key)} IN (SELECT rowid FROM ${ident("sqlite", index.table)} WHERE ${ident("sqlite", indexed)} MATCH ${param(ftsPhrase(term))})`;
  return and([candidates, like]);
}
