/**
 * Hostile input anywhere in a formula (string literals, column titles, units, the formula text
 * itself) either fails with a FormulaError naming the problem or compiles with the hostile text
 * only in params, never in the SQL text. Nothing else may be thrown.
 */
import { describe, expect, it } from "vitest";
import type { Dialect } from "../fields/types";
import { ident, render } from "../query/sql";
import { compileFormulaText } from "./compile";
import { FormulaError, type FormulaResolver } from "./types";
import { validateFormula } from "./validate";

const CORPUS = [
  "'",
  '"',
  "`",
  "''",
  "\\",
  "\\'",
  ";",
  "--",
  "/* */",
  "*/",
  "'); DROP TABLE x; --",
  "' OR '1'='1",
  '"; DROP TABLE "x',
  "`; DROP TABLE `x",
  "1; SELECT * FROM users",
  "$1",
  "?",
  "??",
  ":name",
  "@@version",
  "Ünïcødé",
  "🍕",
  "👨‍👩‍👧",
  "\u202Eevil",
  "zero\u200Bwidth",
  "\uD800",
  "a\u0000b",
  "\u0000",
  "\r\n",
  "\t",
  "1e309",
  "-1e309",
  "9".repeat(400),
  "0x41",
  "NaN",
  "Infinity",
  "%",
  "_",
  "%_%",
  "!",
  "(",
  ")",
  ",",
  "{",
  "}",
  "{{x}}",
  "NULL",
  "null",
  "x".repeat(20_000),
  "'; DELETE FROM t WHERE '1'='1",
  "); DROP TABLE t; --",
  "CHAR(39)",
];

const DIALECTS: Dialect[] = ["sqlite", "pg", "mysql", "mssql"];

/** Any title is a text column; the SQL names only a fixed physical column. */
const anyTitle: FormulaResolver = (title) =>
  title === "Qty"
    ? { type: "number", sql: (d) => ident(d, "qty") }
    : { type: "string", sql: (d) => ident(d, "safe_col") };

const checkable = (h: string) => h.length >= 3 && !["NULL", "null"].includes(h);
const quoted = (h: string) => `'${h.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function attempt(formula: string, d: Dialect): { sql: string; params: unknown[] } | { error: string } {
  try {
    return render(compileFormulaText(formula, d, anyTitle, { now: new Date("2024-03-15T12:00:00Z") }).sql, d);
  } catch (err) {
    if (err instanceof FormulaError) return { error: err.message };
    throw err;
  }
}

describe("hostile formulas", () => {
  it.each(CORPUS.map((h) => [JSON.stringify(h).slice(0, 40), h] as const))(
    "%s as a literal is only ever a param",
    (_label, h) => {
      for (const d of DIALECTS) {
        for (const formula of [
          `CONCAT(${quoted(h)}, {Name})`,
          `{Name} = ${quoted(h)}`,
          `SEARCH({Name}, ${quoted(h)}) + LEN(${quoted(h)})`,
          `REPLACE({Name}, ${quoted(h)}, ${quoted(h)})`,
          `SWITCH({Name}, ${quoted(h)}, ${quoted(h)}, 'x')`,
          `VALUE(${quoted(h)})`,
        ]) {
          const got = attempt(formula, d);
          expect(got).toHaveProperty("sql");
          if (!("sql" in got)) continue;
          expect(got.params).toContain(h);
          if (checkable(h)) expect(got.sql).not.toContain(h);
        }
      }
    },
  );

  it.each(CORPUS.map((h) => [JSON.stringify(h).slice(0, 40), h] as const))(
    "%s as a title, a unit or the formula itself",
    (_label, h) => {
      for (const d of DIALECTS) {
        if (!h.includes("}") && h.length > 0) {
          const got = attempt(`LEN({${h}})`, d);
          expect(got).toHaveProperty("sql");
          if ("sql" in got && checkable(h)) expect(got.sql).not.toContain(h);
        }
        expect(attempt(`DATEADD('2024-01-01', 1, ${quoted(h)})`, d)).toEqual({
          error: expect.stringContaining("DATEADD: unit must be one of"),
        });
        const raw = attempt(h, d);
        if ("sql" in raw && checkable(h)) expect(raw.sql).not.toContain(h);
      }
      const v = validateFormula(h, anyTitle);
      if (!v.ok) expect(v.position).toBeGreaterThanOrEqual(1);
    },
  );

  it("keeps comments, semicolons and quotes out of SQL", () => {
    for (const d of DIALECTS) {
      const got = attempt(`"'; DROP TABLE x; --" & '/* */' & {Name}`, d) as { sql: string; params: unknown[] };
      expect(got.params).toEqual(["'; DROP TABLE x; --", "/* */"]);
      expect(got.sql).not.toMatch(/DROP|\/\*|;|--/);
    }
    expect(attempt("1; DROP TABLE x", "pg")).toEqual({ error: "Unexpected ';' at 2" });
    expect(attempt("1 /* x */", "pg")).toEqual({ error: "Unexpected '*' at 4" });
    expect(attempt("{Qty} --1", "sqlite")).toMatchObject({ sql: '(("qty") - (-?))', params: [1] });
  });

  it("binds huge and tiny numbers", () => {
    const got = attempt("{Qty} * 1.7976931348623157e308 + 5e-324", "sqlite") as { params: unknown[] };
    expect(got.params).toEqual([1.7976931348623157e308, 5e-324]);
    expect(attempt("1e309", "sqlite")).toEqual({ error: "Number 1e309 is too large at 1" });
  });
});
