import { compileList, type ListParams } from "../query";
import { anonymousReader } from "./row-users";
import type { ProjectStore, SqlRow } from "../store/store";
import { queryTable } from "./read";
import { tableRef, type TableRef } from "./table-ref";
import type { RowColumn } from "./values";
import { viewOfTable } from "../views/lookup";
import { scopeParams, type RowScope } from "../views/scope";

/**
 * CSV export in batches (contract 5.4). Rules:
 * - each response holds up to BATCH_ROWS rows from `offset`, read PAGE rows at a time, with a
 *   header row of titles; `next` is the offset to ask for next, or -1 when the data ends;
 * - RFC 4180 quoting; a cell that a spreadsheet would run as a formula (starting with = or @,
 *   tab or carriage return, or + or - when it is not a plain number) is prefixed with a quote;
 *   negative numbers stay numbers, so an export imports back unchanged;
 * - cells are the field types' text form (the same text paste and import read back);
 *   attachments are `title(url)` entries joined with commas.
 */
const PAGE = 1000;
const BATCH_ROWS = 50_000;

function csvCell(text: string): string {
  const formulaLike = /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-]?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text));
  const safe = formulaLike ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function cellText(c: RowColumn, stored: unknown): string {
  if (stored === null || stored === undefined) return "";
  if (c.uidt === "Attachment") {
    const files = JSON.parse(String(stored)) as Array<{ title?: string; url?: string; path?: string }>;
    return files.map((f) => `${f.title ?? ""}(${f.url ?? f.path ?? ""})`).join(", ");
  }
  return c.type.formatText(stored as string | number, c.ctx);
}

const nameOf = (user: unknown): string => (user as { display_name?: string | null } | null)?.display_name ?? "";

/** Computed values as text: links and lists joined with ", " (display values for links). */
function computedText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(computedText).filter(Boolean).join(", ");
  if (typeof value === "object") {
    const parts = Object.values(value as Record<string, unknown>);
    return computedText(parts[parts.length - 1]);
  }
  return String(value);
}

function cellOf(t: TableRef, id: string, anonymous: boolean): { title: string; text: (raw: SqlRow) => string } {
  const stored = t.cols.find((c) => c.id === id);
  // No e-mail addresses for readers without an account: the person's name only.
  if (stored?.type.writtenBy && anonymous) return { title: stored.title, text: (raw) => nameOf(stored.type.toApi(raw[stored.columnName] ?? null, stored.ctx)) };
  if (stored) return { title: stored.title, text: (raw) => cellText(stored, raw[stored.columnName]) };
  const v = t.virtual.find((c) => c.id === id)!;
  return { title: v.title, text: (raw) => computedText(v.decode(raw[v.columnName] ?? null)) };
}

/** `scope`: the view and the JSON extras (views/scope.ts); the file is named after the view. */
export function exportCsv(store: ProjectStore, tableKey: string, params: ListParams, scope?: RowScope) {
  const t = tableRef(store, tableKey);
  const table = queryTable(t);
  const scoped = scopeParams(store, t, table, params, scope);
  let cells: Array<{ title: string; text: (raw: SqlRow) => string }> = [];
  const lines: string[] = [];
  let offset = params.offset;
  let next = -1;
  for (let read = 0; read < BATCH_ROWS; read += PAGE) {
    const compiled = compileList({ dialect: "sqlite", table, ...scoped, limit: PAGE, offset, me: scope?.caller?.userId ?? null });
    if (!cells.length) {
      cells = compiled.select.map((s) => cellOf(t, s.id, anonymousReader(scope)));
      lines.push(cells.map((c) => csvCell(c.title)).join(","));
    }
    const rows = store.exec(compiled.list.sql, ...(compiled.list.params as never[]));
    for (const raw of rows) lines.push(cells.map((c) => csvCell(c.text(raw))).join(","));
    offset += rows.length;
    if (rows.length < PAGE) break;
    if (read + PAGE >= BATCH_ROWS) next = offset;
  }
  const title = scope?.view ? viewOfTable(store, t.model.id, scope.view).title : t.model.title;
  return { csv: `${lines.join("\r\n")}\r\n`, next, title };
}
