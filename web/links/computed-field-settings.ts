/**
 * The field editor's side of links, lookups, rollups and formulas (API-CONTRACT 4.3). Rules:
 * - Their settings go at the top level of the create payload: a link's `childId` and `type`, a
 *   lookup's `fk_relation_column_id` and `fk_lookup_column_id`, a rollup's `fk_rollup_column_id`
 *   and `rollup_function`, a formula's `formula_raw`. A new link is has-many unless chosen.
 * - Once made, a link, lookup or rollup keeps its settings: an edit sends the name only (and
 *   `rqd` for a belongs-to link, SPEC 5); a formula edit sends the new `formula_raw`. Neither
 *   sends meta or colOptions, so the server keeps them.
 * - sum and avg (also distinct) need a number column on the other side, as the server checks.
 * - For the formula check in the browser, computed columns stand in as the server reads them:
 *   links and hm/mm lookups as text, rollups as numbers, bt lookups as the column they show.
 */
import type { ResolverColumn } from "../../db/formula/columns";
import { toRaw } from "../../db/formula/refs";
import { ROLLUP_FUNCTIONS } from "../../db/fields/Rollup";
import { fieldType, isVirtual } from "../../db/fields/registry";
import type { UIType, VirtualUIType } from "../../db/fields/types";
import type { Column, ColumnPayload, TableMeta } from "../api/types";

export type RollupFunction = (typeof ROLLUP_FUNCTIONS)[number];
export { ROLLUP_FUNCTIONS };

export type { VirtualUIType };
export const LINK_TYPES = ["hm", "bt", "mm"] as const;

export type VirtualProblem =
  | "links.editor.needTable"
  | "links.editor.needLink"
  | "links.editor.needField"
  | "links.editor.needFunction"
  | "links.formula.needFormula";

/** Number columns (the registry's value kind), and rollups and formulas, which may answer numbers. */
const numeric = (uidt: string) => fieldType(uidt)?.kind === "number" || uidt === "Rollup" || uidt === "Formula";
const NEEDS_NUMBERS: ReadonlySet<string> = new Set(["sum", "avg", "sumDistinct", "avgDistinct"]);

export function isVirtualType(uidt: string): uidt is VirtualUIType {
  return isVirtual(uidt);
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

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
  return uidt === "LinkToAnotherRecord" && column?.uidt === uidt && column.colOptions?.type === "bt";
}

/** What must still be chosen before the field can be saved, or null. */
export function virtualProblem(uidt: VirtualUIType, options: Record<string, unknown>): VirtualProblem | null {
  if (uidt === "LinkToAnotherRecord") return text(options.fk_related_model_id) ? null : "links.editor.needTable";
  if (uidt === "Formula") return text(options.formula_raw).trim() ? null : "links.formula.needFormula";
  if (!text(options.fk_relation_column_id)) return "links.editor.needLink";
  if (uidt === "Lookup") return text(options.fk_lookup_column_id) ? null : "links.editor.needField";
  if (!text(options.fk_rollup_column_id)) return "links.editor.needField";
  return (ROLLUP_FUNCTIONS as readonly string[]).includes(text(options.rollup_function))
    ? null
    : "links.editor.needFunction";
}

/** The create or update payload of a virtual field. */
export function virtualPayload(
  uidt: VirtualUIType,
  title: string,
  options: Record<string, unknown>,
  original?: Column,
  rqd = false,
): ColumnPayload {
  if (original) {
    const payload: ColumnPayload = { title, uidt };
    if (uidt === "Formula") payload.formula_raw = text(options.formula_raw);
    if (uidt === "LinkToAnotherRecord" && original.colOptions?.type === "bt") payload.rqd = rqd;
    return payload;
  }
  if (uidt === "LinkToAnotherRecord") {
    const type = (LINK_TYPES as readonly string[]).includes(text(options.type))
      ? (options.type as ColumnPayload["type"])
      : "hm";
    return { title, column_name: title, uidt, childId: text(options.fk_related_model_id), type };
  }
  if (uidt === "Formula") return { title, column_name: title, uidt, formula_raw: text(options.formula_raw) };
  const relation = { title, column_name: title, uidt, fk_relation_column_id: text(options.fk_relation_column_id) };
  if (uidt === "Lookup") return { ...relation, fk_lookup_column_id: text(options.fk_lookup_column_id) };
  return {
    ...relation,
    fk_rollup_column_id: text(options.fk_rollup_column_id),
    rollup_function: text(options.rollup_function),
  };
}

/** The link columns of a table (what lookups and rollups go through). */
export function linkColumns(table: TableMeta): Column[] {
  return table.columns.filter((c) => c.uidt === "LinkToAnotherRecord" && !c.system);
}

/** Columns of the linked table a lookup or rollup may read. */
export function targetColumns(related: TableMeta): Column[] {
  return related.columns.filter((c) => !c.system && c.uidt !== "ForeignKey");
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
  const stand = (c: Column): UIType => {
    if (c.uidt === "Rollup") return "Decimal";
    if (c.uidt === "LinkToAnotherRecord") return "LongText";
    if (c.uidt !== "Lookup") return c.uidt;
    const link = byId.get(text(c.colOptions?.fk_relation_column_id));
    if (link?.colOptions?.type !== "bt") return "LongText";
    const target = related(text(link.colOptions?.fk_related_model_id))?.columns.find(
      (x) => x.id === c.colOptions?.fk_lookup_column_id,
    );
    if (!target) return "LongText";
    if (target.uidt === "Rollup") return "Decimal";
    return isVirtual(target.uidt) ? "LongText" : target.uidt;
  };
  return columns.map((c) => ({
    title: c.title,
    columnName: c.column_name ?? c.title,
    uidt: stand(c),
    ...(c.uidt === "Formula" ? { options: { formula_raw: formulaRawOf(c, columns) } } : {}),
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
