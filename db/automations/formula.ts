import { bad } from "../errors";
import { virtualColumns } from "../query/computed";
import { ident, param, render, sql } from "../query/sql";
import { tableRef } from "../rows/table-ref";
import { formulaOptions } from "../schema/computed-fields";
import { computedSchema, modelColumns } from "../schema/meta-read";
import type { ColumnRow } from "../store/schema";
import type { ProjectStore } from "../store/store";

/**
 * The formula step: the project's formula engine (db/formula, the Formula field's own checker
 * and SQL compiler) on one record, without saving a field. The formula is checked as a new
 * Formula field of the table would be (a 400 naming what is wrong), compiled to the SQL a
 * Formula column selects, and run on the record's row next to the data.
 */
export function evaluateFormula(store: ProjectStore, tableKey: string, raw: string, rowId: unknown): unknown {
  const t = tableRef(store, tableKey);
  const options = formulaOptions(store, t.model, raw);
  const base = modelColumns(store, t.model.id)[0];
  if (!base) throw bad("The table has no fields");
  const column: ColumnRow = {
    ...base,
    id: "cl_automation_formula",
    title: "__automation_formula",
    columnName: null,
    uidt: "Formula",
    pk: 0,
    pv: 0,
    ai: 0,
    system: 0,
    colOptions: JSON.stringify(options),
  };
  const [v] = virtualColumns(computedSchema(store), t.model, [column]);
  const pk = t.cols.find((c) => c.pk);
  if (!v?.selectExpr || !pk) throw bad("The formula cannot be computed on this table");
  const q = render(
    sql`SELECT ${v.selectExpr} AS ${ident("sqlite", v.columnName)} FROM ${ident("sqlite", t.model.tableName)} WHERE ${ident("sqlite", pk.columnName)} = ${param(String(rowId))}`,
    "sqlite",
  );
  const [row] = store.exec(q.sql, ...(q.params as never[]));
  if (!row) throw bad(`Record '${String(rowId)}' not found`);
  return v.decode(row[v.columnName] ?? null);
}
