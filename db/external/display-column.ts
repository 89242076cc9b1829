/**
 * Which column of a table read from a database shows a record (its display value: link chips,
 * pickers, expanded-record titles). Rules, the highest score wins, ties go to the earlier column:
 * - only columns that hold text a person reads (the field type's kind is text or select and the
 *   search box matches it by substring), never the key;
 * - +4 when the name says it names the record (name, title, label, full/display/user name, email, code);
 * - +2 when the database forbids NULL in it: a nullable column (a `note`) leaves chips blank;
 * - +1 when it is short text (the type may be indexed: not a long text);
 * - no such column: the first column that is not the key, else the first.
 */
import { fieldType } from "../fields/registry";
import type { ColumnRow } from "../store/schema";

const NAMES = /^(name|title|label|full_?name|display_?name|user_?name|email|code)$/i;

function score(c: ColumnRow): number {
  const type = fieldType(c.uidt);
  if (c.pk || !type || (type.kind !== "text" && type.kind !== "select") || type.search !== "like") return -1;
  return (NAMES.test(c.columnName ?? c.title) ? 4 : 0) + (c.rqd ? 2 : 0) + (type.index !== "none" ? 1 : 0);
}

export function displayColumn(all: readonly ColumnRow[]): ColumnRow | undefined {
  let best: ColumnRow | undefined;
  let bestScore = -1;
  for (const c of all) {
    const s = score(c);
    if (s > bestScore) [best, bestScore] = [c, s];
  }
  return best ?? all.find((c) => !c.pk) ?? all[0];
}
