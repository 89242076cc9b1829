/**
 * Hostile input anywhere (where values, titles, ops, sort, fields, search, column titles and
 * names) either fails with a 400 QueryError naming the problem or compiles with the hostile text
 * only in params. Nothing else may be thrown.
 */
import { describe, expect, it } from "vitest";
import { compileList } from "./compile-list";
import { quoteIdent } from "./sql";
import { EVERY_TYPE, col } from "./test-table";
import { QueryError, type Compiled, type Dialect, type QueryTable } from "./types";
import type { SearchInput } from "./search";

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
  "~or(",
  "(a,eq,1)",
  "))",
  "NULL",
  "null",
  "x".repeat(20_000),
];

const DIALECTS: Dialect[] = ["sqlite", "pg", "mysql", "mssql"];

/** Text the compiler itself writes (NULLS FIRST, IS NULL) cannot prove anything by its absence. */
const checkable = (h: string) => h.length >= 3 && h !== "NULL" && h !== "null";
const blank = (h: string) => h.trim() === "" || h.split(",").every((p) => p.trim() === "");

type Outcome = { ok: Compiled[] } | { error: string };

function attempt(
  d: Dialect,
  input: { where?: string; sort?: string | string[]; fields?: string | string[]; search?: SearchInput },
  table: QueryTable = EVERY_TYPE,
): Outcome {
  try {
    const out = compileList({
      dialect: d,
      table,
      limit: 25,
      offset: 0,
      now: new Date("2024-03-15T12:00:00Z"),
      ...input,
    });
    return { ok: [out.list, out.count] };
  } catch (err) {
    if (err instanceof QueryError) {
      expect(err.status).toBe(400);
      expect(err.message.length).toBeGreaterThan(0);
      return { error: err.message };
    }
    throw err;
  }
}

/** The hostile text must not reach SQL: the statement equals the one for a harmless value. */
function expectOnlyInParams(out: Outcome, hostile: string, harmless: Outcome) {
  if (!("ok" in out)) return;
  expect("ok" in harmless).toBe(true);
  if (!("ok" in harmless)) return;
  out.ok.forEach((q, i) => expect(q.sql).toBe(harmless.ok[i]!.sql));
  if (checkable(hostile)) out.ok.forEach((q) => expect(q.sql).not.toContain(hostile));
}

describe.each(DIALECTS)("hostile input on %s", (d) => {
  it.each(CORPUS.map((h) => [JSON.stringify(h).slice(0, 40), h] as const))("value %s", (_label, h) => {
    for (const op of ["eq", "neq", "like", "nlike"]) {
      const out = attempt(d, { where: `(SingleLineText,${op},${h})` });
      const harmless = attempt(d, { where: `(SingleLineText,${op},harmless)` });
      expectOnlyInParams(out, h, harmless);
      if ("ok" in out && (op === "eq" || op === "neq") && !h.includes(")")) expect(out.ok[0]!.params).toContain(h);
    }
    for (const where of [
      `(Number,eq,${h})`,
      `(Decimal,gt,${h})`,
      `(Date,eq,${h})`,
      `(DateTime,isWithin,${h})`,
      `(Checkbox,eq,${h})`,
      `(MultiSelect,anyof,${h})`,
      `(SingleSelect,in,${h})`,
      `(JSON,eq,${h})`,
      `(Number,in,${h})`,
      `(Rating,btw,${h})`,
    ]) {
      const out = attempt(d, { where });
      if ("ok" in out && checkable(h)) out.ok.forEach((q) => expect(q.sql).not.toContain(h));
    }
  });

  it.each(CORPUS.map((h) => [JSON.stringify(h).slice(0, 40), h] as const))(
    "title, op, sort, fields and search %s",
    (_label, h) => {
      expect(attempt(d, { where: `(${h},eq,1)` })).toHaveProperty("error");
      const op = attempt(d, { where: `(Number,${h},1)` });
      if (!["null", "NULL"].includes(h)) expect(op).toHaveProperty("error");
      for (const res of [
        attempt(d, { where: h }),
        attempt(d, { sort: h }),
        attempt(d, { fields: h }),
        attempt(d, { search: { query: h } }),
      ]) {
        if ("ok" in res && checkable(h)) res.ok.forEach((q) => expect(q.sql).not.toContain(h));
      }
      if (!blank(h)) {
        expect(attempt(d, { sort: [`-${h}`] })).toMatchObject({ error: expect.stringContaining("not found in sort") });
        expect(attempt(d, { fields: [h] })).toMatchObject({ error: expect.stringContaining("not found in fields") });
      }
    },
  );

  it.each(CORPUS.map((h) => [JSON.stringify(h).slice(0, 40), h] as const))("column title and name %s", (_label, h) => {
    const table: QueryTable = {
      tableName: h,
      columns: [col("Id", "ID", { pk: true }), { ...col("T", "SingleLineText"), title: h, columnName: h }],
    };
    if (h.includes("\0") || h === "") {
      expect(attempt(d, {}, table)).toMatchObject({ error: expect.stringContaining("Invalid identifier") });
      return;
    }
    const quoted = quoteIdent(d, h);
    for (const input of [
      { sort: [h] },
      { fields: [h, "Id"] },
      { where: `(${h},eq,v)` },
      { search: { query: "v", fields: [h] } },
    ]) {
      const res = attempt(d, input, table);
      if ("error" in res) {
        expect(res.error).toMatch(/not found|Invalid where|too large/);
        continue;
      }
      for (const q of res.ok) {
        expect(q.sql).toContain(quoted);
        // Outside the quoted identifiers only compiler-written text remains.
        if (checkable(h)) expect(q.sql.split(quoted).join("")).not.toContain(h);
      }
    }
  });
});
