/**
 * MySQL and MariaDB (and PlanetScale/Vitess). Their collations ignore case and trailing spaces,
 * so exact text work goes through `CAST(.. AS BINARY)`; booleans are 0/1; NULL placement in a sort
 * is an `IS NULL` term of its own; a list is JSON text built by GROUP_CONCAT (MySQL 8 orders no
 * JSON_ARRAYAGG, and MariaDB correlates no derived table with the outer row).
 */
import { join, lit, param, sql, type Frag } from "../frag";
import { conditionsAsValues, digitsValue, limitOffset, missingIn, standardDdl } from "./common";
import { mysqlBucket } from "./date-buckets";
import type { ListLimit, Refusal, SqlDialect } from "./dialect";

const QUOTES = ["`", "`"] as const;
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();

/** A value's JSON text, for arrays assembled as text; `json`: it already is JSON. */
function jsonItem(v: Frag, json: boolean): Frag {
  if (json) return sql`COALESCE(CAST(${v} AS CHAR), 'null')`;
  return sql`SUBSTRING(JSON_ARRAY(${v}), 2, CHAR_LENGTH(JSON_ARRAY(${v})) - 2)`;
}

const jsonArray = (items: Frag, order: Frag) =>
  sql`CONCAT('[', COALESCE(GROUP_CONCAT(${items} ORDER BY ${order} SEPARATOR ','), ''), ']')`;

/** The row's key is at most the n-th linked key (every record when there are fewer). */
function withinFirst(order: Frag, limit: ListLimit): Frag {
  const nth = (cols: Frag) =>
    sql`(SELECT ${cols} ${limit.from.sql} ORDER BY ${limit.order} LIMIT 1 OFFSET ${lit(String(Math.trunc(limit.n) - 1))})`;
  return sql`(${nth(sql`1`)} IS NULL OR (${order}) <= ${nth(limit.order)})`;
}

const binary = (x: Frag) => sql`CAST(${x} AS BINARY)`;

export const mysql: SqlDialect = {
  name: "mysql",
  quotes: QUOTES,
  placeholder: () => "?",
  namedParams: false,

  canonicalValues: false,
  checkboxValue: (on) => (on ? 1 : 0),
  // datetime(3) has no zone: UTC by convention, without the `T` and `Z`.
  instantValue: (iso) => iso.slice(0, 23).replace("T", " "),
  utcDateObjects: false,
  keysBoundAsText: false,
  userDirectory: false,

  textEq: (c, v) => sql`${binary(c)} = ${binary(v)}`,
  textIn: (c, values) => sql`${binary(c)} IN (${join(values.map(binary), ", ")})`,
  like: (c, pattern) => sql`lower(${c}) LIKE lower(${pattern}) COLLATE utf8mb4_bin ESCAPE '!'`,
  listContains: (c, item) => sql`LOCATE(${binary(item)}, CAST(CONCAT(',', ${c}, ',') AS BINARY)) > 0`,
  jsonEq: (c, v) => sql`JSON_EXTRACT(${c}, '$') = JSON_EXTRACT(${v}, '$')`,
  orderTerm: (c, desc, text) => {
    const key = text ? binary(c) : c;
    return desc ? sql`${c} IS NULL ASC, ${key} DESC` : sql`${c} IS NULL DESC, ${key} ASC`;
  },
  pageCount: (n) => param(String(n)),
  orderAndPage: (order, limit, offset) => limitOffset(mysql, order, limit, offset),
  sortsComputedInSelect: false,
  aggregatesSubqueries: true,
  keysetPages: false,

  perRecord: (value, from) => ({ value, sql: from.sql }),
  jsonPair: (k, v) => sql`JSON_ARRAY(${k}, ${v})`,
  jsonList: (value, json, from, order, limit) => {
    const where = limit === undefined ? from.where : sql`${from.where} AND ${withinFirst(order, limit)}`;
    return sql`(SELECT ${jsonArray(jsonItem(value, json), order)} ${from.from} WHERE ${where})`;
  },
  listElements: (list, from, order) => {
    const table = sql`JSON_TABLE(${list}, '$[*]' COLUMNS (n FOR ORDINALITY, value JSON PATH '$')) AS _e`;
    return sql`(SELECT ${jsonArray(jsonItem(sql`_e.value`, true), sql`${order}, _e.n`)} ${from.from} CROSS JOIN ${table} WHERE ${from.where})`;
  },
  textList: (scalar, from, order) => sql`(SELECT GROUP_CONCAT(${scalar} ORDER BY ${order} SEPARATOR ', ') ${from.sql})`,
  average: (v, distinct) => (distinct ? sql`AVG(DISTINCT ${v})` : sql`AVG(${v})`),

  ...conditionsAsValues(() => mysql),
  numValue: (v) => sql`CAST(${param(v)} AS DOUBLE)`,
  intValue: (v) => sql`CAST(${param(v)} AS SIGNED)`,
  textValue: (v) => param(v),
  boolConst: (b) => lit(b ? "1" : "0"),
  unknownCond: () => lit("NULL"),
  boolTruthy: (x) => sql`(COALESCE(${x}, 0) <> 0)`,
  nullOf: () => lit("NULL"),
  asReal: (x) => sql`CAST(${x} AS DOUBLE)`,
  numberResult: (x) => mysql.asReal(x),
  boolAsNumber: (x) => x,
  boolTest: (x) => sql`${x} <> 0`,
  trunc: (x) => sql`TRUNCATE(${x}, 0)`,
  ceil: (x) => sql`CEILING(${x})`,
  textToInt: (x) => sql`CAST(${x} AS SIGNED)`,
  toInt: (x) => sql`CAST(TRUNCATE(${x}, 0) AS SIGNED)`,
  atLeast: (k, m) => sql`GREATEST(${k}, ${m})`,
  numberText: (x) =>
    sql`CASE WHEN ${x} = TRUNCATE(${x}, 0) AND ABS(${x}) < 9.2e18 THEN CAST(CAST(${x} AS SIGNED) AS CHAR) WHEN ${x} = TRUNCATE(${x}, 0) THEN CAST(${x} AS CHAR) ELSE TRIM(TRAILING '.' FROM TRIM(TRAILING '0' FROM CAST(ROUND(${x}, 14 - FLOOR(LOG10(ABS(${x})))) AS CHAR))) END`,
  textLength: (x) => sql`char_length(${x})`,
  isEmptyText: (x) => sql`${mysql.textLength(x)} = 0`,
  textCompare: (op, a, b) => sql`(CAST(${a} AS BINARY)${lit(` ${op} `)}CAST(${b} AS BINARY))`,
  concat: (parts) => sql`CONCAT(${join(parts, ", ")})`,
  substr: (s, start, len) => (len ? sql`SUBSTRING(${s}, ${start}, ${len})` : sql`SUBSTRING(${s}, ${start})`),
  foldCase: (x, to) => {
    const [from, into] = to === "upper" ? [LOWER, UPPER] : [UPPER, LOWER];
    let out = x;
    for (let i = 0; i < from.length; i++) out = sql`REPLACE(${out}, ${lit(`'${from[i]}'`)}, ${lit(`'${into[i]}'`)})`;
    return out;
  },
  locate: (hay, needle) =>
    sql`LOCATE(CONVERT(${needle} USING utf8mb4) COLLATE utf8mb4_bin, CONVERT(${hay} USING utf8mb4) COLLATE utf8mb4_bin)`,

  extremum: (xs, fn) => sql`${lit(fn === "max" ? "GREATEST" : "LEAST")}(${join(xs, ", ")})`,
  numberIn: (s) =>
    digitsValue(mysql, sql`REGEXP_REPLACE(${s}, '[^0-9.]', '')`, (ch) => sql`LOCATE('${lit(ch)}', ${s}) > 0`),
  ln: (x) => sql`LN(${x})`,
  pow: (x, y) => sql`POW(${x}, ${y})`,
  pow10: (k) => sql`POW(10, ${k})`,
  right: (s, n) => sql`RIGHT(${s}, ${n})`,
  repeat: (s, asked, cap) => sql`REPEAT(${s}, LEAST(${asked}, ${cap} DIV GREATEST(CHAR_LENGTH(${s}), 1)))`,
  replace: (s, a, b) => sql`replace(${s}, ${a}, ${b})`,

  toStamp: (x) => sql`CAST(${x} AS DATETIME)`,
  formatStamp: (x, type) =>
    type === "date" ? sql`DATE_FORMAT(${x}, '%Y-%m-%d')` : sql`DATE_FORMAT(${x}, '%Y-%m-%d %H:%i:%s')`,
  secondsBetween: (a, b) => sql`TIMESTAMPDIFF(SECOND, CAST(${b} AS DATETIME), CAST(${a} AS DATETIME))`,
  addToDate: (x, unit, n, out) =>
    mysql.formatStamp(sql`DATE_ADD(${mysql.toStamp(x)}, INTERVAL ${n.sql} ${lit(unit.toUpperCase())})`, out),
  weekday: (x, s) => sql`((WEEKDAY(${mysql.toStamp(x)}) + ${lit(String(7 - s))}) % 7)`,

  formulaColumn: {
    number: (col) => sql`CAST(${col} AS DOUBLE)`,
    date: (col) => sql`DATE_FORMAT(${col}, '%Y-%m-%d')`,
    datetime: (col) => sql`DATE_FORMAT(${col}, '%Y-%m-%d %H:%i:%s')`,
    time: (col) => sql`CAST(${col} AS CHAR)`,
  },

  keyColumnDef: "int NOT NULL AUTO_INCREMENT PRIMARY KEY",
  integerType: "INTEGER",
  ...standardDdl(QUOTES),
  // RENAME TABLE names both sides: a bare new name would be the current database's.
  renameTable: (from, _to, toQualified) => `RENAME TABLE ${from} TO ${toQualified}`,
  addForeignKeyColumn: (table, col, type, constraint, refs) =>
    `ALTER TABLE ${table} ADD COLUMN ${col} ${type} NULL, ADD CONSTRAINT ${constraint} FOREIGN KEY (${col}) ${refs}`,
  dropForeignKey: "DROP FOREIGN KEY",

  insertedKeys: "insertId",
  defaultRow: "() VALUES ()",
  planRows: async (run, select, params) => {
    const rows = await run(`EXPLAIN ${select}`, params);
    const r = rows[0] as { rows?: unknown; filtered?: unknown } | undefined;
    return r?.rows === undefined ? null : Math.round(Number(r.rows) * (Number(r.filtered ?? 100) / 100));
  },
  // ER_BAD_FIELD_ERROR 1054 (`Unknown column 't.x' in 'SELECT'`), ER_NO_SUCH_TABLE 1146 (`Table
  // 'db.t' doesn't exist`); PlanetScale's HTTP API gives only `(errno 1054)` in its message.
  dateBucket: mysqlBucket,
  missingName: (r) =>
    missingIn(r.message, [
      ["column", mysqlError(r, "ER_BAD_FIELD_ERROR", 1054), /Unknown column '([^']+)'/],
      ["table", mysqlError(r, "ER_NO_SUCH_TABLE", 1146), /Table '([^']+)'/],
    ]),
};

/** A MySQL refusal of this code, by the driver's code, the server's errno, or PlanetScale's `(errno n)`. */
function mysqlError(r: Refusal, code: string, errno: number): boolean {
  return r.code === code || r.number === errno || new RegExp(`\\berrno ${errno}\\b`).test(r.message);
}
