/**
 * The field editor's side of links, lookups, rollups and formulas (API-CONTRACT 4.3); what it
 * sends is each type's `settings` (web/fields/computed-payload.ts). Rules:
 * - sum and avg (also distinct) need a number column on the other side, as the server checks.
 * - For the formula check in the browser, computed columns stand in as the server reads them:
 *   links and hm/mm lookups as text, rollups as numbers, bt lookups as the column they show.
 */
import type { ResolverColumn } from "../../db/formula/columns";
import { toRaw } from "../../db/formula/refs";
import { ROLLUP_FUNCTIONS } from "../../db/fields/Rollup";
import { fieldType, isFormula, isHidden, isLink, isVirtual } from "../../db/fields/registry";
import type { UIType, VirtualUIType } from "../../db/fields/types";
import type { Column, TableMeta } from "../api/types";
import { settingText as text } from "../fields/common/setting-text";

export type RollupFunction = (typeof ROLLUP_FUNCTIONS)[number];
export { ROLLUP_FUNCTIONS };

export type { VirtualUIType };
export const LINK_TYPES = ["hm", "bt", "mm"] as const;

/** Number columns (the registry's value kind), and rollups and formulas, which may answer numbers. */
const numeric = (uidt: string) => {
  const type = fieldType(uidt);
  return type?.kind === "number" || type?.computed?.numeric !== undefined;
};
const NEEDS_NUMBERS: ReadonlySet<string> = new Set(["sum", "avg", "sumDistinct", "avgDistinct"]);

export function isVirtualType(uidt: string): uidt is VirtualUIType {
  return isVirtual(uidt);
}

/**
 * Whether an existing column may become this type: a stored field stays stored (the server
 * converts its values), a link or computed field keeps its type. A new field takes any.
 */
export function canBecome(column: Column | null | undefined, uidt: string): boolean {
  if (!column) return true;
  return isVirtualType(column.uidt) ? uidt === column.uidt : !isVirtualType(uidt);
}

/** Whether the field editor offers "Required": stored fields, and a belongs-to link once made (SPEC 5). */
export function takesRequired(uidt: string, column?: Column | null): boolean {
  // The server fills these (Created by, Created time, …): a user never could, so "required" means nothing.
  const type = fieldType(uidt);
  if (type && !type.virtual && (type.readOnly || type.writtenBy)) return false;
  if (!isVirtualType(uidt)) return true;
  return isLink(uidt) && column?.uidt === uidt && column.colOptions?.type === "bt";
}

/** The link columns of a table (what lookups and rollups go through). */
export function linkColumns(table: TableMeta): Column[] {
  return table.columns.filter((c) => isLink(c.uidt) && !c.system);
}

/** Columns of the linked table a lookup or rollup may read. */
export function targetColumns(related: TableMeta): Column[] {
  return related.columns.filter((c) => !c.system && !isHidden(c.uidt));
}

/** Rollup functions offered for a column of this type. */
export function rollupFunctionsFor(uidt: string | undefined): RollupFunction[] {
  if (!uidt) return [];
  return ROLLUP_FUNCTIONS.filter((fn) => !NEEDS_NUMBERS.has(fn) || numeric(uidt));
}

/** The function to keep when the rolled-up field changes: the current one when it still fits. */
export function fittingRollup(current: unknown, uidt: string): RollupFunction {
  const offered = rollupFunctionsFor(uidt);
  if (offered.includes(current as RollupFunction)) return current as RollupFunction;
  return numeric(uidt) ? "sum" : "count";
}

/**
 * The table's columns as formula inputs. `related` gives the metas of linked tables when known,
 * so a lookup through a belongs-to link reads as the column it shows.
 */
export function formulaInputs(
  columns: readonly Column[],
  related: (tableId: string) => TableMeta | undefined = () => undefined,
): ResolverColumn[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  // A rollup reads as a number, any other computed column seen through a link as text.
  const throughLink = (c: Column): UIType =>
    fieldType(c.uidt)?.computed?.numeric === "always" ? "Decimal" : isVirtual(c.uidt) ? "LongText" : c.uidt;
  const stand = (c: Column): UIType => {
    const computed = fieldType(c.uidt)?.computed;
    // Stored columns read as themselves, and formulas are checked from their text (below).
    if (!computed || computed.formula) return c.uidt;
    if (computed.numeric === "always") return "Decimal";
    const through = computed.through?.(c.colOptions ?? {});
    // A link, and a lookup through a list link: its values joined as text.
    if (!through) return "LongText";
    const link = byId.get(text(through.relation));
    if (link?.colOptions?.type !== "bt") return "LongText";
    const target = related(text(link.colOptions?.fk_related_model_id))?.columns.find((x) => x.id === through.target);
    return target ? throughLink(target) : "LongText";
  };
  return columns.map((c) => ({
    title: c.title,
    columnName: c.column_name ?? c.title,
    uidt: stand(c),
    ...(isFormula(c.uidt) ? { options: { formula_raw: formulaRawOf(c, columns) } } : {}),
  }));
}

/** A formula column's text with the current titles (the stored `formula` names columns by id). */
export function formulaRawOf(column: Pick<Column, "colOptions">, columns: readonly Column[]): string {
  const stored = column.colOptions?.formula;
  if (typeof stored === "string" && stored !== "") {
    try {
      return toRaw(stored, new Map(columns.map((c) => [c.id, c.title])));
    } catch {
      // A stored text the lexer refuses: show what was typed.
    }
  }
  return text(column.colOptions?.formula_raw);
}
