/**
 * The SQL Server adapter's pure parts (no SQL Server runs here): default constraint texts, type
 * texts, the TDS type each bound value gets, how introspected types map to field types, and the
 * DDL written for SQL Server.
 */
import { TYPES } from "tedious";
import { describe, expect, it } from "vitest";
import { addColumnSql, createTableSql, renameColumnSql, renameTableSql } from "./ddl";
import { fromDialectValue, toDialectValue } from "../query/dialect-values";
import { mapColumnType } from "./map-type";
import { mssqlDefault, mssqlTypeText, tdsParam } from "./mssql";
import type { SourceColumn } from "./driver";

const column = (dt: string, extra: Partial<SourceColumn> = {}): SourceColumn => ({
  name: "c",
  dt,
  type: dt,
  nullable: true,
  default: null,
  ai: false,
  pk: 0,
  ...extra,
});

describe("SQL Server adapter", () => {
  it("reads default constraints as their values, keeping expressions", () => {
    expect(mssqlDefault("((0))")).toBe("0");
    expect(mssqlDefault("(N'it''s')")).toBe("it's");
    expect(mssqlDefault("('a')")).toBe("a");
    expect(mssqlDefault("(getdate())")).toBe("getdate()");
    expect(mssqlDefault("((1)+(2))")).toBe("(1)+(2)");
    expect(mssqlDefault("(NULL)")).toBeNull();
    expect(mssqlDefault(null)).toBeNull();
  });

  it("writes full type texts as SQL Server does", () => {
    expect(mssqlTypeText("nvarchar", 40, null, null)).toBe("nvarchar(40)");
    expect(mssqlTypeText("varchar", -1, null, null)).toBe("varchar(max)");
    expect(mssqlTypeText("decimal", null, 10, 2)).toBe("decimal(10,2)");
    expect(mssqlTypeText("int", null, 10, 0)).toBe("int");
  });

  it("binds each value with the TDS type its JavaScript type asks for", () => {
    expect(tdsParam(null).type).toBe(TYPES.NVarChar);
    expect(tdsParam(true)).toEqual({ type: TYPES.Bit, value: true });
    expect(tdsParam(7).type).toBe(TYPES.Int);
    expect(tdsParam(2 ** 40).type).toBe(TYPES.BigInt);
    expect(tdsParam(1.5).type).toBe(TYPES.Float);
    // Past bigint's range (a formula's 99999999999999999999) tedious would refuse a BigInt.
    expect(tdsParam(1e20)).toEqual({ type: TYPES.Float, value: 1e20 });
    expect(tdsParam(-(2 ** 63)).type).toBe(TYPES.Float);
    expect(() => TYPES.BigInt.validate(1e20, undefined as never)).toThrow(TypeError);
    expect(() => TYPES.BigInt.validate(tdsParam(2 ** 62).value, undefined as never)).not.toThrow();
    expect(tdsParam("x").type).toBe(TYPES.NVarChar);
    expect(tdsParam({ a: 1 })).toEqual({ type: TYPES.NVarChar, value: '{"a":1}' });
  });

  it("maps SQL Server column types to field types", () => {
    const uidt = (c: SourceColumn) => mapColumnType(c, "mssql").uidt;
    expect(uidt(column("bit"))).toBe("Checkbox");
    expect(uidt(column("int"))).toBe("Number");
    expect(uidt(column("bigint"))).toBe("Number");
    expect(uidt(column("decimal"))).toBe("Decimal");
    expect(uidt(column("money"))).toBe("Decimal");
    expect(uidt(column("datetime2"))).toBe("DateTime");
    expect(uidt(column("datetimeoffset"))).toBe("DateTime");
    expect(uidt(column("date"))).toBe("Date");
    expect(uidt(column("nvarchar", { maxLength: 100 }))).toBe("SingleLineText");
    expect(uidt(column("nvarchar", { maxLength: -1 }))).toBe("LongText");
    expect(uidt(column("ntext"))).toBe("LongText");
    // SQL Server's timestamp is rowversion (binary), not a moment.
    expect(uidt(column("timestamp"))).toBe("SpecificDBType");
    expect(uidt(column("uniqueidentifier"))).toBe("SpecificDBType");
  });

  it("writes T-SQL DDL: IDENTITY key, ADD without COLUMN, sp_rename with names as literals", () => {
    expect(createTableSql("mssql", "t", [{ title: "Done", column_name: "done", uidt: "Checkbox" }])).toBe(
      "CREATE TABLE [t] ([id] int IDENTITY(1,1) NOT NULL PRIMARY KEY, [done] bit)",
    );
    expect(addColumnSql("mssql", "t", { name: "n", type: "nvarchar(255)" })).toBe(
      "ALTER TABLE [t] ADD [n] nvarchar(255)",
    );
    expect(renameColumnSql("mssql", "t'x", "a", "b")).toBe("EXEC sp_rename N'[t''x].[a]', N'b', 'COLUMN'");
    expect(renameTableSql("mssql", "old", "new")).toBe("EXEC sp_rename N'[old]', N'new'");
    expect(renameTableSql("pg", "old", "new")).toBe('ALTER TABLE "old" RENAME TO "new"');
    expect(renameTableSql("mysql", "old", "new")).toBe("RENAME TABLE `old` TO `new`");
  });

  it("binds bits and zone-less instants, and reads tedious's UTC Date objects as the stored forms", () => {
    expect(toDialectValue("Checkbox", 1, "mssql")).toBe(true);
    expect(toDialectValue("Checkbox", 0, "mssql")).toBe(false);
    expect(toDialectValue("DateTime", "2024-03-15T08:30:00.000Z", "mssql")).toBe("2024-03-15 08:30:00.000");
    expect(fromDialectValue("Date", new Date("2024-02-29T00:00:00.000Z"), "mssql")).toBe("2024-02-29");
    expect(fromDialectValue("Time", new Date("1970-01-01T23:05:09.000Z"), "mssql")).toBe("23:05:09");
    expect(fromDialectValue("DateTime", new Date("2024-03-15T08:30:00.000Z"), "mssql")).toBe(
      "2024-03-15T08:30:00.000Z",
    );
    expect(fromDialectValue("Checkbox", true, "mssql")).toBe(1);
    expect(fromDialectValue("Number", "42", "mssql")).toBe(42); // tedious returns bigint as text
  });
});
