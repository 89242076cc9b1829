/**
 * Another tab's row insert or delete applied to the grid's loaded pages (RowStore.applyEdit), so
 * the grid follows without refetching what it shows. Pages hold rows by offset: page p holds rows
 * p*size .. p*size+size-1. Rules:
 * - keys are compared as text (events carry row ids as text, rows hold numbers);
 * - delete: the row leaves its page and every later row moves up one place, within the run of
 *   loaded pages that follows; the last page of the run lacks its final row then, so it is fetched
 *   again, as is every loaded page after a gap (its offsets moved); pages past the end go;
 * - insert (only for a grid in the table's own order, where a new row comes last): the row is
 *   added to the last page when that page is loaded (or starts it when the page before is full
 *   and loaded); otherwise only the count grows. A row already loaded is not added again (this
 *   tab's own insert, already fetched);
 * - null: nothing changed here (the caller decides, e.g. refetches when a deleted row was not
 *   loaded).
 */
import type { LoadedPages, PagesEdit } from "../views/grid/data/row-store";
import type { Row } from "./protocol";
import { rowIdOf } from "../lib/row-id";

const sameKey = (a: unknown, b: unknown) => a !== undefined && a !== null && String(a) === String(b);

export function findRow(
  pages: LoadedPages["pages"],
  keyTitle: string,
  key: unknown,
): { page: number; index: number } | null {
  for (const [page, rows] of pages) {
    const index = rows.findIndex((r) => sameKey(rowIdOf(r, keyTitle), key));
    if (index >= 0) return { page, index };
  }
  return null;
}

export function removeRow(loaded: LoadedPages, keyTitle: string, key: unknown): PagesEdit | null {
  const at = findRow(loaded.pages, keyTitle, key);
  if (!at) return null;
  const size = loaded.pageSize;
  const total = Math.max(0, (loaded.totalRows ?? 0) - 1);
  let end = at.page;
  while (loaded.pages.has(end + 1)) end += 1;
  const run: Row[] = [];
  for (let p = at.page; p <= end; p++) run.push(...loaded.pages.get(p)!);
  run.splice(at.index, 1);

  const pages = new Map<number, Row[]>();
  const refetch: number[] = [];
  for (const [p, rows] of loaded.pages) if (p < at.page) pages.set(p, rows.slice());
  for (let p = at.page; p <= end; p++) {
    const rows = run.slice((p - at.page) * size, (p - at.page + 1) * size);
    if (p * size >= total) continue; // past the end now
    pages.set(p, rows);
    const expected = Math.min(size, total - p * size);
    if (rows.length < expected) refetch.push(p);
  }
  for (const p of loaded.pages.keys()) {
    if (p <= end) continue;
    if (p * size >= total) continue;
    pages.set(p, loaded.pages.get(p)!.slice());
    refetch.push(p);
  }
  return { pages, totalRows: total, refetch };
}

export function appendRow(loaded: LoadedPages, keyTitle: string, row: Row): PagesEdit | null {
  if (loaded.totalRows === null || findRow(loaded.pages, keyTitle, rowIdOf(row, keyTitle))) return null;
  const size = loaded.pageSize;
  const total = loaded.totalRows;
  const page = Math.floor(total / size);
  const pages = new Map<number, Row[]>();
  for (const [p, rows] of loaded.pages) pages.set(p, rows.slice());
  const last = pages.get(page);
  if (last && last.length === total - page * size) last.push(row);
  else if (!last && total % size === 0 && (page === 0 || pages.get(page - 1)?.length === size)) pages.set(page, [row]);
  return { pages, totalRows: total + 1, refetch: [] };
}
