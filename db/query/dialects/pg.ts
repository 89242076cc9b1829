/**
 * PostgreSQL (and the servers that speak it: Neon, Supabase, Citus, Hyperdrive). Bound values get
 * an explicit CAST in formulas (an untyped `$1` cannot pick an operator), booleans are real
 * booleans, text sorts by code point under COLLATE "C", and NULL placement is said explicitly.
 */
import { join, lit, param, sql } from "../frag";
import { conditionsAsValues, digitsValue, limitOffset, missingIn, standardDdl, strictExtremum } from "./common";
import { pgBucket } from "./date-buckets";
import type { SqlDialect } from "./dialect";

const QUOTES = ['"', '"'] as const;
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();

export const pg: SqlDialect = {
  name: "pg",
  quotes: QUOTES,
  placeholder: (n) => `$${n}`,
  namedParams: false,

  canonicalValues: false,
  checkboxValue: (on) => on,
  instantValue: (iso) => iso,
  utcDateObjects: false,
  keysBoundAsText: true,
  userDirectory: false,

  textEq: (c, v) => sql`${c} = ${v}`,
  textIn: (c, values) => sql`${c} IN (${join(values, ", ")})`,
  like: (c, pattern) => sql`lower(CAST(${c} AS text)) LIKE lower(${pattern}) ESCAPE '!'`,
  listContains: (c, item) => sql`strpos(',' || ${c} || ',', ${item}) > 0`,
  jsonEq: (c, v) => sql`${c} = CAST(${v} AS jsonb)`,
  orderTerm: (c, desc, text) => {
    const key = text ? sql`${c} COLLATE "C"` : c;
    return desc ? sql`${key} DESC NULLS LAST` : sql`${key} ASC NULLS FIRST`;
  },
  pageCount: (n) => param(n),
  orderAndPage: (order, limit, offset) => limitOffset(pg, order, limit, offset),
  sortsComputedInSelect: false,
  aggregatesSubqueries: true,
  keysetPages: false,

  perRecord: (value, from) => ({ value, sql: from.sql }),
  jsonPair: (k, v) => sql`json_build_array(${k}, ${v})`,
  jsonList: (value, _json, from, order, limit) => {
    if (limit === undefined)
      return sql`(SELECT COALESCE(json_agg(${value} ORDER BY ${order}), '[]'::json) ${from.sql})`;
    const limited = sql`(SELECT ${value} AS pair, row_number() OVER (ORDER BY ${order}) AS _o ${from.sql} ORDER BY ${order} LIMIT ${param(limit.n)})`;
    return sql`(SELECT COALESCE(json_agg(_l.pair ORDER BY _l._o), '[]'::json) FROM ${limited} AS _l)`;
  },
  listElements: (list, from, order) =>
    sql`(SELECT COALESCE(json_agg(_e.value ORDER BY ${order}, _e.n), '[]'::json) ${from.from} CROSS JOIN LATERAL json_array_elements(CAST(${list} AS json)) WITH ORDINALITY AS _e(value, n) WHERE ${from.where})`,
  textList: (scalar, from, order) =>
    sql`(SELECT string_agg(CAST(${scalar} AS text), ', ' ORDER BY ${order}) ${from.sql})`,
  average: (v, distinct) => (distinct ? sql`AVG(DISTINCT ${v})` : sql`AVG(${v})`),

  ...conditionsAsValues(() => pg),
  numValue: (v) => sql`CAST(${param(v)} AS double precision)`,
  intValue: (v) => sql`CAST(${param(v)} AS integer)`,
  textValue: (v) => sql`CAST(${param(v)} AS text)`,
  boolConst: (b) => lit(b ? "TRUE" : "FALSE"),
  unknownCond: () => pg.nullOf("boolean"),
  boolTruthy: (x) => sql`COALESCE(${x}, FALSE)`,
  nullOf: (t) =>
    lit(
      t === "number"
        ? "CAST(NULL AS double precision)"
        : t === "boolean"
          ? "CAST(NULL AS boolean)"
          : "CAST(NULL AS text)",
    ),
  asReal: (x) => sql`CAST(${x} AS double precision)`,
  numberResult: (x) => pg.asReal(x),
  boolAsNumber: (x) => sql`CAST(CAST(${x} AS integer) AS double precision)`,
  boolTest: (x) => x,
  trunc: (x) => sql`trunc(${x})`,
  ceil: (x) => sql`ceil(${x})`,
  textToInt: (x) => sql`CAST(${x} AS bigint)`,
  toInt: (x) =>
    sql`CAST(trunc(CASE WHEN ${x} > 2147483647 THEN 2147483647 WHEN ${x} < -2147483647 THEN -2147483647 ELSE ${x} END) AS integer)`,
  atLeast: (k, m) => sql`CASE WHEN ${k} < ${m} THEN ${m} ELSE ${k} END`,
  numberText: (x) =>
    sql`CASE WHEN ${x} = trunc(${x}) AND abs(${x}) < 9.2e18 THEN CAST(CAST(${x} AS bigint) AS text) ELSE CAST(CAST(${x} AS numeric) AS text) END`,
  textLength: (x) => sql`char_length(${x})`,
  isEmptyText: (x) => sql`${pg.textLength(x)} = 0`,
  textCompare: (op, a, b) => {
    const o = lit(` ${op} `);
    return op !== "=" && op !== "<>" ? sql`((${a}) COLLATE "C"${o}(${b}))` : sql`(${a}${o}${b})`;
  },
  concat: (parts) => sql`(${join(parts, " || ")})`,
  substr: (s, start, len) => (len ? sql`substr(${s}, ${start}, ${len})` : sql`substr(${s}, ${start})`),
  foldCase: (x, to) => {
    const [from, into] = to === "upper" ? [LOWER, UPPER] : [UPPER, LOWER];
    return sql`translate(${x}, ${lit(`'${from}'`)}, ${lit(`'${into}'`)})`;
  },
  locate: (hay, needle) => sql`strpos(${hay}, ${needle})`,

  extremum: strictExtremum,
  numberIn: (s) =>
    digitsValue(pg, sql`regexp_replace(${s}, '[^0-9.]', '', 'g')`, (ch) => sql`strpos(${s}, '${lit(ch)}') > 0`),
  ln: (x) => sql`ln(${x})`,
  pow: (x, y) => sql`power(${x}, ${y})`,
  pow10: (k) => sql`power(10, ${k})`,
  right: (s, n) => sql`right(${s}, ${n})`,
  // LEAST skips NULLs: a blank count must stay blank, not become the cap.
  repeat: (s, asked, cap) =>
    sql`CASE WHEN ${asked} IS NULL THEN NULL ELSE repeat(${s}, LEAST(${asked}, ${cap} / GREATEST(char_length(${s}), 1))) END`,
  replace: (s, a, b) => sql`replace(${s}, ${a}, ${b})`,

  toStamp: (x) => sql`CAST(${x} AS timestamp)`,
  formatStamp: (x, type) =>
    type === "date" ? sql`to_char(${x}, 'YYYY-MM-DD')` : sql`to_char(${x}, 'YYYY-MM-DD HH24:MI:SS')`,
  secondsBetween: (a, b) =>
    sql`CAST(EXTRACT(EPOCH FROM (CAST(${a} AS timestamp) - CAST(${b} AS timestamp))) AS double precision)`,
  addToDate: (x, unit, n, out) => pg.formatStamp(sql`(${pg.toStamp(x)} + ${n.sql} * interval '1 ${lit(unit)}')`, out),
  weekday: (x, s) => sql`((CAST(EXTRACT(ISODOW FROM ${pg.toStamp(x)}) AS integer) + ${lit(String(6 - s))}) % 7)`,

  formulaColumn: {
    number: (col) => sql`CAST(${col} AS double precision)`,
    date: (col) => sql`to_char(${col}, 'YYYY-MM-DD')`,
    datetime: (col) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`,
    time: (col) => sql`CAST(${col} AS text)`,
  },

  keyColumnDef: "integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
  integerType: "integer",
  ...standardDdl(QUOTES),
  dropForeignKey: "cascade",

  insertedKeys: "returning",
  defaultRow: "DEFAULT VALUES",
  planRows: async (run, select, params) => {
    const [r] = await run(`EXPLAIN (FORMAT JSON) ${select}`, params);
    const plan = (
      typeof r?.["QUERY PLAN"] === "string" ? JSON.parse(r["QUERY PLAN"] as string) : r?.["QUERY PLAN"]
    ) as Array<{ Plan: { "Plan Rows": number } }>;
    return Math.round(plan[0]!.Plan["Plan Rows"]);
  },
  // SQLSTATE 42703 undefined_column (`column t.x does not exist`, `column "x" of relation "t" does
  // not exist`), 42P01 undefined_table (`relation "t" does not exist`).
  dateBucket: pgBucket,
  missingName: (r) =>
    missingIn(r.message, [
      ["column", r.code === "42703", /column "?([^"\s]+)"? (?:of relation|does not exist)/],
      ["table", r.code === "42P01", /relation "([^"]+)"/],
    ]),
};
