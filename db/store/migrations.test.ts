import Database from "libsql";
import { describe, expect, it } from "vitest";
import { migrate, PROJECT_MIGRATIONS } from "./migrations";

describe("project migrations", () => {
  it("rebuild row history without its id index, keeping every entry and its order", () => {
    const db = new Database(":memory:");
    const run = (sql: string) => db.exec(sql);
    const last = PROJECT_MIGRATIONS.length - 1;
    for (const statement of PROJECT_MIGRATIONS.slice(0, last).flat()) run(statement);
    const insert = db.prepare(
      `INSERT INTO _nc_audit (id, fk_model_id, row_id, op_type, description, created_at, updated_at)
       VALUES (?, 'md_1', ?, 'DATA', ?, '2026-01-01', '2026-01-01')`,
    );
    // Ids out of order: history is read by created_at, then insertion order (rowid).
    for (const [id, row] of [
      ["adt_c", "1"],
      ["adt_a", "2"],
      ["adt_b", "1"],
    ])
      insert.run(id, row, `entry ${id}`);
    const before = db.prepare("SELECT * FROM _nc_audit ORDER BY rowid").all();
    expect(migrate(last, run)).toBe(PROJECT_MIGRATIONS.length);
    expect(db.prepare("SELECT * FROM _nc_audit ORDER BY rowid").all()).toEqual(before);
    const indexes = db.prepare("SELECT name FROM pragma_index_list('_nc_audit')").all() as Array<{ name: string }>;
    expect(indexes.map((i) => i.name)).toEqual(["_nc_audit_row"]);
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT * FROM _nc_audit WHERE fk_model_id = 'md_1' AND row_id = '1'")
      .all() as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(" ")).toContain("_nc_audit_row");
  });
});
