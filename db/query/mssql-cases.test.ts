/**
 * SQL Server's dialect "by cases": no SQL Server can run here, so every shared case the other
 * dialects run against real servers (tests/support: query, computed and formula cases) is compiled
 * to T-SQL and checked for what SQL Server would refuse or read differently: LIMIT, backticks or
 * double-quoted identifiers, `?`/`$n` placeholders, placeholders that do not match the values,
 * OFFSET without ORDER BY or FETCH, pg/mysql/sqlite-only syntax, values a TDS driver cannot bind,
 * and, read by tests/support/tsql-shape.ts, a condition where a value must stand or a value where
 * a condition must (T-SQL has no boolean values), functions and types that are not T-SQL's,
 * constant ORDER BY items, aggregates over sub-queries and collation conflicts.
 * A representative set is compared with the exact T-SQL it must be (written from T-SQL's rules).
 */
import { describe, expect, it } from "vitest";
import { COMPUTED_CASES, MODELS, SCHEMA } from "../../tests/support/computed-cases";
import { EXAMPLE_CASES, FORMULA_CASES } from "../../tests/support/formula-cases";
import { FIXTURE_NOW, FIXTURE_TABLE, QUERY_CASES } from "../../tests/support/query-cases";
import { checkTsqlShape, TsqlShapeError } from "../../tests/support/tsql-shape";
import { compileFormulaText, MSSQL_FORMULAS } from "../formula/compile";
import { compileCount, compileList } from "./compile-list";
import { compileGroupBy } from "./compile-group";
import { virtualColumns, type ComputedSchema } from "./computed";
import { ident, quoteIdent } from "./sql";
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

describe("SQL Server: every shared query case compiles to well-formed T-SQL", () => {
  it.each(QUERY_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    let compiled;
    try {
      compiled = list({
        where: c.where,
        sort: c.sort,
        fields: c.fields,
        search: c.search,
        limit: c.limit ?? 1000,
        offset: c.offset ?? 0,
        now: c.now ?? FIXTURE_NOW,
        me: c.me ?? null,
      });
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

// Formulas are refused on SQL Server (db/formula/compile.ts), so the computed cases run on the
// schema without its formula columns; the cases about formulas are checked as refusals below.
const FORMULA_TITLES = new Set(
  SCHEMA.columns("md_cust")
    .concat(SCHEMA.columns("md_ord"))
    .filter((c) => c.uidt === "Formula")
    .map((c) => c.title),
);
const NO_FORMULAS: ComputedSchema = {
  model: SCHEMA.model,
  columns: (id) => SCHEMA.columns(id).filter((c) => c.uidt !== "Formula"),
};
const namesFormula = (text: string | string[] | undefined) =>
  [text ?? []].flat().some((t) => [...FORMULA_TITLES].some((f) => t.replace(/^-/, "").includes(f)));

function computedTable(tableName: string, schema: ComputedSchema): QueryTable {
  const m = MODELS.find((x) => x.tableName === tableName)!;
  const cols = schema.columns(m.id);
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
  return { tableName, columns: [...physical, ...virtualColumns(schema, m, cols, "mssql")] };
}

describe("SQL Server: every shared computed-field case compiles to well-formed T-SQL", () => {
  const cases = COMPUTED_CASES.filter((c) => !namesFormula(c.where) && !namesFormula(c.sort));
  it("leaves out only the cases about formulas", () => {
    expect(COMPUTED_CASES.length - cases.length).toBeLessThanOrEqual(4);
  });
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const table = computedTable(c.table, NO_FORMULAS);
    const compiled = compileList({ dialect: "mssql", table, where: c.where, sort: c.sort, limit: 1000, offset: 0 });
    assertTsql(compiled.list);
    assertTsql(compiled.count);
  });
  it("refuses every table with a formula with one clear message", () => {
    for (const m of MODELS.filter((x) => SCHEMA.columns(x.id).some((c) => c.uidt === "Formula")))
      expect(() => computedTable(m.tableName, SCHEMA)).toThrow(MSSQL_FORMULAS);
  });
});

describe("SQL Server: formulas", () => {
  it.each([...FORMULA_CASES, ...EXAMPLE_CASES].map((c) => [c.name, c] as const))("%s is refused", (_n, c) => {
    expect(() => compileFormulaText(c.formula, "mssql", () => undefined)).toThrow(MSSQL_FORMULAS);
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
    const link = computedTable("gcc_customers", NO_FORMULAS).columns.find((c) => c.title === "Orders")!;
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
      table: computedTable("gcc_customers", NO_FORMULAS),
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
    const avg = computedTable("gcc_customers", NO_FORMULAS).columns.find((c) => c.title === "Amount avg")!;
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
