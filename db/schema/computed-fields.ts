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
import { fieldType } from "../fields/registry";
import { ROLLUP_FUNCTIONS, ROLLUP_NEEDS_NUMBERS } from "../fields/Rollup";
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
  if (target.uidt === "Formula") return true;
  try {
    return (
      fieldType(computedFilterType(computedSchema(store), computedSchema(store).model(target.modelId), target)).kind ===
      "number"
    );
  } catch {
    return false;
  }
}

const str = (v: unknown, name: string): string => {
  if (typeof v !== "string" || !v) throw bad(`${name} is required`);
  return v;
};

function relationOf(cols: ColumnRow[], id: string): ColumnRow {
  const rel = cols.find((c) => c.id === id && c.uidt === "LinkToAnotherRecord");
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
  if (input.uidt === "LinkToAnotherRecord") {
    const parsed = linkInput.safeParse({
      ...raw,
      childId: raw.childId ?? (input.colOptions as Record<string, unknown> | undefined)?.fk_related_model_id,
    });
    if (!parsed.success) throw bad(parsed.error.issues[0]!.message);
    return createLink(store, model.id, parsed.data);
  }
  const title = checkColumnTitle(input.title);
  const opts = { ...(input.colOptions ?? {}), ...raw };
  if (input.uidt === "Formula")
    return [
      insertVirtual(store, model, title, "Formula", formulaOptions(store, model, opts.formula_raw), input, order, ts),
    ];
  const rel = relationOf(cols, str(opts.fk_relation_column_id, "fk_relation_column_id"));
  let colOptions: Record<string, unknown>;
  if (input.uidt === "Lookup") {
    const target = targetOf(store, rel, str(opts.fk_lookup_column_id, "fk_lookup_column_id"), "fk_lookup_column_id");
    colOptions = { fk_relation_column_id: rel.id, fk_lookup_column_id: target.id };
  } else if (input.uidt === "Rollup") {
    const fn = str(opts.rollup_function, "rollup_function");
    if (!(ROLLUP_FUNCTIONS as readonly string[]).includes(fn))
      throw bad(`rollup_function must be one of ${ROLLUP_FUNCTIONS.join(", ")}`);
    const target = targetOf(store, rel, str(opts.fk_rollup_column_id, "fk_rollup_column_id"), "fk_rollup_column_id");
    if (ROLLUP_NEEDS_NUMBERS.has(fn) && !holdsNumbers(store, target))
      throw bad(`${fn} needs a number column; ${target.title} is ${target.uidt}`);
    colOptions = { fk_relation_column_id: rel.id, fk_rollup_column_id: target.id, rollup_function: fn };
  } else {
    throw bad(`${input.uidt} fields are not available yet`);
  }
  return [insertVirtual(store, model, title, input.uidt, colOptions, input, order, ts)];
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
    if (c.uidt === "Formula" && c.id !== column.id) {
      return formulaRefIds((JSON.parse(c.colOptions ?? "{}") as { formula?: unknown }).formula).has(column.id);
    }
    if (c.uidt !== "Lookup" && c.uidt !== "Rollup") return false;
    const o = JSON.parse(c.colOptions ?? "{}") as Record<string, string>;
    return [o.fk_relation_column_id, o.fk_lookup_column_id, o.fk_rollup_column_id].includes(column.id);
  });
}
