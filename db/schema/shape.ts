import type { ColumnRow, ModelRow, ViewRow } from "../store/schema";
import { jsonObject } from "../fields/column-options";
import { isVirtual, isFormula } from "../fields/registry";
import type { UIType } from "../fields/types";
import { toRaw } from "../formula/refs";

/** Meta objects as the contract returns them (API-CONTRACT 1.10). */

const parse = (text: string | null) => (text ? (JSON.parse(text) as Record<string, unknown>) : null);

/** `filterUidt`: for a computed column, the type its values filter as (db/query/result-type.ts). */
export function columnJson(c: ColumnRow, projectId: string, filterUidt?: UIType) {
  const colOptions = parse(c.colOptions);
  return {
    id: c.id,
    base_id: `ds_${projectId.slice(2)}`,
    project_id: projectId,
    fk_model_id: c.modelId,
    title: c.title,
    column_name: c.columnName,
    uidt: c.uidt,
    dt: c.dt,
    pk: Boolean(c.pk),
    pv: Boolean(c.pv),
    rqd: Boolean(c.rqd),
    ai: Boolean(c.ai),
    un: false,
    unique: Boolean(c.unique),
    cdf: c.cdf,
    virtual: isVirtual(c.uidt as UIType),
    deleted: false,
    system: Boolean(c.system),
    order: c.order,
    meta: parse(c.meta) ?? {},
    description: c.description,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    ...(colOptions ? { colOptions: { ...colOptions, fk_column_id: c.id } } : {}),
    ...(filterUidt ? { filter_uidt: filterUidt } : {}),
  };
}

export type ColumnJson = ReturnType<typeof columnJson>;

export function viewJson(v: ViewRow, projectId: string, model: ModelRow) {
  return {
    id: v.id,
    base_id: `ds_${projectId.slice(2)}`,
    project_id: projectId,
    fk_model_id: v.modelId,
    title: v.title,
    type: v.type,
    is_default: Boolean(v.isDefault),
    show_system_fields: Boolean(v.showSystemFields),
    lock_type: v.lockType,
    created_by: v.createdBy,
    meta: parse(v.meta) ?? {},
    order: v.order,
    show: true,
    ptn: model.tableName,
    _ptn: model.title,
    tn: v.title,
    _tn: v.title,
    created_at: v.createdAt,
    updated_at: v.updatedAt,
  };
}

export function tableJson(m: ModelRow, projectId: string) {
  return {
    id: m.id,
    project_id: projectId,
    base_id: `ds_${projectId.slice(2)}`,
    table_name: m.tableName,
    title: m.title,
    type: m.type,
    meta: parse(m.meta) ?? {},
    schema: null,
    enabled: true,
    mm: Boolean(m.mm),
    tags: null,
    pinned: false,
    deleted: false,
    order: m.order,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
  };
}

/** A table with its columns and views, as `GET /tables/{id}` and column changes answer. */
/** A formula as the user reads it now: its stored `{{cl_id}}` references with today's titles. */
function withCurrentFormula(c: ColumnRow, titles: Map<string, string>): ColumnRow {
  if (!isFormula(c.uidt) || !c.colOptions) return c;
  const o = jsonObject(c.colOptions);
  return typeof o.formula === "string" && o.formula
    ? { ...c, colOptions: JSON.stringify({ ...o, formula_raw: toRaw(o.formula, titles) }) }
    : c;
}

export function fullTableJson(
  m: ModelRow,
  cols: ColumnRow[],
  views: ViewRow[],
  projectId: string,
  filterTypes?: ReadonlyMap<string, UIType>,
) {
  const titles = new Map(cols.map((c) => [c.id, c.title]));
  const columns = cols.map((c) => columnJson(withCurrentFormula(c, titles), projectId, filterTypes?.get(c.id)));
  return {
    ...tableJson(m, projectId),
    columns,
    columnsById: Object.fromEntries(columns.map((c) => [c.id, c])),
    views: views.map((v) => viewJson(v, projectId, m)),
  };
}
