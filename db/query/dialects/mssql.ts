/**
 * SQL Server (2022 and later; tedious). Its default collations ignore case and `=` ignores
 * trailing spaces, so exact text work uses the binary collation and counts lengths; T-SQL has no
 * boolean values, only conditions (db/formula/sqlkit.ts rules); parameters are names (`@p1`);
 * pages are OFFSET/FETCH; an aggregate takes no sub-query, so linked values are computed per
 * record first (CROSS APPLY).
 */
import { join, lit, or, param, quoteWith, sql, type Frag } from "../frag";
import { missingIn, strictExtremum } from "./common";
import { mssqlBucket } from "./date-buckets";
import type { SqlDialect } from "./dialect";

/** SQL Server's exact, code-point collation: no case or accent folding, ordered by code unit. */
export const MSSQL_BINARY = "Latin1_General_100_BIN2";

/**
 * SQL Server's exact collation that also knows supplementary characters (SQL Server 2019+; every
 * `_UTF8` collation is supplementary-aware): LEN, SUBSTRING, LEFT, RIGHT and CHARINDEX count an
 * emoji as one character under it, as two (its UTF-16 surrogates) under MSSQL_BINARY. Formulas use it
 * for their character functions (`chars`), on nvarchar values only.
 */
export const MSSQL_CHARS = "Latin1_General_100_BIN2_UTF8";

const QUOTES = ["[", "]"] as const;
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const BIN = lit(` COLLATE ${MSSQL_BINARY}`);

/** Same characters (binary) and same length counting trailing spaces. */
const textEq = (c: Frag, v: Frag): Frag =>
  sql`(${c}${BIN} = ${v} AND LEN(CONCAT(${c}, N'x')) = LEN(CONCAT(${v}, N'x')))`;

/** Text as nvarchar(max) under the exact, supplementary-aware collation. */
const chars = (x: Frag): Frag => sql`(CAST(${x} AS nvarchar(max)) COLLATE ${lit(MSSQL_CHARS)})`;

/** A text's comparison key (db/formula/sqlkit.ts rules). */
const textKey = (x: Frag) => sql`(CAST(${x} AS nvarchar(max)) + NCHAR(0)) COLLATE ${lit(MSSQL_BINARY)}`;

/** Text trimmed of trailing `ch` (text without spaces), by the RTRIM/REPLACE trick. */
const trimEnd = (x: Frag, ch: "0" | ".") =>
  sql`REPLACE(RTRIM(REPLACE(${x}, ${lit(`'${ch}'`)}, ' ')), ' ', ${lit(`'${ch}'`)})`;

/** A value's JSON text, for arrays assembled as text; `json`: it already is JSON. */
function jsonItem(v: Frag, json: boolean): Frag {
  if (json) return sql`COALESCE(CAST(${v} AS nvarchar(max)), N'null')`;
  return sql`SUBSTRING(JSON_ARRAY(${v} NULL ON NULL), 2, LEN(JSON_ARRAY(${v} NULL ON NULL)) - 2)`;
}

const jsonArray = (items: Frag, order: Frag) =>
  sql`CONCAT(N'[', STRING_AGG(CAST(${items} AS nvarchar(max)), N',') WITHIN GROUP (ORDER BY ${order}), N']')`;

/**
 * VALUE: the text is read once into a derived table (`gb_fv_t.s`, so a column of the user's table
 * named like the series' `value` cannot capture it), its digits and points joined.
 */
function numberIn(s: Frag): Frag {
  const text = sql`gb_fv_t.s`;
  const at = sql`SUBSTRING(${text}, gb_fv_i.value, 1)`;
  const digits = sql`(SELECT COALESCE(STRING_AGG(${at}, N'') WITHIN GROUP (ORDER BY gb_fv_i.value), N'') FROM GENERATE_SERIES(1, CAST(COALESCE(LEN(${text}), 0) AS int), 1) AS gb_fv_i WHERE ${at} LIKE N'[0-9.]')`;
  const d = sql`gb_fv.d`;
  const points = sql`LEN(${d}) - LEN(REPLACE(${d}, N'.', N''))`;
  const has = (ch: string) => sql`CHARINDEX(N'${lit(ch)}', gb_fv.s) > 0`;
  const result = sql`CASE WHEN ${d} = N'' OR ${d} = N'.' OR ${points} > 1 THEN NULL ELSE TRY_CAST(${d} AS float) * (CASE WHEN ${has("-")} THEN -1 ELSE 1 END) / (CASE WHEN ${has("%")} THEN 100 ELSE 1 END) END`;
  return sql`(SELECT ${result} FROM (SELECT gb_fv_t.s, ${digits} AS d FROM (SELECT ${chars(s)} AS s) AS gb_fv_t) AS gb_fv)`;
}

function numberText(x: Frag): Frag {
  const places = sql`CAST(14 - FLOOR(LOG10(ABS(${x}))) AS int)`;
  const digits = sql`CAST(ROUND(CAST(${x} AS decimal(38, 18)), ${places}) AS varchar(40))`;
  return sql`CASE WHEN ${x} = FLOOR(${x}) AND ABS(${x}) < 9.2e18 THEN CAST(CAST(${x} AS bigint) AS varchar(20)) WHEN ${x} = FLOOR(${x}) THEN CONVERT(varchar(30), CAST(${x} AS float), 3) ELSE ${trimEnd(trimEnd(digits, "0"), ".")} END`;
}

/** An identifier as a T-SQL Unicode string literal (sp_rename takes names as strings). */
const nameLiteral = (name: string) => `N'${name.split("'").join("''")}'`;

export const mssql: SqlDialect = {
  name: "mssql",
  quotes: QUOTES,
  placeholder: (n) => `@p${n}`,
  namedParams: true,

  canonicalValues: false,
  checkboxValue: (on) => on,
  // datetime2(3) has no zone (UTC by convention); the ISO `Z` form does not convert to it.
  instantValue: (iso) => iso.slice(0, 23).replace("T", " "),
  utcDateObjects: true,
  keysBoundAsText: false,
  userDirectory: false,

  textEq,
  textIn: (c, values) => or(values.map((v) => textEq(c, v))),
  like: (c, pattern) => sql`LOWER(CAST(${c} AS nvarchar(max))) LIKE REPLACE(LOWER(${pattern}), N'[', N'![') ESCAPE '!'`,
  listContains: (c, item) => sql`CHARINDEX(${item}, CONCAT(N',', ${c}, N',')${BIN}) > 0`,
  jsonEq: (c, v) => textEq(sql`CAST(${c} AS nvarchar(max))`, v),
  // NULLs sort as on SQLite; text needs the binary collation for code point order.
  orderTerm: (c, desc, text) => {
    const key = text ? sql`${c}${BIN}` : c;
    return desc ? sql`${key} DESC` : sql`${key} ASC`;
  },
  pageCount: (n) => param(n),
  orderAndPage: (order, limit, offset) =>
    sql` ORDER BY ${order ?? sql`(SELECT NULL)`} OFFSET ${mssql.pageCount(offset)} ROWS FETCH NEXT ${mssql.pageCount(limit)} ROWS ONLY`,
  sortsComputedInSelect: true,
  aggregatesSubqueries: false,
  keysetPages: false,

  perRecord: (value, from) => ({
    value: sql`_a.v`,
    sql: sql`${from.from} CROSS APPLY (SELECT ${value} AS v) AS _a WHERE ${from.where}`,
  }),
  jsonPair: (k, v) => sql`JSON_ARRAY(${k}, ${v} NULL ON NULL)`,
  jsonList: (value, json, from, order, limit) => {
    if (limit === undefined) {
      const each = mssql.perRecord(value, from);
      return sql`(SELECT ${jsonArray(jsonItem(each.value, json), order)} ${each.sql})`;
    }
    const item = jsonItem(value, json);
    // The count is a constant of the code, never a user's value.
    const top = lit(`TOP (${Math.trunc(limit.n)})`);
    const limited = sql`(SELECT ${top} ${item} AS pair, ROW_NUMBER() OVER (ORDER BY ${order}) AS _o ${from.sql} ORDER BY ${order})`;
    return sql`(SELECT ${jsonArray(sql`_l.pair`, sql`_l._o`)} FROM ${limited} AS _l)`;
  },
  listElements: (list, from, order) => {
    // OPENJSON gives each item's text and JSON type: 0 null, 1 string (unescaped), others as JSON text.
    const item = sql`CASE _e.[type] WHEN 0 THEN N'null' WHEN 1 THEN CONCAT(N'"', STRING_ESCAPE(_e.[value], 'json'), N'"') ELSE _e.[value] END`;
    return sql`(SELECT ${jsonArray(item, sql`${order}, CAST(_e.[key] AS int)`)} ${from.from} CROSS APPLY OPENJSON(${list}) AS _e WHERE ${from.where})`;
  },
  textList: (scalar, from, order) => {
    const each = mssql.perRecord(scalar, from);
    return sql`(SELECT STRING_AGG(CAST(${each.value} AS nvarchar(max)), N', ') WITHIN GROUP (ORDER BY ${order}) ${each.sql})`;
  },
  // SQL Server averages integers as integers.
  average: (v, distinct) => (distinct ? sql`AVG(DISTINCT CAST(${v} AS float))` : sql`AVG(CAST(${v} AS float))`),

  conditionsAreValues: false,
  numValue: (v) => sql`CAST(${param(v)} AS float)`,
  intValue: (v) => sql`CAST(${param(v)} AS int)`,
  textValue: (v) => sql`CAST(${param(v)} AS nvarchar(max))`,
  boolConst: (b) => lit(b ? "1" : "0"),
  condConst: (b) => lit(b ? "(1 = 1)" : "(1 = 0)"),
  unknownCond: () => lit("(NULL = 0)"),
  conditionValue: (cond) => sql`CASE WHEN ${cond} THEN 1 WHEN NOT (${cond}) THEN 0 END`,
  holds: (cond) => sql`(CASE WHEN ${cond} THEN 1 ELSE 0 END = 1)`,
  flagValue: (cond) => sql`CASE WHEN ${cond} THEN 1 ELSE 0 END`,
  valueCondition: (value) => sql`(${value} <> 0)`,
  boolTruthy: (x) => sql`(COALESCE(${x}, 0) <> 0)`,
  // T-SQL has no predicate inside COALESCE: the blank is replaced before comparing.
  numberTruthy: (x) => sql`(COALESCE(${x}, 0) <> 0)`,
  textTruthy: (x) => sql`(COALESCE(DATALENGTH(${x}), 0) > 0)`,
  nullOf: (t) =>
    lit(t === "number" ? "CAST(NULL AS float)" : t === "boolean" ? "CAST(NULL AS int)" : "CAST(NULL AS nvarchar(max))"),
  asReal: (x) => sql`CAST(${x} AS float)`,
  numberResult: (x) => mssql.asReal(x),
  // 1/0 (or a bit column) would keep integer arithmetic (POWER(1, 0.5) is 1).
  boolAsNumber: (x) => sql`CAST(${x} AS float)`,
  boolTest: (x) => sql`${x} <> 0`,
  // ROUND's third argument truncates.
  trunc: (x) => sql`ROUND(${x}, 0, 1)`,
  ceil: (x) => sql`CEILING(${x})`,
  textToInt: (x) => sql`CAST(${x} AS bigint)`,
  // CAST of a float to int truncates, and raises past the range.
  toInt: (x) =>
    sql`CAST(CASE WHEN ${x} > 2147483647 THEN 2147483647 WHEN ${x} < -2147483647 THEN -2147483647 ELSE ${x} END AS int)`,
  atLeast: (k, m) => sql`CASE WHEN ${k} < ${m} THEN ${m} ELSE ${k} END`,
  numberText,
  textLength: (x) => sql`(LEN((CAST(${x} AS nvarchar(max)) + N'x') COLLATE ${lit(MSSQL_CHARS)}) - 1)`,
  isEmptyText: (x) => sql`DATALENGTH(${x}) = 0`,
  textCompare: (op, a, b) => sql`(${textKey(a)}${lit(` ${op} `)}${textKey(b)})`,
  // The first piece is nvarchar(max), so nothing is cut at 4,000 characters.
  concat: (parts) => sql`(${join([sql`CAST(${parts[0]!} AS nvarchar(max))`, ...parts.slice(1)], " + ")})`,
  // SUBSTRING needs a length.
  substr: (s, start, len) => sql`SUBSTRING(${chars(s)}, ${start}, ${len ?? lit("2147483647")})`,
  foldCase: (x, to) => {
    const [from, into] = to === "upper" ? [LOWER, UPPER] : [UPPER, LOWER];
    return sql`TRANSLATE(${chars(x)}, ${lit(`N'${from}'`)}, ${lit(`N'${into}'`)})`;
  },
  // CHARINDEX finds empty text nowhere (0); the others find it at 1.
  locate: (hay, needle) =>
    sql`CASE WHEN DATALENGTH(${needle}) = 0 THEN DATALENGTH(${hay}) * 0 + 1 ELSE CHARINDEX(${needle}, ${chars(hay)}) END`,

  extremum: strictExtremum,
  numberIn,
  ln: (x) => sql`LOG(${x})`,
  // POWER answers in its first argument's type.
  pow: (x, y) => sql`POWER(CAST(${x} AS float), ${y})`,
  pow10: (k) => sql`POWER(CAST(10 AS float), ${k})`,
  right: (s, n) => sql`RIGHT(${chars(s)}, ${n})`,
  // LEAST skips NULLs: a blank count must stay blank, not become the cap.
  repeat: (s, asked, cap) =>
    sql`CASE WHEN ${asked} IS NULL THEN NULL ELSE REPLICATE(CAST(${s} AS nvarchar(max)), LEAST(${asked}, ${cap} / GREATEST(${mssql.textLength(s)}, 1))) END`,
  // REPLACE matches under the text's collation, which may ignore case.
  replace: (s, a, b) => sql`REPLACE(${chars(s)}, ${a}, ${b})`,

  toStamp: (x) => sql`CAST(${x} AS datetime2(0))`,
  formatStamp: (x, type) =>
    type === "date" ? sql`CONVERT(varchar(10), ${x}, 23)` : sql`CONVERT(varchar(19), ${x}, 120)`,
  // DATEDIFF answers an int, which 68 years of seconds overflow.
  secondsBetween: (a, b) => sql`DATEDIFF_BIG(second, ${mssql.toStamp(b)}, ${mssql.toStamp(a)})`,
  addToDate: (x, unit, n, out) => mssql.formatStamp(sql`DATEADD(${lit(unit)}, ${n.sql}, ${mssql.toStamp(x)})`, out),
  // T-SQL's % keeps the dividend's sign: days before 1900 count back, hence + 14.
  weekday: (x, s) =>
    sql`((DATEDIFF(day, CAST('19000101' AS date), ${mssql.toStamp(x)}) % 7 + ${lit(String(14 - s))}) % 7)`,

  formulaColumn: {
    number: (col) => sql`CAST(${col} AS float)`,
    date: (col) => sql`CONVERT(varchar(10), ${col}, 23)`,
    // AT TIME ZONE marks a datetime2 as UTC and moves a datetimeoffset into UTC.
    datetime: (col) => sql`CONVERT(varchar(19), (${col} AT TIME ZONE 'UTC'), 121)`,
    time: (col) => sql`CONVERT(varchar(8), ${col}, 108)`,
  },

  keyColumnDef: "int IDENTITY(1,1) NOT NULL PRIMARY KEY",
  integerType: "int",
  addColumn: "ADD",
  // sp_rename: the object as `[table].[column]`, the new name bare.
  renameColumn: (table, from, to) =>
    `EXEC sp_rename ${nameLiteral(`${table}.${quoteWith(QUOTES, from)}`)}, ${nameLiteral(to)}, 'COLUMN'`,
  renameTable: (from, to) => `EXEC sp_rename ${nameLiteral(from)}, ${nameLiteral(to)}`,
  // T-SQL: ADD without COLUMN; a column constraint names its foreign key the same way.
  addForeignKeyColumn: (table, col, type, constraint, refs) =>
    `ALTER TABLE ${table} ADD ${col} ${type} NULL CONSTRAINT ${constraint} ${refs}`,
  dropForeignKey: "DROP CONSTRAINT",

  // OUTPUT INSERTED.<col>, between the columns and VALUES.
  insertedKeys: "output",
  defaultRow: "DEFAULT VALUES",
  planRows: () => Promise.resolve(null),
  // Error 207 `Invalid column name 'x'.`, 208 `Invalid object name 'dbo.t'.`
  dateBucket: mssqlBucket,
  missingName: (r) =>
    missingIn(r.message, [
      ["column", r.number === 207, /Invalid column name '([^']+)'/],
      ["table", r.number === 208, /Invalid object name '([^']+)'/],
    ]),
};
