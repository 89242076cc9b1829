import { toTree, type SortKey, type WhereNode } from "../query";
import { quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";
import { buildIndex, indexExists, indexUse, requiredConds, SORT_SLOT } from "./auto-index";
import type { TableRef } from "./table-ref";

/**
 * Indexes for far jumps under a filter and a sort (issue 36: a jump to the middle of 1M filtered,
 * sorted rows took 13 s). An offset read walks the sort index and looks up every row before the
 * offset to test the filter; measured with the sqlite3 shell at 1M rows (`Points > 500`, sorted by
 * price), finding the row at offset 249,000 took 612 ms that way and 24 ms over an index that also
 * holds the filter's columns, as SQLite then reads index entries only (a covering walk). Rules:
 * - the index is (a required `eq` column of the filter, when the sort index leads with one), the
 *   order's keys in their directions (the key last), then the filter's other columns: it answers
 *   "the keys of the row at offset k" alone, and the page is then read by key from there;
 * - only stored, indexable columns (registry `index` not `none`), no computed sort or filter
 *   column, no row rule (its columns would be looked up), at most MAX_FILTER_COLUMNS filter columns
 *   and MAX_PER_TABLE such indexes per table: past them the jump reads by offset as before;
 * - it is also the filtered list's sort index (auto-index.ts ensureIndexes, `INDEXED BY` in
 *   read.ts): it leads with what the sort index leads with, so the page walks it in order and
 *   tests the filter on its entries, looking up only the matching rows; one build serves the pages
 *   and the jumps (with two indexes, the first jump at 1M rows met the sort index's deferred
 *   build: 3.6–4.2 s). A list builds it only where it would build a sort index (none made yet for
 *   its sort), and then as a sort index is built: from BUILD_LATER_FROM rows a moment after the
 *   read, in the sort index's slot (only the sort asked last is built);
 * - made at once on the first far jump under that sort and those filter columns if not yet there
 *   (a build of the table, like a sort index's; the job waiting for it then finds it made), named
 *   `_nc_ix_<table>__jump__...`: an automatic index, so the growth rule (noteInserts) and
 *   dropAutoIndex drop it as they drop the others.
 */
export const MAX_PER_TABLE = 2;
export const MAX_FILTER_COLUMNS = 4;

/** Every column title a filter names, each once, in order; null when it holds no condition. */
function filterTitles(node: WhereNode | null, out: string[] = []): string[] {
  if (!node) return out;
  if (node.type === "cond") {
    if (!out.includes(node.column)) out.push(node.column);
  } else if (node.type === "group") for (const c of node.children) filterTitles(c, out);
  return out;
}

/**
 * The index a far jump under this filter and order walks, made now if the rules allow; null when
 * the jump reads by offset. `order`: the list's sort keys (sortKeys: the sort, then the key).
 * `how`: "now" for a far jump; asked as a filtered list's sort index (auto-index.ts
 * ensureIndexes), "if-made" answers it only when it exists (null otherwise) and "later" builds it
 * as a sort index is built: from BUILD_LATER_FROM rows a moment later in the sort index's slot,
 * false answering that it waits.
 */
export function ensureJumpIndex(
  store: ProjectStore,
  t: TableRef,
  order: readonly SortKey[],
  where: string | WhereNode | null | undefined,
  how: "now" | "later" | "if-made" = "now",
): string | false | null {
  if (t.access?.rule) return null;
  const tree = toTree(where ?? null);
  if (!tree) return null;
  const stored = (name: string) => {
    const c = t.cols.find((x) => x.columnName === name);
    return c && (c.pk || indexUse(c.uidt) !== "none") ? c : undefined;
  };
  const keys = order.map((k) => (k.column.expr || k.column.sortExpr ? undefined : stored(k.column.columnName)));
  if (keys.some((c) => !c)) return null;
  const titles = filterTitles(tree);
  const filterCols = titles.map((title) => t.cols.find((c) => c.title === title));
  if (filterCols.some((c) => !c || (!c.pk && indexUse(c.uidt) === "none"))) return null;
  const keyNames = new Set(keys.map((c) => c!.columnName));
  const rest = filterCols.filter((c) => !c!.pk && !keyNames.has(c!.columnName)).map((c) => c!.columnName);
  if (rest.length > MAX_FILTER_COLUMNS) return null;
  // A required equality leads, as it leads the sort index (auto-index.ts), so the walk is its stretch.
  const eq = requiredConds(tree).find((c) => c.op === "eq" && c.logicalOp !== "not" && c.value);
  const lead = eq ? rest.find((name) => t.cols.find((c) => c.columnName === name)?.title === eq.column) : undefined;
  const trailing = rest.filter((name) => name !== lead);
  const terms = [
    ...(lead ? [quoteIdent(lead)] : []),
    ...order.map((k) => `${quoteIdent(k.column.columnName)}${k.desc ? " DESC" : ""}`),
    ...trailing.map(quoteIdent),
  ];
  const tableName = t.model.tableName;
  const name = `_nc_ix_${tableName}__jump__${[
    ...(lead ? [lead, "eq"] : []),
    ...order.flatMap((k) => [k.column.columnName, k.desc ? "desc" : "asc"]),
    ...(trailing.length ? ["with", ...trailing] : []),
  ].join("__")}`;
  if (store.schemaCache.has(`ix:${name}`)) return name;
  if (how === "if-made") {
    const made = indexExists(store, name);
    if (made) store.schemaCache.set(`ix:${name}`, true);
    return made ? name : null;
  }
  const have = store.exec(
    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND substr(name, 1, ?) = ?",
    tableName,
    `_nc_ix_${tableName}__jump__`.length,
    `_nc_ix_${tableName}__jump__`,
  );
  if (!have.some((r) => r.name === name) && have.length >= MAX_PER_TABLE) return null;
  return buildIndex(store, tableName, name, terms.join(", "), how === "later" ? SORT_SLOT : null);
}
