/**
 * SQLite: the project's own database (the room) and libSQL/sqld sources. It is the canonical
 * form: values bind and read back as stored, booleans are 0/1, text compares by code point
 * (BINARY) and NULLs sort first ascending, so most of its SQL says nothing extra.
 */
import { join, lit, param, sql, type Frag } from "../frag";
import { conditionsAsValues, digitsValue, limitOffset, missingIn, standardDdl } from "./common";
import { sqliteBucket } from "./date-buckets";
import type { SqlDialect } from "./dialect";

const QUOTES = ['"', '"'] as const;

export const sqlite: SqlDialect = {
  name: "sqlite",
  quotes: QUOTES,
  placeholder: () => "?",
  namedParams: false,

  canonicalValues: true,
  checkboxValue: (on) => (on ? 1 : 0),
  instantValue: (iso) => iso,
  utcDateObjects: false,
  keysBoundAsText: false,
  userDirectory: true,

  textEq: (c, v) => sql`${c} = ${v}`,
  textIn: (c, values) => sql`${c} IN (${join(values, ", ")})`,
  like: (c, pattern) => sql`lower(${c}) LIKE lower(${pattern}) ESCAPE '!'`,
  listContains: (c, item) => sql`instr(',' || ${c} || ',', ${item}) > 0`,
  jsonEq: (c, v) => sql`${c} = ${v}`,
  // SQLite already sorts text by code point and NULLs first ascending (last descending); saying
  // nothing more keeps an index on the column usable for ORDER BY ... LIMIT.
  orderTerm: (c, desc) => (desc ? sql`${c} DESC` : sql`${c} ASC`),
  pageCount: (n) => param(n),
  orderAndPage: (order, limit, offset) => limitOffset(sqlite, order, limit, offset),
  sortsComputedInSelect: false,
  aggregatesSubqueries: true,
  keysetPages: true,

  perRecord: (value, from) => ({ value, sql: from.sql }),
  jsonPair: (k, v) => sql`json_array(${k}, ${v})`,
  jsonList: (value, _json, from, order, limit) => {
    if (limit === undefined) return sql`(SELECT json_group_array(${value}) ${from.sql})`;
    const limited = sql`(SELECT ${value} AS pair ${from.sql} ORDER BY ${order} LIMIT ${param(limit.n)})`;
    return sql`(SELECT json_group_array(json(_l.pair)) FROM ${limited} AS _l)`;
  },
  listElements: (list, from) =>
    sql`(SELECT json_group_array(_e.value) ${from.from}, json_each(${list}) AS _e WHERE ${from.where})`,
  textList: (scalar, from) => sql`(SELECT group_concat(${scalar}, ', ') ${from.sql})`,
  average: (v, distinct) => (distinct ? sql`AVG(DISTINCT ${v})` : sql`AVG(${v})`),

  ...conditionsAsValues(() => sqlite),
  numValue: (v) => param(v),
  intValue: (v) => param(v),
  textValue: (v) => param(v),
  boolConst: (b) => lit(b ? "1" : "0"),
  unknownCond: () => lit("NULL"),
  boolTruthy: (x) => sql`(COALESCE(${x}, 0) <> 0)`,
  nullOf: () => lit("NULL"),
  asReal: (x) => sql`CAST(${x} AS REAL)`,
  numberResult: (x) => x,
  boolAsNumber: (x) => x,
  boolTest: (x) => sql`${x} <> 0`,
  trunc: (x) => sql`trunc(${x})`,
  ceil: (x) => sql`ceil(${x})`,
  textToInt: (x) => sql`CAST(${x} AS INTEGER)`,
  toInt: (x) => sql`CAST(${x} AS INTEGER)`,
  atLeast: (k, m) => sql`max(${k}, ${m})`,
  numberText: (x) =>
    sql`CASE WHEN ${x} = CAST(${x} AS INTEGER) THEN CAST(CAST(${x} AS INTEGER) AS TEXT) ELSE CAST(${x} AS TEXT) END`,
  textLength: (x) => sql`length(${x})`,
  isEmptyText: (x) => sql`${sqlite.textLength(x)} = 0`,
  textCompare: (op, a, b) => sql`(${a}${lit(` ${op} `)}${b})`,
  concat: (parts) => sql`(${join(parts, " || ")})`,
  substr: (s, start, len) => (len ? sql`substr(${s}, ${start}, ${len})` : sql`substr(${s}, ${start})`),
  foldCase: (x, to) => (to === "upper" ? sql`upper(${x})` : sql`lower(${x})`),
  locate: (hay, needle) => sql`instr(${hay}, ${needle})`,

  extremum: (xs, fn) => sql`${lit(fn)}(${join(xs, ", ")})`,
  numberIn: (s) => {
    const has = (ch: string) => sql`instr(${s}, '${lit(ch)}') > 0`;
    const ch = sql`substr(${s}, gb_fv_i, 1)`;
    return sql`(WITH RECURSIVE gb_formula_value(gb_fv_i, gb_fv_o) AS (SELECT 1, '' UNION ALL SELECT gb_fv_i + 1, gb_fv_o || CASE WHEN ${ch} GLOB '[0-9.]' THEN ${ch} ELSE '' END FROM gb_formula_value WHERE gb_fv_i <= length(${s})) SELECT ${digitsValue(sqlite, lit("gb_fv_o"), has)} FROM gb_formula_value WHERE gb_fv_i = length(${s}) + 1)`;
  },
  ln: (x) => sql`ln(${x})`,
  pow: (x, y) => sql`pow(${x}, ${y})`,
  pow10: (k) => sql`CAST('1e' || ${k} AS REAL)`,
  right: (s, n) => sql`substr(${s}, max(length(${s}) - ${n} + 1, 1))`,
  repeat: (s, asked, cap, literal) => {
    const n = sql`min(${asked}, ${cap} / max(length(${s}), 1))`;
    const out = sql`replace(hex(zeroblob(${n})), '00', ${s})`;
    return literal ? out : sql`CASE WHEN ${n} IS NULL THEN NULL ELSE ${out} END`;
  },
  replace: (s, a, b) => sql`replace(${s}, ${a}, ${b})`,

  toStamp: (x) => x,
  formatStamp: (x, type) => (type === "date" ? sql`date(${x})` : sql`datetime(${x})`),
  secondsBetween: (a, b) => sql`(unixepoch(${a}) - unixepoch(${b}))`,
  // Modifiers: `+n days`; months and years keep the day, clamped to the month's end by `floor`.
  addToDate: (x, unit, n, out) => {
    const times = unit === "week" ? 7 : 1;
    const word = `${unit === "week" ? "day" : unit}s`;
    const modifier: Frag =
      n.literal !== undefined
        ? sqlite.textValue(`${Math.trunc(n.literal) * times} ${word}`)
        : sql`(${n.sql} * ${lit(String(times))}) || ' ${lit(word)}'`;
    const fn = lit(out === "date" ? "date" : "datetime");
    return unit === "month" || unit === "year" ? sql`${fn}(${x}, ${modifier}, 'floor')` : sql`${fn}(${x}, ${modifier})`;
  },
  weekday: (x, s) => sql`((CAST(strftime('%w', ${x}) AS INTEGER) + ${lit(String(13 - s))}) % 7)`,

  formulaColumn: {
    number: (col) => col,
    date: (col) => sql`date(${col})`,
    datetime: (col) => sql`datetime(${col})`,
    time: (col) => col,
  },

  keyColumnDef: "INTEGER PRIMARY KEY AUTOINCREMENT",
  integerType: "INTEGER",
  ...standardDdl(QUOTES),
  dropForeignKey: "refuse",

  insertedKeys: "returning",
  defaultRow: "DEFAULT VALUES",
  planRows: () => Promise.resolve(null),
  // SQLite has one code for every statement error (SQLITE_ERROR): the message says which.
  dateBucket: sqliteBucket,
  missingName: (r) =>
    missingIn(r.message, [
      ["column", /no such column/.test(r.message), /no such column: (\S+)/],
      ["table", /no such table/.test(r.message), /no such table: (\S+)/],
    ]),
};
