/**
 * SQL Server's dialect "by cases": no SQL Server can run here, so every shared case the other
 * dialects run against real servers (tests/support: query, computed and formula cases) is compiled
 * to T-SQL and checked for what SQL Server would refuse or read differently: LIMIT, backticks or
 * double-quoted identifiers, `?`/`$n` placeholders, placeholders that do not match the values,
 * OFFSET without ORDER BY or FETCH, pg/mysql/sqlite-only syntax, values a TDS driver cannot bind,
 * and, read by tests/support/tsql-shape.ts, a condition where a value must stand or a value where
 * a condition must (T-SQL has no boolean values), functions and types that are not T-SQL's,
 * constant ORDER BY items, aggregates over sub-queries and collation conflicts. Formulas are checked as the formula runner
 * reads them and as computed columns filtered by every operator of their type and sorted.
 * A representative set is compared with the exact T-SQL it must be (written from T-SQL's rules).
 * The same cases on a table in a schema other than the login's default (`dbSchema`) name every
 * table they read `[schema].[table]` (tests/support/tsql-tables.ts finds each one).
 * None of this shows what SQL Server computes: that needs a server.
 */
import { describe, expect, it } from "vitest";
import { COMPUTED_CASES, MODELS, SCHEMA } from "../../tests/support/computed-cases";
import {
  EXAMPLE_CASES,
  FORMULA_CASES,
  FORMULA_COLUMNS,
  FORMULA_NOW,
  FORMULA_TABLE,
  FORMULA_VIRTUAL,
} from "../../tests/support/formula-cases";
import { FIXTURE_NOW, FIXTURE_TABLE, QUERY_CASES } from "../../tests/support/query-cases";
import { caseListInput } from "../../tests/support/query-runner";
import { checkTsqlShape, TsqlShapeError } from "../../tests/support/tsql-shape";
import { tableTargets, unqualifiedTables } from "../../tests/support/tsql-tables";
import { parseOptions } from "../fields/registry";
import { columnResolver, physicalSql } from "../formula/columns";
import { compileFormulaText, formulaCondition, type CompiledFormula } from "../formula/compile";
import { testResolver } from "../formula/test-resolver";
import type { FormulaType } from "../formula/types";
import type { UIType } from "../fields/types";
import { compileCount, compileKeys, compileList } from "./compile-list";
import { compileGroupBy } from "./compile-group";
import { virtualColumns } from "./computed";
import { computedResultType } from "./result-type";
import { ident, quoteIdent, quoteTable, render, sql, tableIdent, tableSource } from "./sql";
import { QueryError, type Compiled, type QueryColumn, type QueryTable } from "./types";

/** The statement without its string literals ('..', N'..') and bracketed identifiers ([..]). */
function bareText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'") {
      for (i++; i < text.length; i++) {
        if (text[i] === "'" && text[i + 1] === "'") i++;
        else if (text[i] === "'") break;
      }
      out += "''";
    } else if (ch === "[") {
      for (i++; i < text.length; i++) {
        if (text[i] === "]" && text[i + 1] === "]") i++;
        else if (text[i] === "]") break;
      }
      out += "[]";
    } else out += ch;
  }
  return out;
}

/** What SQL Server would refuse, or read otherwise than the other dialects mean it. */
function assertTsql(c: Compiled) {
  const bare = bareText(c.sql);
  expect(bare, c.sql).not.toMatch(/\bLIMIT\b/i);
  expect(bare, c.sql).not.toMatch(/[`"]/);
  expect(bare, c.sql).not.toMatch(/\?|\$\d/);
  expect(bare, c.sql).not.toMatch(/\|\||::|\bNULLS (FIRST|LAST)\b|\bILIKE\b|\bAS BINARY\b|\bIS NULL (ASC|DESC)\b/i);
  expect(bare, c.sql).not.toMatch(
    /\b(GROUP_CONCAT|JSON_ARRAYAGG|json_group_array|json_agg|json_build_array|json_each|instr|strpos|LOCATE|ifnull)\s*\(/i,
  );
  expect(bare, c.sql).not.toMatch(/\b(TRUE|FALSE)\b/);
  // Every placeholder is @p1..@pn, each bound value is used, and each one TDS can type.
  const used = new Set([...bare.matchAll(/@p(\d+)\b/g)].map((m) => Number(m[1])));
  expect(
    [...used].sort((a, b) => a - b),
    c.sql,
  ).toEqual(c.params.map((_, i) => i + 1));
  for (const v of c.params) expect(v === null || ["string", "number", "boolean"].includes(typeof v), c.sql).toBe(true);
  // Paging is ORDER BY ... OFFSET @p ROWS FETCH NEXT @p ROWS ONLY, never OFFSET alone.
  const offsets = bare.match(/\bOFFSET\b/g)?.length ?? 0;
  expect(bare.match(/\bOFFSET @p\d+ ROWS FETCH NEXT @p\d+ ROWS ONLY\b/g)?.length ?? 0, c.sql).toBe(offsets);
  if (offsets) expect(bare, c.sql).toMatch(/\bORDER BY\b[^]*\bOFFSET\b/);
  expect(bare, c.sql).not.toMatch(/\bTOP\b(?! \(\d+\))/);
  // Balanced parentheses once literals and identifiers are out of the way.
  let depth = 0;
  for (const ch of bare) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    expect(depth, c.sql).toBeGreaterThanOrEqual(0);
  }
  expect(depth, c.sql).toBe(0);
  // Values and conditions each in their places, T-SQL's functions and types only (tsql-shape.ts).
  checkTsqlShape(c.sql);
}

const list = (input: Partial<Parameters<typeof compileList>[0]>) =>
  compileList({ dialect: "mssql", table: FIXTURE_TABLE, limit: 1000, offset: 0, now: FIXTURE_NOW, ...input });

/** A shared query case's page, on the fixture table or another (the same table on a schema). */
const caseList = (c: (typeof QUERY_CASES)[number], table = FIXTURE_TABLE) => list({ table, ...caseListInput(c) });

describe("SQL Server: every shared query case compiles to well-formed T-SQL", () => {
  it.each(QUERY_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    let compiled;
    try {
      compiled = caseList(c);
    } catch (err) {
      // A case that expects a refusal is refused with the same message as on the other dialects.
      expect(err).toBeInstanceOf(QueryError);
      expect(Array.isArray(c.expect) ? null : c.expect.error).toBeTruthy();
      expect((err as Error).message).toContain((c.expect as { error: string }).error);
      return;
    }
    expect(Array.isArray(c.expect), "a case expecting an error compiled").toBe(true);
    assertTsql(compiled.list);
    assertTsql(compiled.count);
  });
});

function computedTable(tableName: string, dbSchema?: string): QueryTable {
  const m = MODELS.find((x) => x.tableName === tableName)!;
  const cols = SCHEMA.columns(m.id);
  const physical: QueryColumn[] = cols
    .filter((c) => c.columnName)
    .map((c) => ({
      id: c.id,
      title: c.title,
      columnName: c.columnName!,
      uidt: c.uidt as never,
      options: {},
      pk: !!c.pk,
    }));
  return {
    tableName,
    ...(dbSchema ? { dbSchema } : {}),
    columns: [...physical, ...virtualColumns(SCHEMA, m, cols, "mssql", undefined, dbSchema)],
  };
}

describe("SQL Server: every shared computed-field case compiles to well-formed T-SQL", () => {
  it.each(COMPUTED_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const table = computedTable(c.table);
    const compiled = compileList({ dialect: "mssql", table, where: c.where, sort: c.sort, limit: 1000, offset: 0 });
    assertTsql(compiled.list);
    assertTsql(compiled.count);
  });
});

const resolver = columnResolver([...FORMULA_COLUMNS, ...FORMULA_VIRTUAL.map((c) => ({ ...c, columnName: c.title }))], {
  now: FORMULA_NOW,
});
const fixtureColumns: QueryColumn[] = FORMULA_COLUMNS.map((c) => ({
  id: c.columnName,
  title: c.title,
  columnName: c.columnName,
  uidt: c.uidt,
  options: {},
  pk: c.uidt === "ID",
}));

/** The fixture table with the formula as a computed column `F`, as db/query/computed.ts makes one. */
function withFormula(compiled: CompiledFormula): QueryTable {
  const uidt = computedResultType({ uidt: "Formula", type: compiled.type });
  const parsed = parseOptions(uidt, {});
  const f: QueryColumn = {
    id: "f",
    title: "F",
    columnName: "_v_f",
    uidt,
    options: parsed.ok ? (parsed.value as Record<string, unknown>) : {},
    expr: compiled.sql,
    selectExpr: compiled.sql,
  };
  return { tableName: FORMULA_TABLE, columns: [...fixtureColumns, f] };
}

/** Filters the query compiler offers on a formula of each type (its filter type's operators). */
const FILTERS: Record<FormulaType, string[]> = {
  boolean: ["(F,checked)", "(F,notchecked)", "(F,eq,true)", "(F,eq,false)", "(F,notblank)"],
  number: ["(F,gt,1.5)", "(F,eq,0)", "(F,btw,1,5)", "(F,in,1,2)", "(F,notblank)"],
  date: ["(F,eq,exactDate,2024-03-15)", "(F,lt,today)", "(F,isWithin,pastWeek)", "(F,blank)"],
  datetime: ["(F,eq,2024-03-15 12:00:00)", "(F,like,2024)", "(F,blank)"],
  string: ["(F,eq,Apple)", "(F,neq,x)", "(F,like,a_b)", "(F,in,a,b)", "(F,blank)", "(F,notempty)"],
  null: ["(F,eq,x)", "(F,blank)"],
};

describe("SQL Server: every shared formula case compiles to well-formed T-SQL", () => {
  const table = ident("mssql", FORMULA_TABLE);
  const id = ident("mssql", "id");
  it.each([...FORMULA_CASES, ...EXAMPLE_CASES].map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const compiled = compileFormulaText(c.formula, "mssql", resolver, { now: FORMULA_NOW });
    // As the formula runner reads it: the value per row, and a boolean formula as a WHERE.
    assertTsql(render(sql`SELECT ${id} AS id, ${compiled.sql} AS v FROM ${table} ORDER BY ${id}`, "mssql"));
    if (compiled.type === "boolean")
      assertTsql(
        render(
          sql`SELECT ${id} AS id FROM ${table} WHERE ${formulaCondition("mssql", compiled.sql)} ORDER BY ${id}`,
          "mssql",
        ),
      );
    // As a computed column of a table: selected, filtered by each operator of its type, sorted.
    for (const where of [null, ...FILTERS[compiled.type]]) {
      const got = compileList({
        dialect: "mssql",
        table: withFormula(compiled),
        where,
        sort: ["-F", "Name"],
        limit: 25,
        offset: 0,
        now: FORMULA_NOW,
      });
      assertTsql(got.list);
      assertTsql(got.count);
    }
  });

  it("never binds a value twice more than the other dialects do (a comparison's value form repeats it once)", () => {
    for (const c of [...FORMULA_CASES, ...EXAMPLE_CASES]) {
      const count = (d: "pg" | "mssql") =>
        render(compileFormulaText(c.formula, d, resolver, { now: FORMULA_NOW }).sql, d).params.length;
      expect(count("mssql"), c.formula).toBeLessThanOrEqual(2 * count("pg"));
    }
  });
});

describe("SQL Server: the structural reader catches what SQL Server would refuse", () => {
  it.each([
    ["SELECT ([a] > [b]) AS [v] FROM [t]", "a condition where a value must stand"],
    ["SELECT CASE WHEN [x] = 1 THEN ([a] > [b]) ELSE 0 END AS [v] FROM [t]", "a condition where a value must stand"],
    ["SELECT COALESCE([a] <> 0, 0) AS [v] FROM [t]", "a condition where a value must stand"],
    ["SELECT [a] FROM [t] WHERE CASE WHEN [a] > 1 THEN 1 ELSE 0 END", "a value where a condition must stand"],
    ["SELECT [a] FROM [t] WHERE [a] AND [b] = 1", "a value where a condition must stand"],
    ["SELECT [a] FROM [t] WHERE NOT [a]", "a value where a condition must stand"],
    ["SELECT CASE WHEN [a] THEN 1 END AS [v] FROM [t]", "a value where a condition must stand"],
    ["SELECT TRUE AS [v] FROM [t]", "no TRUE/FALSE"],
    ["SELECT substr([a], 1) AS [v] FROM [t]", "substr() is not a SQL Server function"],
    ["SELECT CAST([a] AS varchar) AS [v] FROM [t]", "varchar without a length"],
    ["SELECT CAST([a] AS DOUBLE) AS [v] FROM [t]", "not a T-SQL type"],
    ["SELECT CAST([a] AS datetime) AS [v] FROM [t]", "not a T-SQL type"],
    ["SELECT CONCAT([a]) AS [v] FROM [t]", "CONCAT takes 2 to 254 arguments"],
    ["SELECT [a] FROM [t] ORDER BY 1", "a constant ORDER BY item"],
    ["SELECT [a] FROM [t] ORDER BY CAST(@p1 AS float)", "a constant ORDER BY item"],
    [
      "SELECT CASE WHEN [a] = 1 THEN [b] COLLATE Latin1_General_100_BIN2 ELSE [c] COLLATE Latin1_General_100_BIN2_UTF8 END AS [v] FROM [t]",
      "collation conflict",
    ],
    ["SELECT [a] FROM [t] WHERE [a] COLLATE Latin1_General_100_BIN2 = [b] COLLATE Latin1_CS_AS", "collation conflict"],
    ['SELECT "a" FROM [t]', "is not T-SQL here"],
    ["SELECT [a] FROM [t] WHERE [a] = ?", "is not T-SQL here"],
  ])("%s", (text, message) => {
    expect(() => checkTsqlShape(text)).toThrow(TsqlShapeError);
    expect(() => checkTsqlShape(text)).toThrow(message);
  });

  it("accepts conditions in their places and values in theirs", () => {
    for (const text of [
      "SELECT CASE WHEN ([a] > 1) THEN 1 WHEN NOT (([a] > 1)) THEN 0 END AS [v] FROM [t] WHERE ((CASE WHEN [a] > 1 THEN 1 ELSE 0 END) <> 0) ORDER BY (SELECT CAST(@p1 AS float)) ASC, [id] ASC OFFSET @p2 ROWS FETCH NEXT @p3 ROWS ONLY",
      "SELECT COUNT(*) AS [count] FROM [t] WHERE NOT ([a] IS NULL OR DATALENGTH([a]) = 0) AND [b] NOT LIKE N'x' ESCAPE '!'",
    ])
      expect(() => checkTsqlShape(text)).not.toThrow();
  });
});

describe("SQL Server: exact T-SQL of representative cases", () => {
  it("quotes identifiers with brackets, doubling ]", () => {
    expect(quoteIdent("mssql", "a]b")).toBe("[a]]b]");
    expect(quoteIdent("mssql", `e"mail'\`x`)).toBe(`[e"mail'\`x]`);
    expect(() => ident("mssql", "")).toThrow(QueryError);
  });

  it("pages with OFFSET/FETCH after the key order, and compares text exactly (case and trailing spaces)", () => {
    const c = list({ where: "(Name,eq,Apple)", fields: "Id,Name", limit: 5, offset: 10 });
    // The value is bound once and named twice (parameters are names on SQL Server).
    const eq = "([name] COLLATE Latin1_General_100_BIN2 = @p1 AND LEN(CONCAT([name], N'x')) = LEN(CONCAT(@p1, N'x')))";
    expect(c.list.sql).toBe(
      `SELECT [id], [name] FROM [gridbase_query_cases] WHERE ${eq} ORDER BY [id] ASC OFFSET @p2 ROWS FETCH NEXT @p3 ROWS ONLY`,
    );
    expect(c.list.params).toEqual(["Apple", 10, 5]);
    expect(c.count.sql).toBe(`SELECT COUNT(*) AS [count] FROM [gridbase_query_cases] WHERE ${eq}`);
  });

  it("searches case-insensitively with LIKE ... ESCAPE, escaping T-SQL's [ class in SQL", () => {
    const c = list({ where: "(Name,like,a_b)", fields: "Id" });
    expect(c.list.sql).toBe(
      "SELECT [id] FROM [gridbase_query_cases] WHERE LOWER(CAST([name] AS nvarchar(max))) LIKE REPLACE(LOWER(@p1), N'[', N'![') ESCAPE '!' ORDER BY [id] ASC OFFSET @p2 ROWS FETCH NEXT @p3 ROWS ONLY",
    );
    expect(c.list.params).toEqual(["%a!_b%", 0, 1000]);
  });

  it("sorts text by code point (binary collation); NULL placement is SQL Server's own (first ascending)", () => {
    const c = list({ sort: ["-Name", "Qty"], fields: "Id" });
    expect(c.list.sql).toBe(
      "SELECT [id] FROM [gridbase_query_cases] ORDER BY [name] COLLATE Latin1_General_100_BIN2 DESC, [qty] ASC, [id] ASC OFFSET @p1 ROWS FETCH NEXT @p2 ROWS ONLY",
    );
  });

  it("binds a checkbox as a bit (boolean) and dates as text without a zone", () => {
    const checked = list({ where: "(Done,checked)", fields: "Id" });
    expect(checked.list.sql).toContain("WHERE [done] = @p1 ORDER BY");
    expect(checked.list.params[0]).toBe(true);
    const after = list({ where: "(Seen,gt,exactDate,2024-03-01 10:00)", fields: "Id" });
    expect(after.list.params.filter((p) => typeof p === "string")).toEqual(
      expect.arrayContaining([expect.stringMatching(/^2024-03-01 \d{2}:\d{2}:\d{2}\.\d{3}$/)]),
    );
  });

  it("orders by (SELECT NULL) when a table has no key, since OFFSET needs ORDER BY", () => {
    const table: QueryTable = {
      tableName: "t",
      columns: [{ id: "a", title: "A", columnName: "a", uidt: "Number", options: {} }],
    };
    const c = compileList({ dialect: "mssql", table, limit: 1, offset: 0 });
    expect(c.list.sql).toBe("SELECT [a] FROM [t] ORDER BY (SELECT NULL) OFFSET @p1 ROWS FETCH NEXT @p2 ROWS ONLY");
    expect(compileCount({ dialect: "mssql", table }).sql).toBe("SELECT COUNT(*) AS [count] FROM [t]");
  });

  it("pages groups with OFFSET/FETCH", () => {
    const g = compileGroupBy({ dialect: "mssql", table: FIXTURE_TABLE, column: "Qty", limit: 10, offset: 0 });
    expect(g.list.sql).toBe(
      "SELECT [qty], COUNT(*) AS [count] FROM [gridbase_query_cases] GROUP BY [qty] ORDER BY [qty] ASC OFFSET @p1 ROWS FETCH NEXT @p2 ROWS ONLY",
    );
    expect(g.count.sql).toBe(
      "SELECT COUNT(*) AS [count] FROM (SELECT [qty] FROM [gridbase_query_cases] GROUP BY [qty]) AS [groups]",
    );
  });

  it("reads a has-many link as its first 25 [key, display] pairs, by key: TOP (25), ROW_NUMBER and STRING_AGG", () => {
    const link = computedTable("gcc_customers").columns.find((c) => c.title === "Orders")!;
    const sel = compileList({
      dialect: "mssql",
      table: { tableName: "gcc_customers", columns: [link] },
      limit: 1,
      offset: 0,
    }).list.sql;
    const pair = "COALESCE(CAST(JSON_ARRAY([_v1].[id], [_v1].[ref] NULL ON NULL) AS nvarchar(max)), N'null')";
    const limited = `(SELECT TOP (25) ${pair} AS pair, ROW_NUMBER() OVER (ORDER BY [_v1].[id]) AS _o FROM [gcc_orders] AS [_v1] WHERE [_v1].[customer_id] = [gcc_customers].[id] ORDER BY [_v1].[id])`;
    expect(sel).toContain(
      `(SELECT CONCAT(N'[', STRING_AGG(CAST(_l.pair AS nvarchar(max)), N',') WITHIN GROUP (ORDER BY _l._o), N']') FROM ${limited} AS _l) AS [_v_cl_c_orders]`,
    );
  });

  it("filters a has-many lookup on its values joined with ', ' in key order (STRING_AGG WITHIN GROUP, by name)", () => {
    const c = compileList({
      dialect: "mssql",
      table: computedTable("gcc_customers"),
      where: "(Order refs,like,A-2)",
      fields: "Id",
      limit: 25,
      offset: 0,
    });
    expect(c.list.sql).toContain(
      "WHERE LOWER(CAST((SELECT STRING_AGG(CAST(_a.v AS nvarchar(max)), N', ') WITHIN GROUP (ORDER BY [_v1].[id]) FROM [gcc_orders] AS [_v1] CROSS APPLY (SELECT [_v1].[ref] AS v) AS _a WHERE [_v1].[customer_id] = [gcc_customers].[id]) AS nvarchar(max))) LIKE",
    );
  });

  it("averages a rollup as float (SQL Server averages integers as integers), over the value by name", () => {
    const avg = computedTable("gcc_customers").columns.find((c) => c.title === "Amount avg")!;
    const sel = compileList({
      dialect: "mssql",
      table: { tableName: "gcc_customers", columns: [avg] },
      limit: 1,
      offset: 0,
    }).list.sql;
    expect(sel).toContain(
      "(SELECT AVG(CAST(_a.v AS float)) FROM [gcc_orders] AS [_v1] CROSS APPLY (SELECT [_v1].[amount] AS v) AS _a WHERE",
    );
  });
});

describe("SQL Server: exact T-SQL of representative formulas", () => {
  // Written from T-SQL's rules (db/formula/sqlkit.ts): columns come as they are (test-resolver.ts).
  const NOW = new Date("2024-03-15T12:34:56.789Z");
  const tsql = (formula: string) => {
    const c = compileFormulaText(formula, "mssql", testResolver, { now: NOW });
    return { ...render(c.sql, "mssql"), type: c.type };
  };
  /** A number as text: integers through bigint, others 15 significant digits in decimal, zeros and a last point trimmed. */
  const numText = (x: string) =>
    `CASE WHEN ${x} = FLOOR(${x}) AND ABS(${x}) < 9.2e18 THEN CAST(CAST(${x} AS bigint) AS varchar(20)) ` +
    `WHEN ${x} = FLOOR(${x}) THEN CONVERT(varchar(30), CAST(${x} AS float), 3) ` +
    `ELSE REPLACE(RTRIM(REPLACE(REPLACE(RTRIM(REPLACE(CAST(ROUND(CAST(${x} AS decimal(38, 18)), CAST(14 - FLOOR(LOG10(ABS(${x}))) AS int)) AS varchar(40)), '0', ' ')), ' ', '0'), '.', ' ')), ' ', '.') END`;
  const gt5 = "(([qty]) > CAST(@p1 AS float))";
  const gt5Value = `(CASE WHEN ${gt5} THEN 1 WHEN NOT (${gt5}) THEN 0 END)`;

  it("a comparison as a value: 1, 0, or NULL when unknown; the literal bound once and named twice", () => {
    expect(tsql("{Qty} > 5")).toEqual({ sql: gt5Value, params: [5], type: "boolean" });
  });

  it("text equality: binary collation, NCHAR(0) appended so trailing spaces count", () => {
    const key = (x: string) => `(CAST(${x} AS nvarchar(max)) + NCHAR(0)) COLLATE Latin1_General_100_BIN2`;
    const eq = `(${key("([name])")} = ${key("CAST(@p1 AS nvarchar(max))")})`;
    expect(tsql("{Name} = 'Apple '")).toEqual({
      sql: `(CASE WHEN ${eq} THEN 1 WHEN NOT (${eq}) THEN 0 END)`,
      params: ["Apple "],
      type: "boolean",
    });
  });

  it("IF tests a comparison once, two-valued, and turns a number branch into text", () => {
    expect(tsql("IF({Qty} > 5, {Qty}, 'few')")).toEqual({
      sql: `(CASE WHEN (CASE WHEN ${gt5} THEN 1 ELSE 0 END = 1) THEN ${numText("([qty])")} ELSE CAST(@p2 AS nvarchar(max)) END)`,
      params: [5, "few"],
      type: "string",
    });
  });

  it("AND, OR and NOT take conditions and answer 1/0", () => {
    expect(tsql("AND({Qty} > 0, NOT({Done}))").sql).toBe(
      "(CASE WHEN ((CASE WHEN (([qty]) > CAST(@p1 AS float)) THEN 1 ELSE 0 END = 1) AND (COALESCE((CASE WHEN (NOT (COALESCE(([done]), 0) <> 0)) THEN 1 ELSE 0 END), 0) <> 0)) THEN 1 ELSE 0 END)",
    );
    expect(tsql("OR({Done}, {Name})").sql).toBe(
      "(CASE WHEN ((COALESCE(([done]), 0) <> 0) OR (COALESCE(DATALENGTH(([name])), 0) > 0)) THEN 1 ELSE 0 END)",
    );
    expect(tsql("ISBLANK({Notes})").sql).toBe(
      "(CASE WHEN (([notes]) IS NULL OR DATALENGTH(([notes])) = 0) THEN 1 ELSE 0 END)",
    );
    expect(tsql("TRUE()").sql).toBe("(1)");
  });

  it("& joins with + on nvarchar(max), blanks read as empty text", () => {
    expect(tsql("{Name} & '!'")).toMatchObject({
      sql: "(CAST(COALESCE(([name]), '') AS nvarchar(max)) + COALESCE(CAST(@p1 AS nvarchar(max)), ''))",
      params: ["!"],
    });
  });

  it("/ divides floats and blanks division by zero; the number result is float", () => {
    expect(tsql("{Qty} / 0")).toMatchObject({
      sql: "CAST((CAST(([qty]) AS float) / NULLIF(CAST(CAST(@p1 AS float) AS float), 0)) AS float)",
      params: [0],
    });
  });

  it("LEN, UPPER and SUBSTR count code points under the supplementary-aware binary collation", () => {
    const chars = "(CAST(([name]) AS nvarchar(max)) COLLATE Latin1_General_100_BIN2_UTF8)";
    expect(tsql("LEN({Name})").sql).toBe(
      "CAST(((LEN((CAST(([name]) AS nvarchar(max)) + N'x') COLLATE Latin1_General_100_BIN2_UTF8) - 1)) AS float)",
    );
    expect(tsql("UPPER({Name})").sql).toBe(
      `(TRANSLATE(${chars}, N'abcdefghijklmnopqrstuvwxyz', N'ABCDEFGHIJKLMNOPQRSTUVWXYZ'))`,
    );
    expect(tsql("SUBSTR({Name}, 2)")).toMatchObject({
      sql: `(SUBSTRING(${chars}, CAST(@p1 AS int), 2147483647))`,
      params: [2],
    });
  });

  it("a number becomes text by the shared rules", () => {
    expect(tsql("CONCAT({Price})").sql).toBe(`((CAST(COALESCE(${numText("([price])")}, '') AS nvarchar(max))))`);
  });

  it("DATEADD and DATETIME_DIFF parse the fixed text as datetime2(0) and format it back", () => {
    expect(tsql("DATEADD({Due}, 1, 'month')")).toMatchObject({
      sql: "(CONVERT(varchar(10), DATEADD(month, CAST(@p1 AS int), CAST(([due]) AS datetime2(0))), 23))",
      params: [1],
      type: "date",
    });
    expect(tsql("DATETIME_DIFF({Seen}, {Due}, 'days')").sql).toBe(
      "CAST((ROUND(CAST(DATEDIFF_BIG(second, CAST((CAST(([due]) AS nvarchar(max)) + ' 00:00:00') AS datetime2(0)), CAST(([seen]) AS datetime2(0))) AS float) / 86400, 0, 1)) AS float)",
    );
    expect(tsql("WEEKDAY({Due}, 'sunday')").sql).toBe(
      "CAST((((DATEDIFF(day, CAST('19000101' AS date), CAST(([due]) AS datetime2(0))) % 7 + 8) % 7)) AS float)",
    );
  });

  it("reads stored columns in the formula form", () => {
    const col = (uidt: UIType) => render(physicalSql(uidt, ident("mssql", "c"), "mssql"), "mssql").sql;
    expect(col("Number")).toBe("CAST([c] AS float)");
    expect(col("Date")).toBe("CONVERT(varchar(10), [c], 23)");
    expect(col("DateTime")).toBe("CONVERT(varchar(19), ([c] AT TIME ZONE 'UTC'), 121)");
    expect(col("Time")).toBe("CONVERT(varchar(8), [c], 108)");
    expect(col("Checkbox")).toBe("[c]");
  });

  it("filters a boolean formula by comparing its value, sorts it as a sub-query, and reads it as a WHERE of its own", () => {
    const compiled = compileFormulaText("{Qty} > 5", "mssql", testResolver);
    const table: QueryTable = {
      tableName: "t",
      columns: [
        { id: "id", title: "Id", columnName: "id", uidt: "ID", options: {}, pk: true },
        {
          id: "f",
          title: "Big",
          columnName: "_v_f",
          uidt: "Checkbox",
          options: {},
          expr: compiled.sql,
          selectExpr: compiled.sql,
        },
      ],
    };
    const c = compileList({ dialect: "mssql", table, where: "(Big,checked)", sort: "-Big", limit: 25, offset: 0 });
    expect(c.list.sql).toBe(
      `SELECT [id], ${gt5Value} AS [_v_f] FROM [t] WHERE ${gt5Value} = @p2 ORDER BY (SELECT ${gt5Value}) DESC, [id] ASC OFFSET @p3 ROWS FETCH NEXT @p4 ROWS ONLY`,
    );
    expect(c.list.params).toEqual([5, true, 0, 25]);
    expect(render(sql`SELECT [id] FROM [t] WHERE ${formulaCondition("mssql", compiled.sql)}`, "mssql").sql).toBe(
      `SELECT [id] FROM [t] WHERE (${gt5Value} <> 0)`,
    );
  });
});

describe("SQL Server: a table in a schema other than the login's default names every table [schema].[table]", () => {
  const SALES = "sales";
  const inSales = (table: QueryTable): QueryTable => ({ ...table, dbSchema: SALES });
  /** Well-formed T-SQL whose every FROM/JOIN target is in the schema. */
  const assertQualified = (c: Compiled) => {
    assertTsql(c);
    expect(unqualifiedTables(c.sql, SALES), c.sql).toEqual([]);
  };

  it("finds every table a statement names, qualified or not (the check itself)", () => {
    expect(
      tableTargets(
        "SELECT [a] FROM [t] AS [x] JOIN [sales].[u] AS [y] ON [x].[a] = [y].[a] CROSS APPLY OPENJSON([a]) AS _e WHERE [a] IN (SELECT [b] FROM dbo.v) AND TRIM(N' ' FROM [a]) = N'FROM [z]'",
      ),
    ).toEqual([["t"], ["sales", "u"], ["dbo", "v"]]);
    expect(tableTargets("INSERT INTO [s].[t] ([a]) OUTPUT INSERTED.[id] VALUES (@p1)")).toEqual([["s", "t"]]);
    expect(tableTargets("UPDATE [t] SET [a] = @p1 WHERE [id] = @p2")).toEqual([["t"]]);
    expect(tableTargets("DELETE FROM [s].[t] WHERE [id] = @p1")).toEqual([["s", "t"]]);
    expect(tableTargets("ALTER TABLE [s].[t] ADD [c] int NULL CONSTRAINT [fk] REFERENCES [p] ([id])")).toEqual([
      ["s", "t"],
      ["p"],
    ]);
    expect(tableTargets("EXEC sp_rename N'[s].[t].[c]', N'd', 'COLUMN'")).toEqual([["s", "t"]]);
    expect(tableTargets("EXEC sp_rename N'[t]', N'u'")).toEqual([["t"]]);
    expect(unqualifiedTables("SELECT 1 AS [x]", SALES)).toEqual(["no table at all"]);
  });

  it("names a table [schema].[table], doubling ] in both, and keeps the bare name as the FROM alias", () => {
    expect(quoteTable("mssql", "t", "sales")).toBe("[sales].[t]");
    expect(quoteTable("mssql", "a]b", "s]x")).toBe("[s]]x].[a]]b]");
    expect(render(tableSource("mssql", "t", "sales"), "mssql").sql).toBe("[sales].[t] AS [t]");
    // Without a schema every dialect names the table as before, bare.
    for (const d of ["sqlite", "pg", "mysql", "mssql"] as const) {
      expect(quoteTable(d, "t")).toBe(quoteIdent(d, "t"));
      expect(render(tableSource(d, "t"), d).sql).toBe(quoteIdent(d, "t"));
      expect(render(tableIdent(d, "t", ""), d).sql).toBe(quoteIdent(d, "t"));
    }
    expect(() => tableIdent("mssql", "t", "s\0x")).toThrow(QueryError);
  });

  it.each(QUERY_CASES.map((c) => [c.name, c] as const))("query case: %s", (_name, c) => {
    let compiled;
    try {
      compiled = caseList(c, inSales(FIXTURE_TABLE));
    } catch (err) {
      expect(err).toBeInstanceOf(QueryError);
      return;
    }
    assertQualified(compiled.list);
    assertQualified(compiled.count);
  });

  it.each(COMPUTED_CASES.map((c) => [c.name, c] as const))("computed case: %s", (_name, c) => {
    const table = computedTable(c.table, SALES);
    const compiled = compileList({ dialect: "mssql", table, where: c.where, sort: c.sort, limit: 1000, offset: 0 });
    assertQualified(compiled.list);
    assertQualified(compiled.count);
    // Every computed column filtered and sorted on its own: each sub-query names its tables too.
    for (const v of table.columns.filter((col) => col.expr)) {
      const one = compileList({
        dialect: "mssql",
        table,
        fields: ["Id", v.title],
        where: `(${v.title},blank)`,
        sort: `-${v.title}`,
        limit: 25,
        offset: 0,
      });
      assertQualified(one.list);
      assertQualified(one.count);
    }
  });

  it("group-by counts and the keys of a bulk change by filter name the schema", () => {
    for (const column of ["Qty", "Name", "Done"]) {
      const g = compileGroupBy({ dialect: "mssql", table: inSales(FIXTURE_TABLE), column, limit: 10, offset: 0 });
      assertQualified(g.list);
      assertQualified(g.count);
    }
    const keys = compileKeys({
      dialect: "mssql",
      table: inSales(FIXTURE_TABLE),
      where: "(Qty,gt,1)",
      keyColumn: "id",
    });
    assertQualified(keys);
  });

  it("exact T-SQL: a page and its count", () => {
    const c = list({ table: inSales(FIXTURE_TABLE), where: "(Qty,gt,2)", fields: "Id,Name", limit: 5, offset: 10 });
    expect(c.list.sql).toBe(
      "SELECT [id], [name] FROM [sales].[gridbase_query_cases] AS [gridbase_query_cases] WHERE [qty] > @p1 ORDER BY [id] ASC OFFSET @p2 ROWS FETCH NEXT @p3 ROWS ONLY",
    );
    expect(c.list.params).toEqual([2, 10, 5]);
    expect(c.count.sql).toBe(
      "SELECT COUNT(*) AS [count] FROM [sales].[gridbase_query_cases] AS [gridbase_query_cases] WHERE [qty] > @p1",
    );
  });

  it("exact T-SQL: groups and their count", () => {
    const g = compileGroupBy({
      dialect: "mssql",
      table: inSales(FIXTURE_TABLE),
      column: "Qty",
      limit: 10,
      offset: 0,
    });
    expect(g.list.sql).toBe(
      "SELECT [qty], COUNT(*) AS [count] FROM [sales].[gridbase_query_cases] AS [gridbase_query_cases] GROUP BY [qty] ORDER BY [qty] ASC OFFSET @p1 ROWS FETCH NEXT @p2 ROWS ONLY",
    );
    expect(g.count.sql).toBe(
      "SELECT COUNT(*) AS [count] FROM (SELECT [qty] FROM [sales].[gridbase_query_cases] AS [gridbase_query_cases] GROUP BY [qty]) AS [groups]",
    );
  });

  it("exact T-SQL: a has-many link reads the linked table in the schema, correlated to the row by its alias", () => {
    const link = computedTable("gcc_customers", SALES).columns.find((c) => c.title === "Orders")!;
    const sel = compileList({
      dialect: "mssql",
      table: { tableName: "gcc_customers", dbSchema: SALES, columns: [link] },
      limit: 1,
      offset: 0,
    }).list.sql;
    const pair = "COALESCE(CAST(JSON_ARRAY([_v1].[id], [_v1].[ref] NULL ON NULL) AS nvarchar(max)), N'null')";
    const limited = `(SELECT TOP (25) ${pair} AS pair, ROW_NUMBER() OVER (ORDER BY [_v1].[id]) AS _o FROM [sales].[gcc_orders] AS [_v1] WHERE [_v1].[customer_id] = [gcc_customers].[id] ORDER BY [_v1].[id])`;
    expect(sel).toBe(
      `SELECT (SELECT CONCAT(N'[', STRING_AGG(CAST(_l.pair AS nvarchar(max)), N',') WITHIN GROUP (ORDER BY _l._o), N']') FROM ${limited} AS _l) AS [_v_cl_c_orders] FROM [sales].[gcc_customers] AS [gcc_customers] ORDER BY (SELECT NULL) OFFSET @p1 ROWS FETCH NEXT @p2 ROWS ONLY`,
    );
  });

  it("exact T-SQL: a many-to-many lookup joins the junction and the target, both in the schema", () => {
    const lookup = computedTable("gcc_orders", SALES).columns.find((c) => c.title === "Tag labels")!;
    const c = compileCount({
      dialect: "mssql",
      table: { tableName: "gcc_orders", dbSchema: SALES, columns: [lookup] },
      where: "(Tag labels,like,red)",
    });
    expect(c.sql).toBe(
      "SELECT COUNT(*) AS [count] FROM [sales].[gcc_orders] AS [gcc_orders] WHERE LOWER(CAST((SELECT STRING_AGG(CAST(_a.v AS nvarchar(max)), N', ') WITHIN GROUP (ORDER BY [_v1].[id]) FROM [sales].[gcc_order_tags] AS [_v1_j] JOIN [sales].[gcc_tags] AS [_v1] ON [_v1].[id] = [_v1_j].[tag_id] CROSS APPLY (SELECT [_v1].[label] AS v) AS _a WHERE [_v1_j].[order_id] = [gcc_orders].[id]) AS nvarchar(max))) LIKE REPLACE(LOWER(@p1), N'[', N'![') ESCAPE '!'",
    );
    expect(c.params).toEqual(["%red%"]);
  });

  it("a formula over the row reads no other table: only the row's own, in the schema", () => {
    const compiled = compileFormulaText("{Qty} * 2", "mssql", resolver, { now: FORMULA_NOW });
    const got = compileList({
      dialect: "mssql",
      table: { ...withFormula(compiled), dbSchema: SALES },
      where: "(F,gt,1)",
      sort: "-F",
      limit: 25,
      offset: 0,
    });
    assertQualified(got.list);
    expect(tableTargets(got.list.sql)).toEqual([[SALES, FORMULA_TABLE]]);
  });
});
