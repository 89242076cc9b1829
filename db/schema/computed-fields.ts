import { bad } from "../errors";
import { MAX_META_CHARS } from "../limits";
import { newId } from "../ids";
import { columns, type ColumnRow, type ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import type { ColumnInput } from "./column-def";
import { createLink, linkInput, linkOptions } from "./links";
import { checkColumnTitle } from "./names";
import { computedSchema, modelColumns } from "./meta-read";
import { toRaw, toStored, validateFormula } from "../formula";
import { FormulaError } from "../formula/types";
import { Aliases, computedFilterType, formulaResolver } from "../query/computed";
import { fieldType, isLink } from "../fields/registry";
import { ROLLUP_FUNCTIONS } from "../fields/Rollup";
import { computedHooks } from "../fields/computed/registry";
import type { UIType } from "../fields/types";

/**
 * Links, lookups and rollups: columns with no physical storage of their own (contract 4.3 payloads
 * carry their settings at the top level: `childId`/`type`, `fk_relation_column_id`,
 * `fk_lookup_column_id`, `fk_rollup_column_id`, `rollup_function`). A lookup or rollup goes through
 * a link of this table to a column of the linked table, which may itself be computed.
 */
export { ROLLUP_FUNCTIONS };

/**
 * Whether sum and avg may add up a column: a stored one holds numbers (the registry's kind), a
 * computed one answers them (its result type); a formula is accepted whatever its type, as SQLite
 * reads text as 0 in a sum.
 */
function holdsNumbers(store: ProjectStore, target: ColumnRow): boolean {
  if (target.columnName) return fieldType(target.uidt as UIType)?.kind === "number";
  if (fieldType(target.uidt)?.computed?.numeric === "maybe") return true;
  try {
    return (
      fieldType(computedFilterType(computedSchema(store), computedSchema(store).model(target.modelId), target)).kind ===
      "number"
    );
  } catch {
    return false;
  }
}

function relationOf(cols: ColumnRow[], id: string): ColumnRow {
  const rel = cols.find((c) => c.id === id && isLink(c.uidt));
  if (!rel) throw bad("fk_relation_column_id must be a link column of this table");
  return rel;
}

function targetOf(store: ProjectStore, rel: ColumnRow, id: string, name: string): ColumnRow {
  const target = modelColumns(store, linkOptions(rel).fk_related_model_id).find((c) => c.id === id);
  if (!target) throw bad(`${name} must be a column of the linked table`);
  return target;
}

/** Adds a link, lookup or rollup column; returns the ids of every column it created. */
export function addVirtualColumn(
  store: ProjectStore,
  model: ModelRow,
  cols: ColumnRow[],
  input: ColumnInput,
  order: number,
  ts: string,
): string[] {
  const raw = input as Record<string, unknown>;
  const uidt = input.uidt ?? "";
  if (isLink(uidt)) {
    const parsed = linkInput.safeParse({
      ...raw,
      childId: raw.childId ?? (input.colOptions as Record<string, unknown> | undefined)?.fk_related_model_id,
    });
    if (!parsed.success) throw bad(parsed.error.issues[0]!.message);
    return createLink(store, model.id, parsed.data);
  }
  const title = checkColumnTitle(input.title);
  const settings = computedHooks(uidt)?.settings;
  if (!settings) throw bad(`${uidt} fields are not available yet`);
  const colOptions = settings({
    opts: { ...(input.colOptions ?? {}), ...raw },
    relation: (id) => relationOf(cols, id),
    target: (rel, id, name) => targetOf(store, rel, id, name),
    holdsNumbers: (target) => holdsNumbers(store, target),
    formula: (formulaRaw) => formulaOptions(store, model, formulaRaw),
  });
  return [insertVirtual(store, model, title, uidt as UIType, colOptions, input, order, ts)];
}

function insertVirtual(
  store: ProjectStore,
  model: ModelRow,
  title: string,
  uidt: UIType,
  colOptions: object,
  input: ColumnInput,
  order: number,
  ts: string,
) {
  const col: ColumnRow = {
    id: newId("cl_"),
    modelId: model.id,
    title,
    columnName: null,
    uidt,
    dt: null,
    pk: 0,
    pv: 0,
    ai: 0,
    rqd: 0,
    unique: 0,
    system: 0,
    cdf: null,
    meta: "{}",
    colOptions: JSON.stringify(colOptions),
    description: input.description ?? null,
    order,
    createdAt: ts,
    updatedAt: ts,
  };
  store.meta.insert(columns).values(col).run();
  return col.id;
}

/**
 * Checks a formula against the table's columns (types, functions, references, cycles) and gives
 * its stored options: `formula` with `{{cl_id}}` references (so renames keep it working) and
 * `formula_raw` as written. Errors carry the position: `Column 'X' not found at 8`.
 */
export function formulaOptions(store: ProjectStore, model: ModelRow, raw: unknown, selfId?: string) {
  if (typeof raw !== "string" || !raw.trim()) throw bad("formula_raw is required");
  if (raw.length > MAX_META_CHARS) throw bad(`formula_raw exceeds ${MAX_META_CHARS} characters`);
  const names = new Aliases(computedSchema(store));
  if (selfId) names.formulas.push(selfId);
  let result;
  try {
    result = validateFormula(raw, formulaResolver(model, model.tableName, names, 0));
  } catch (err) {
    if (err instanceof FormulaError) throw bad(err.message);
    throw err;
  }
  if (!result.ok) throw bad(result.error);
  const ids = new Map(modelColumns(store, model.id).map((c) => [c.title, c.id]));
  return { formula: toStored(raw, ids), formula_raw: raw };
}

/** The column ids a stored formula (`{{cl_id}}` references) names. */
function formulaRefIds(stored: unknown): Set<string> {
  const ids = new Set<string>();
  if (typeof stored === "string") toRaw(stored, (id) => void ids.add(id));
  return ids;
}

/**
 * Columns that compute from this one: a lookup or rollup through or of it, or a formula that
 * names it (a dropped column would leave every read of the table failing on the missing name).
 */
export function dependents(store: ProjectStore, column: ColumnRow): ColumnRow[] {
  const all = store.meta.select().from(columns).all();
  return all.filter((c) => {
    const reads = fieldType(c.uidt)?.computed;
    if (reads?.formula && c.id !== column.id) {
      return formulaRefIds((JSON.parse(c.colOptions ?? "{}") as { formula?: unknown }).formula).has(column.id);
    }
    if (!reads?.through) return false;
    const through = reads.through(JSON.parse(c.colOptions ?? "{}") as Record<string, unknown>);
    return through.relation === column.id || through.target === column.id;
  });
}
