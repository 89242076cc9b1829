import { describe, expect, it } from "vitest";
import { render } from "../query/sql";
import type { Dialect } from "../fields/types";
import { testResolver } from "./test-resolver";
import { columnResolver, formulaValue, physicalSql } from "./columns";
import { compileFormulaText } from "./compile";
import { argSpecAt, arity, functionSpec, FORMULA_FUNCTIONS } from "./functions";
import { FormulaError } from "./types";
import { validateFormula } from "./validate";
import { ident } from "../query/sql";
import { checkTsqlShape } from "../../tests/support/tsql-shape";

const DIALECTS: Dialect[] = ["sqlite", "pg", "mysql", "mssql"];
const NOW = new Date("2024-03-15T12:34:56.789Z");
const out = (text: string, d: Dialect) => {
  const c = compileFormulaText(text, d, testResolver, { now: NOW });
  return { ...render(c.sql, d), type: c.type };
};

describe("compileFormula", () => {
  it("binds NOW() from the injected clock, in UTC without fractions", () => {
    for (const d of DIALECTS) {
      const { sql, params } = out("NOW()", d);
      expect(params).toEqual(["2024-03-15 12:34:56"]);
      expect(sql).not.toContain("2024");
    }
    const live = render(compileFormulaText("NOW()", "sqlite", testResolver).sql, "sqlite").params[0];
    expect(live).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("binds every literal and types it for pg", () => {
    expect(out("{Qty} + 1.5", "sqlite")).toMatchObject({ sql: '(("qty") + ?)', params: [1.5] });
    expect(out("{Qty} + 1.5", "pg")).toMatchObject({
      sql: 'CAST((("qty") + CAST($1 AS double precision)) AS double precision)',
      params: [1.5],
    });
    expect(out("{Qty} + 1.5", "mysql")).toMatchObject({
      sql: "CAST(((`qty`) + CAST(? AS DOUBLE)) AS DOUBLE)",
      params: [1.5],
    });
    expect(out("'a' & {Name}", "pg").sql).toContain("CAST($1 AS text)");
    expect(out("true", "pg")).toMatchObject({ sql: "TRUE", params: [], type: "boolean" });
    expect(out("false", "sqlite")).toMatchObject({ sql: "0", params: [] });
  });

  it("gives the result type", () => {
    expect(out("{Qty} > 1", "sqlite").type).toBe("boolean");
    expect(out("DATEADD({Due}, 1, 'day')", "pg").type).toBe("date");
    expect(out("CONCAT({Qty})", "mysql").type).toBe("string");
  });

  it("divides as reals and blanks division by zero", () => {
    expect(out("{Qty} / {Price}", "sqlite").sql).toBe('(CAST(("qty") AS REAL) / NULLIF(CAST(("price") AS REAL), 0))');
  });

  it("compares text exactly on mysql and by code point on pg", () => {
    expect(out("{Name} = 'a'", "mysql").sql).toContain("CAST((`name`) AS BINARY) = CAST(? AS BINARY)");
    expect(out("{Name} < 'a'", "pg").sql).toContain('COLLATE "C"');
  });

  it("throws FormulaError for formulas that do not check", () => {
    expect(() => compileFormulaText("FOO()", "sqlite", testResolver)).toThrow(FormulaError);
    expect(() => compileFormulaText("FOO()", "sqlite", testResolver)).toThrow("Unknown function FOO at 1");
  });

  it.each(FORMULA_FUNCTIONS.map((f) => [f.name] as const))("%s compiles on every dialect", (name) => {
    const f = functionSpec(name)!;
    const { min, max } = arity(f);
    for (let count = min; count <= Math.min(max, min + 2); count++) {
      const args = Array.from({ length: count }, (_, i) => {
        const spec = argSpecAt(f, i, count);
        if (spec.choices) return `'${spec.choices[0]}'`;
        return { number: "{Qty}", string: "{Name}", date: "{Seen}", boolean: "{Done}", any: "{Qty}" }[spec.type];
      });
      for (const d of DIALECTS) {
        const { sql, params } = out(`${name}(${args.join(", ")})`, d);
        expect(sql.length).toBeGreaterThan(0);
        expect(params.length).toBeLessThanOrEqual(20);
        // T-SQL: a value in the select list, and only T-SQL's functions and types (tsql-shape.ts).
        if (d === "mssql") checkTsqlShape(`SELECT ${sql} AS [v] FROM [t]`);
      }
    }
  });
});

describe("columnResolver", () => {
  const columns = [
    { title: "Qty", columnName: "qty", uidt: "Number" as const },
    { title: "When", columnName: "when_at", uidt: "DateTime" as const },
    { title: "Files", columnName: "files", uidt: "Attachment" as const },
    { title: "Double", columnName: "double", uidt: "Formula" as const, options: { formula_raw: "{Qty} * 2" } },
    { title: "A", columnName: "a", uidt: "Formula" as const, options: { formula_raw: "{B} + 1" } },
    { title: "B", columnName: "b", uidt: "Formula" as const, options: { formula_raw: "{A} + 1" } },
    { title: "Broken", columnName: "broken", uidt: "Formula" as const, options: {} },
    { title: "Bad", columnName: "bad", uidt: "Formula" as const, options: { formula_raw: "1 +" } },
  ];
  const resolve = columnResolver(columns, { table: "t" });

  it("reads physical columns in the formula form, qualified by the table", () => {
    expect(render(compileFormulaText("{Qty}", "pg", resolve).sql, "pg").sql).toBe(
      'CAST((CAST("t"."qty" AS double precision)) AS double precision)',
    );
    expect(render(compileFormulaText("{When}", "pg", resolve).sql, "pg").sql).toBe(
      `(to_char("t"."when_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'))`,
    );
    expect(render(compileFormulaText("{When}", "sqlite", resolve).sql, "sqlite").sql).toBe(
      '(datetime("t"."qty"))'.replace("qty", "when_at"),
    );
  });

  it("compiles formula columns inside formulas and reports circles", () => {
    expect(render(compileFormulaText("{Double} + 1", "sqlite", resolve).sql, "sqlite")).toEqual({
      sql: '(((("t"."qty") * ?)) + ?)',
      params: [2, 1],
    });
    expect(validateFormula("{A}", resolve)).toMatchObject({ ok: false, error: "Formula cycle: A → B → A at 1" });
    expect(validateFormula("1 + {B}", resolve)).toMatchObject({
      ok: false,
      error: "Formula cycle: B → A → B at 5",
      position: 5,
    });
    expect(validateFormula("1 + {Bad}", resolve)).toEqual({
      ok: false,
      error: "Column 'Bad' has an invalid formula (Unexpected end of formula at 4) at 5",
      position: 5,
    });
  });

  it("refuses unsupported and unusable columns", () => {
    expect(validateFormula("{Files}", resolve)).toMatchObject({
      ok: false,
      error: "Column 'Files' (Attachment) cannot be used in a formula at 1",
    });
    expect(validateFormula("{Broken}", resolve)).toMatchObject({ ok: false, error: "Column 'Broken' not found at 1" });
    expect(resolve("Nope")).toBeUndefined();
  });

  it("maps every supported field type", () => {
    expect(render(physicalSql("Date", ident("mysql", "d"), "mysql"), "mysql").sql).toBe("DATE_FORMAT(`d`, '%Y-%m-%d')");
    expect(render(physicalSql("Time", ident("pg", "t"), "pg"), "pg").sql).toBe('CAST("t" AS text)');
    expect(render(physicalSql("Email", ident("sqlite", "e"), "sqlite"), "sqlite").sql).toBe('"e"');
  });
});

describe("formulaValue", () => {
  it.each([
    ["number", "12.5", 12.5],
    ["number", 3n, 3],
    ["number", "abc", null],
    ["boolean", 1, true],
    ["boolean", 0, false],
    ["boolean", true, true],
    ["boolean", "t", true],
    ["boolean", "f", false],
    ["string", new TextEncoder().encode("hé"), "hé"],
    ["date", "2024-03-15", "2024-03-15"],
    ["datetime", null, null],
    // SQL Server (tedious): a bit is a JavaScript boolean; a Date object is written in the fixed UTC form.
    ["boolean", false, false],
    ["number", true, 1],
    ["date", new Date("2024-03-15T00:00:00.000Z"), "2024-03-15"],
    ["datetime", new Date("2024-02-29T23:59:59.999Z"), "2024-02-29 23:59:59"],
    ["null", "x", null],
  ] as const)("%s %s", (type, raw, expected) => {
    expect(formulaValue(type, raw)).toEqual(expected);
  });
});
