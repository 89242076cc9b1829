/**
 * What the code needs to know about one SQL dialect, as one object per dialect (sqlite.ts, pg.ts,
 * mysql.ts, mssql.ts; looked up by name with `dialectOf`). Rules:
 * - Every choice between dialects is a member here: code outside this folder asks the dialect
 *   object and never compares a dialect's name (dialects.test.ts fails on such a comparison), so
 *   adding a dialect is one file implementing this interface, plus its test cases.
 * - Members build SQL from fragments (../frag.ts) and answer facts (flags, type names); they
 *   never see a user's value as text: values stay bound.
 * - The rules that make the dialects give the same answers are written where they are applied:
 *   the query compiler's in ../dialect.ts, the formula engine's in db/formula/sqlkit.ts and
 *   datekit.ts, the computed fields' in ../computed-sql.ts, values' in ../dialect-values.ts.
 */
import type { Dialect } from "../../fields/types";
import type { Frag } from "../frag";
import type { DateBucket, LocalTime } from "./date-buckets";

export type { DateBucket, LocalTime } from "./date-buckets";

export type { Dialect } from "../../fields/types";

/** A formula value's type (db/formula/types.ts), or the untyped blank of BLANK() ("null"). */
export type ValueType = "number" | "string" | "boolean" | "date" | "datetime";
export type FormulaType = ValueType | "null";

export type CompareOp = "=" | "<>" | "<" | "<=" | ">" | ">=";

/** Linked records as `FROM ... WHERE ...` (`sql`), and its two halves (computed-sql.ts). */
export interface From {
  sql: Frag;
  from: Frag;
  where: Frag;
}

export type ListOrder = Frag;

/** The first `n` linked records only; `from`/`order` name the same link under a second alias. */
export interface ListLimit {
  n: number;
  from: From;
  order: ListOrder;
}

/** A count of units to add to a date: its value when the formula wrote a number, and its SQL. */
export interface DateAmount {
  literal: number | undefined;
  sql: Frag;
}

/** A database's refusal as its driver reports it (db/external/driver.ts SourceError). */
export interface Refusal {
  message: string;
  /** The driver's code: SQLSTATE (PostgreSQL), `ER_…` (MySQL), `SQLITE_…`, `EREQUEST` (SQL Server). */
  code?: string;
  /** The server's error number: MySQL's errno, SQL Server's error number. */
  number?: number;
}

/** What a refusal says the database does not have: a column or table changed outside the app. */
export interface MissingName {
  kind: "column" | "table";
  /** As the database names it, without a table or schema qualifier. */
  name: string;
}

/** A statement's rows, for members that ask the database (row estimates). */
export type RunQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export interface SqlDialect {
  readonly name: Dialect;

  // Identifiers and parameters (sql.ts).
  /** The characters an identifier is quoted with; the closing one is doubled inside. */
  readonly quotes: readonly [open: string, close: string];
  /** The placeholder of the n-th (1-based) bound value. */
  placeholder(n: number): string;
  /** Parameters are names: a value spliced twice is bound once and named again. */
  readonly namedParams: boolean;

  // Values (dialect-values.ts, computed.ts, db/external/table.ts).
  /** Binds and returns the canonical stored form itself (what the project's SQLite holds). */
  readonly canonicalValues: boolean;
  /** The value a checkbox binds as. */
  checkboxValue(on: boolean): unknown;
  /** A UTC instant (canonical ISO text) as bound. */
  instantValue(iso: string): string;
  /** The driver returns date and time columns as Date objects read in UTC. */
  readonly utcDateObjects: boolean;
  /** A numeric key is bound as the row id's text (the database casts it), not as a number. */
  readonly keysBoundAsText: boolean;
  /** The directory of people (db/query/user-json.ts) lives in this database. */
  readonly userDirectory: boolean;

  // The query compiler (../dialect.ts, compile-list.ts, compile-sort.ts).
  textEq(c: Frag, v: Frag): Frag;
  textIn(c: Frag, values: readonly Frag[]): Frag;
  like(c: Frag, pattern: Frag): Frag;
  /** `,item,` (the bound value) occurs in `,col,`. */
  listContains(c: Frag, item: Frag): Frag;
  jsonEq(c: Frag, v: Frag): Frag;
  /** One ORDER BY term: text by code point, NULLs first ascending and last descending. */
  orderTerm(c: Frag, desc: boolean, text: boolean): Frag;
  /** A LIMIT or OFFSET count as bound. */
  pageCount(n: number): Frag;
  /** ORDER BY (when there is one) and the page. */
  orderAndPage(order: Frag | null, limit: number, offset: number): Frag;
  /** A computed column is sorted by `(SELECT expr)`: ORDER BY takes no sub-query otherwise. */
  readonly sortsComputedInSelect: boolean;
  /**
   * ORDER BY compares as `<`, `=` and `>` compare, NULLs first ascending (SQLite): so "after this
   * row" is a plain condition (keyset.ts). Others collate text and place NULLs by words of their
   * own in ORDER BY only, and page by offset.
   */
  readonly keysetPages: boolean;

  // Computed fields (computed-sql.ts, computed.ts).
  /** The linked records with `value` as an aggregate may read it. */
  perRecord(value: Frag, from: From): { value: Frag; sql: Frag };
  jsonPair(k: Frag, v: Frag): Frag;
  jsonList(value: Frag, json: boolean, from: From, order: ListOrder, limit?: ListLimit): Frag;
  listElements(list: Frag, from: From, order: ListOrder): Frag;
  textList(scalar: Frag, from: From, order: ListOrder): Frag;
  average(v: Frag, distinct: boolean): Frag;
  /** An aggregate may take a sub-query (a computed field's SUM per group); T-SQL refuses it. */
  readonly aggregatesSubqueries: boolean;

  // Formulas: values and conditions (db/formula/sqlkit.ts).
  /** T-SQL has none: a condition is not a value there (sqlkit.ts rules). */
  readonly conditionsAreValues: boolean;
  numValue(v: number): Frag;
  intValue(v: number): Frag;
  textValue(v: string): Frag;
  boolConst(b: boolean): Frag;
  condConst(b: boolean): Frag;
  unknownCond(): Frag;
  conditionValue(cond: Frag): Frag;
  holds(cond: Frag): Frag;
  flagValue(cond: Frag): Frag;
  valueCondition(value: Frag): Frag;
  /** Two-valued conditions of a value: blank, 0, false and empty text are false. */
  boolTruthy(x: Frag): Frag;
  numberTruthy(x: Frag): Frag;
  textTruthy(x: Frag): Frag;
  nullOf(t: FormulaType): Frag;
  asReal(x: Frag): Frag;
  /** A formula's number result as the dialect's floating type. */
  numberResult(x: Frag): Frag;
  boolAsNumber(x: Frag): Frag;
  /** A boolean value tested as a condition inside CASE WHEN. */
  boolTest(x: Frag): Frag;
  trunc(x: Frag): Frag;
  ceil(x: Frag): Frag;
  textToInt(x: Frag): Frag;
  toInt(x: Frag): Frag;
  /** The larger of an integer and a constant. */
  atLeast(k: Frag, m: Frag): Frag;
  numberText(x: Frag): Frag;
  textLength(x: Frag): Frag;
  isEmptyText(x: Frag): Frag;
  textCompare(op: CompareOp, a: Frag, b: Frag): Frag;
  concat(parts: Frag[]): Frag;
  substr(s: Frag, start: Frag, len?: Frag): Frag;
  foldCase(x: Frag, to: "upper" | "lower"): Frag;
  locate(hay: Frag, needle: Frag): Frag;

  // Formula functions (db/formula/fn-*.ts).
  extremum(xs: Frag[], fn: "max" | "min"): Frag;
  /** VALUE: the number in a text (digits and points, `-` and `%` anywhere). */
  numberIn(s: Frag): Frag;
  ln(x: Frag): Frag;
  pow(x: Frag, y: Frag): Frag;
  /** 10 to the integer k, for rounding to k places. */
  pow10(k: Frag): Frag;
  right(s: Frag, n: Frag): Frag;
  /** REPT, capped; `literal`: the count was a number in the formula. */
  repeat(s: Frag, asked: Frag, cap: Frag, literal: boolean): Frag;
  replace(s: Frag, a: Frag, b: Frag): Frag;

  // Formula dates (db/formula/datekit.ts, fn-date.ts).
  toStamp(x: Frag): Frag;
  formatStamp(x: Frag, type: "date" | "datetime"): Frag;
  secondsBetween(a: Frag, b: Frag): Frag;
  addToDate(x: Frag, unit: string, n: DateAmount, out: "date" | "datetime"): Frag;
  /** Days since the week's start (0-6); `start` 0 is Sunday. */
  weekday(x: Frag, start: number): Frag;

  // A stored column in its formula form (db/formula/columns.ts).
  readonly formulaColumn: {
    number(col: Frag): Frag;
    date(col: Frag): Frag;
    datetime(col: Frag): Frag;
    time(col: Frag): Frag;
  };

  // Schema changes on an external source (db/external/ddl.ts, computed-ops.ts).
  /** A new table's auto-increment key column, after its name. */
  readonly keyColumnDef: string;
  /** The column type of an ID or foreign key field. */
  readonly integerType: string;
  /** `ADD COLUMN` (T-SQL: `ADD`). */
  readonly addColumn: string;
  /** `table`: quoted (and qualified); `from`, `to`: bare names. */
  renameColumn(table: string, from: string, to: string): string;
  /** `from`, `toQualified`: quoted (and qualified) tables; `to`: the bare new name. */
  renameTable(from: string, to: string, toQualified: string): string;
  /** A nullable column with a foreign key, all parts quoted. */
  addForeignKeyColumn(table: string, col: string, type: string, constraint: string, refs: string): string;
  /**
   * Dropping a column its foreign key uses: "refuse" (SQLite cannot), "cascade" (the constraint
   * goes with it) or the clause that drops the constraint first.
   */
  readonly dropForeignKey: "refuse" | "cascade" | "DROP FOREIGN KEY" | "DROP CONSTRAINT";

  // External rows (db/external/rows.ts).
  /** How an insert answers the new row's keys. */
  readonly insertedKeys: "insertId" | "output" | "returning";
  /** The rest of `INSERT INTO t ` for a row of defaults only. */
  readonly defaultRow: string;
  /** The planner's row estimate for a `SELECT 1 ...` statement; null when it has none. */
  planRows(run: RunQuery, select: string, params: unknown[]): Promise<number | null>;
  /**
   * The column or table a refusal says the database does not have (its schema changed outside
   * the app: db/external/drift.ts syncs the meta then), by the dialect's own error codes; null for
   * any other refusal.
   */
  missingName(refusal: Refusal): MissingName | null;

  // Dashboards (compile-aggregate.ts, date-buckets.ts).
  /** The first day (`YYYY-MM-DD` text) of the bucket holding a date or instant, in local time. */
  dateBucket(x: Frag, bucket: DateBucket, local: LocalTime): Frag;
}
