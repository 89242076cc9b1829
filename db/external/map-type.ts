/**
 * A source column's database type to the field type the app shows (issue 20). Rules, on the
 * type name as the database reports it:
 * - integers (int, smallint, bigint, serial, int2/4/8, mediumint; tinyint other than tinyint(1)) → Number
 * - numeric, decimal, real, float, double, money → Decimal
 * - boolean, bool, tinyint(1), bit(1) → Checkbox
 * - date → Date; timestamp*, datetime → DateTime; time → Time; year → Year
 * - json, jsonb → JSON
 * - enum → SingleSelect (its values as options); MySQL set → MultiSelect
 * - varchar, char, character varying, nvarchar, citext, a SQLite "TEXT" with a length → SingleLineText
 * - text, mediumtext, longtext, tinytext, clob → LongText
 * - anything else (uuid, bytea, blob, inet, arrays, geometry, intervals...) → SpecificDBType,
 *   kept as text with the database type in its options.
 * SQL Server: bit → Checkbox; datetime2, datetime, smalldatetime, datetimeoffset → DateTime;
 * nvarchar/varchar/nchar/char → SingleLineText, but (max) → LongText; ntext/text → LongText;
 * money/smallmoney → Decimal; its `timestamp` is rowversion (binary), so SpecificDBType.
 * SQLite declared types follow its affinity rules (INT → Number, CHAR/CLOB/TEXT → text,
 * REAL/FLOA/DOUB → Decimal, NUMERIC/DECIMAL → Decimal, BOOL → Checkbox, DATE/TIME names → dates).
 */
import type { UIType } from "../fields/types";
import type { Dialect } from "../fields/types";
import { SELECT_PALETTE } from "../fields/common/select";
import type { SourceColumn } from "./driver";

export interface MappedType {
  uidt: UIType;
  meta: Record<string, unknown>;
  colOptions: Record<string, unknown> | null;
}

const INTS = /^(int|integer|smallint|bigint|mediumint|serial|bigserial|smallserial|int2|int4|int8|unsigned|signed)$/;
const DECIMALS = /^(numeric|decimal|real|float|float4|float8|double|double precision|money|dec|fixed)$/;

function options(values: string[]) {
  return {
    options: values.map((title, i) => ({ title, color: SELECT_PALETTE[i % SELECT_PALETTE.length], order: i + 1 })),
  };
}

function sqliteType(c: SourceColumn): UIType {
  const t = c.dt;
  if (/bool/.test(t)) return "Checkbox";
  if (/^(datetime|timestamp)/.test(t)) return "DateTime";
  if (t === "date") return "Date";
  if (t === "time") return "Time";
  if (/json/.test(t)) return "JSON";
  if (/int/.test(t)) return "Number";
  if (/char|clob/.test(t)) return c.type.includes("(") ? "SingleLineText" : "LongText";
  if (/text/.test(t)) return "LongText";
  if (/real|floa|doub|numeric|decimal/.test(t)) return "Decimal";
  return t === "" ? "LongText" : "SpecificDBType";
}

function mssqlType(c: SourceColumn): UIType | null {
  const t = c.dt;
  if (t === "bit") return "Checkbox";
  if (t === "timestamp" || t === "rowversion") return "SpecificDBType";
  if (/^(datetime2|datetime|smalldatetime|datetimeoffset)$/.test(t)) return "DateTime";
  if (/^(n?varchar|n?char)$/.test(t) && c.maxLength === -1) return "LongText";
  if (t === "ntext") return "LongText";
  if (t === "smallmoney") return "Decimal";
  return null;
}

/**
 * Types a dialect names its own way, read before the common names: SQL Server's (null: a common
 * name), SQLite's affinities (always an answer).
 */
const OWN_TYPES: { readonly [K in Dialect]: (c: SourceColumn) => UIType | null } = {
  mssql: mssqlType,
  sqlite: sqliteType,
  pg: () => null,
  mysql: () => null,
};

export function mapColumnType(c: SourceColumn, dialect: Dialect): MappedType {
  const base: MappedType = { uidt: "SpecificDBType", meta: {}, colOptions: null };
  const t = c.dt;
  let uidt: UIType;
  const own = OWN_TYPES[dialect](c);
  if (own) uidt = own;
  else if (t === "enum") return { ...base, uidt: "SingleSelect", colOptions: options(c.enumValues ?? []) };
  else if (t === "set") return { ...base, uidt: "MultiSelect", colOptions: options(c.enumValues ?? []) };
  else if (t === "boolean" || t === "bool" || /^tinyint\(1\)/i.test(c.type) || /^bit\(1\)$/i.test(c.type))
    uidt = "Checkbox";
  else if (INTS.test(t) || t === "tinyint") uidt = "Number";
  else if (DECIMALS.test(t)) uidt = "Decimal";
  else if (t === "date") uidt = "Date";
  else if (/^(timestamp|datetime)/.test(t)) uidt = "DateTime";
  else if (/^time( without time zone)?$/.test(t)) uidt = "Time";
  else if (t === "year") uidt = "Year";
  else if (t === "json" || t === "jsonb") uidt = "JSON";
  else if (/^(character varying|varchar|character|char|nvarchar|nchar|bpchar|citext|name)$/.test(t))
    uidt = "SingleLineText";
  else if (/^(text|tinytext|mediumtext|longtext|clob)$/.test(t)) uidt = "LongText";
  else uidt = "SpecificDBType";
  if (uidt === "SpecificDBType") return { ...base, meta: { dt: c.type || c.dt } };
  if (uidt === "Decimal") return { ...base, uidt, meta: { precision: 2 } };
  return { ...base, uidt };
}
