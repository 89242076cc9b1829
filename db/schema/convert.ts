import { fieldType } from "../fields/registry";
import type { Stored, UIType } from "../fields/types";
import type { ColumnRow, ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { dropAutoIndex } from "../rows/auto-index";
import { dropSearchIndex } from "../rows/search-index-names";
import { optionsOf } from "./column-def";
import { bad } from "../errors";
import { quoteIdent } from "./names";

/**
 * Rules for changing a column's type or options with data in it:
 * - each value goes through the old type's text form into the new type's text parser, the same path a
 *   copy-and-paste takes, so "12" becomes 12 and "yes" becomes checked;
 * - select options renamed (same option id) carry their cells along; removed options empty them;
 * - if any value does not fit the new type, nothing changes and the message shows how many and one example.
 */
const MAX_EXAMPLES = 3;

function selectRenames(from: ColumnRow, to: ColumnRow): Map<string, string | null> {
  const map = new Map<string, string | null>();
  const oldOpts = (optionsOf(from).options ?? []) as Array<{ id?: string; title: string }>;
  const newOpts = (optionsOf(to).options ?? []) as Array<{ id?: string; title: string }>;
  for (const o of oldOpts) {
    const kept = newOpts.find((n) => (o.id && n.id === o.id) || n.title === o.title);
    map.set(o.title, kept ? kept.title : null);
  }
  return map;
}

function remapSelect(value: string, uidt: string, renames: Map<string, string | null>): string | null {
  const parts = fieldType(uidt)?.kind === "multi" ? value.split(",") : [value];
  const kept = parts.map((p) => (renames.has(p) ? renames.get(p) : p)).filter((p): p is string => !!p);
  return kept.length ? kept.join(",") : null;
}

/** Converts the cells of `from` to the type and options of `to`; all or nothing. */
export function convertColumn(store: ProjectStore, model: ModelRow, from: ColumnRow, to: ColumnRow) {
  const sameType = from.uidt === to.uidt;
  const kind = fieldType(to.uidt)?.kind;
  const isSelect = kind === "select" || kind === "multi";
  if (sameType && !isSelect) return;
  const table = quoteIdent(model.tableName);
  const col = quoteIdent(from.columnName!);
  const rows = store.exec(`SELECT rowid AS _rid, ${col} AS v FROM ${table} WHERE ${col} IS NOT NULL`);
  const oldType = fieldType(from.uidt as UIType);
  const newType = fieldType(to.uidt as UIType);
  const oldCtx = { title: from.title, options: optionsOf(from) };
  const newCtx = { title: to.title, options: optionsOf(to) };
  const renames = sameType ? selectRenames(from, to) : null;

  const converted: Array<[number, Stored]> = [];
  const failures: string[] = [];
  let failed = 0;
  for (const r of rows) {
    let text = oldType.formatText(r.v as Stored, oldCtx);
    if (renames) text = remapSelect(text, to.uidt, renames) ?? "";
    const res = newType.parseText(text, newCtx);
    if (res.ok) converted.push([r._rid as number, res.value]);
    else if (failed++ < MAX_EXAMPLES) failures.push(`"${text.slice(0, 40)}"`);
  }
  if (failed) {
    throw bad(
      `Cannot change ${from.title} to ${to.uidt}: ${failed} value${failed > 1 ? "s do" : " does"} not fit (${failures.join(", ")})`,
    );
  }
  const newDecl = newType.storage("sqlite", newCtx.options) ?? "TEXT";
  if (sameType || newDecl === oldType.storage("sqlite", oldCtx.options)) {
    for (const [rid, v] of converted) store.exec(`UPDATE ${table} SET ${col} = ? WHERE rowid = ?`, v, rid);
    return;
  }
  // A different storage class: SQLite cannot alter a column's type, so rebuild just this column.
  const tmp = quoteIdent(`${from.columnName}__new`);
  store.exec(`ALTER TABLE ${table} ADD COLUMN ${tmp} ${newDecl}`);
  for (const [rid, v] of converted) store.exec(`UPDATE ${table} SET ${tmp} = ? WHERE rowid = ?`, v, rid);
  dropAutoIndex(store, model.tableName, from.columnName!);
  dropSearchIndex(store, model.tableName);
  store.exec(`ALTER TABLE ${table} DROP COLUMN ${col}`);
  store.exec(`ALTER TABLE ${table} RENAME COLUMN ${tmp} TO ${col}`);
}
