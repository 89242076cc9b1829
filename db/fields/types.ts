import type { z } from "zod";

/** Field types in the order the field editor offers them (SPEC 3), then the extra system types. */
export const UI_TYPES = [
  "LinkToAnotherRecord",
  "Lookup",
  "SingleLineText",
  "LongText",
  "Attachment",
  "Checkbox",
  "MultiSelect",
  "SingleSelect",
  "Date",
  "Year",
  "Time",
  "PhoneNumber",
  "Email",
  "URL",
  "Number",
  "Decimal",
  "Currency",
  "Percent",
  "Duration",
  "Rating",
  "Formula",
  "Rollup",
  "DateTime",
  "Geometry",
  "JSON",
  "SpecificDBType",
  "CreateTime",
  "CreatedBy",
  "LastModifiedBy",
  "ID",
  "ForeignKey",
] as const;

export type UIType = (typeof UI_TYPES)[number];

/** The types with no physical column (FieldType.virtual): links and the computed ones. */
export type VirtualUIType = "LinkToAnotherRecord" | "Lookup" | "Rollup" | "Formula";

/** SQL dialects the query compiler and storage types speak (mssql: SQL Server's T-SQL). */
export type Dialect = "sqlite" | "pg" | "mysql" | "mssql";

/** Every comparison operator of the `where` syntax (API-CONTRACT 1.7). */
export const FILTER_OPS = [
  "eq",
  "neq",
  "not",
  "like",
  "nlike",
  "empty",
  "notempty",
  "null",
  "notnull",
  "blank",
  "notblank",
  "checked",
  "notchecked",
  "gt",
  "lt",
  "gte",
  "ge",
  "lte",
  "le",
  "in",
  "btw",
  "nbtw",
  "is",
  "isnot",
  "allof",
  "anyof",
  "nallof",
  "nanyof",
  "isWithin",
] as const;

export type FilterOp = (typeof FILTER_OPS)[number];

/**
 * What kind of value a type holds, as the query compiler (operators, blank rules, bound values)
 * reads it. Computed types say "text": they filter as their result type (db/query/result-type.ts).
 */
export type ValueKind =
  "text" | "select" | "multi" | "number" | "checkbox" | "date" | "datetime" | "time" | "json" | "attachment" | "user";

/**
 * A value as stored in the project's SQLite (the canonical form; other dialects map from it):
 * text, a number, or null. Checkbox is 0/1, dates are ISO text, MultiSelect is comma-joined titles,
 * Attachment and JSON are JSON text.
 */
export type Stored = string | number | null;

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** The column a value belongs to, as the registry needs it. `options` is validated by the type's schema. */
export interface FieldContext<O> {
  title: string;
  options: O;
  /** The reader's language (a locale code), when text typed in it is read: "19,99" in German. */
  locale?: string;
}

/**
 * The control a visitor fills a field of the type with in a form, named after the HTML input it
 * becomes; `none`: forms never show it (the server or the links set it).
 */
export type FormInput =
  | "text"
  | "textarea"
  | "integer"
  | "number"
  | "rating"
  | "checkbox"
  | "date"
  | "datetime"
  | "time"
  | "email"
  | "url"
  | "tel"
  | "select"
  | "multiselect"
  | "file"
  | "link"
  | "none";

/**
 * One field type (DESIGN.md principle 1). The web keeps the visual half in web/fields/<uidt>/.
 * Errors are whole sentences naming the column: `Email: "x" is not a valid e-mail address`.
 */
export interface FieldType<O = Record<string, unknown>> {
  readonly uidt: UIType;
  /** Virtual types have no physical column (links, lookups, rollups, formulas). */
  readonly virtual: boolean;
  /** The kind of value it holds (filter operators, blank rules, bound values). */
  readonly kind: ValueKind;
  /** Users never type into it: the server or the links set it (keys, creation time, computed). */
  readonly readOnly: boolean;
  /** The control a form gives it (the visitor's shared form and the builder's preview): FORM_INPUTS. */
  readonly formInput: FormInput;
  /**
   * `false`: formulas cannot use its values although its kind is text (a source database's own type,
   * geometry text). Otherwise a stored column is a formula input of its kind (db/formula/columns.ts).
   */
  readonly inFormulas?: false;
  /** Settings of this type: the column's `meta` merged with its `colOptions`, with defaults applied. */
  readonly options: z.ZodType<O>;
  /** Column type per dialect; null for virtual types. */
  storage(dialect: Dialect, options: O): string | null;
  /** An API (JSON) value to the stored form, validated. null/undefined/"" give null. */
  fromApi(value: unknown, ctx: FieldContext<O>): Result<Stored>;
  /** The stored form to the API (JSON) value (API-CONTRACT 1.11). */
  toApi(stored: Stored, ctx: FieldContext<O>): unknown;
  /** Text from a paste, a CSV cell or an import to the stored form. Empty text gives null. */
  parseText(text: string, ctx: FieldContext<O>): Result<Stored>;
  /** The stored form as text for copy and CSV export. null gives "". */
  formatText(stored: Stored, ctx: FieldContext<O>): string;
  /**
   * The export's text (CSV and XLSX) where it differs from formatText: what an import of the file
   * reads back as the same value (an unchecked box is "false", an upload a link with the site's host).
   */
  exportText?(stored: Stored, ctx: FieldContext<O>, env: ExportEnv): string;
  /** Operators the filter builder offers and the query compiler accepts for this type. */
  readonly filterOps: readonly FilterOp[];
  /**
   * Only the system makes a column of it (the key, creation time, a link's hidden key): the type
   * picker does not offer it and an import neither creates nor fills it.
   */
  readonly systemOnly: boolean;
  /** How the search box (SPEC 7, db/query/search.ts) matches it. */
  readonly search: SearchMatch;
  /** Which on-demand index (db/rows/auto-index.ts) a column of it may get. */
  readonly index: IndexUse;
  /**
   * An import reads a spreadsheet cell's display text (what the user saw, e.g. "45%") rather than
   * its raw value: the text-like types.
   */
  readonly importsDisplayText: boolean;
  /** Types that hold uploaded files: the `download/...` paths a stored value names (clean-up on delete). */
  storedFiles?(stored: Stored): string[];
  /**
   * The same paths in SQL, to ask which records still name an upload without reading cells out
   * (db/rows/files.ts): a table-valued source joined per row over the cell expression `cell`, the
   * condition that keeps its path entries, and the expression of a path. Set with storedFiles.
   */
  storedFilesSql?(cell: string): { from: string; where: string; path: string };
  /**
   * What views may build on a column of this type: a calendar's date (`calendar`), a kanban's
   * stacks (`stack`), a gallery or kanban cover image (`cover`), a timeline bar's length in days
   * (`duration`). Absent means none.
   */
  readonly viewUses?: readonly ViewUse[];
  /**
   * A grid may group by a stored column of this type unless false: files and JSON hold no value
   * two records share in a way a reader would call one group. Computed types never group (the
   * group-by query reads stored values).
   */
  readonly groupable?: false;
  /**
   * Types the server fills with the caller's user id, never from a body: on insert only
   * ("insert", Created by) or on every insert and update ("write", Last modified by).
   */
  readonly writtenBy?: "insert" | "write";
  /**
   * Virtual types: the type a column of it filters and sorts as, from what decides it
   * (db/query/result-type.ts builds the shape). Stored types filter as themselves.
   */
  readonly filtersAs?: (shape: ResultShape) => UIType;
  /**
   * Other names clients give the type when they create a column: NocoDB's v2 API (nocodb-sdk 0.301)
   * calls a link `Links`. Accepted on input only (db/schema/column-def.ts checkUidt); answers name
   * the type itself.
   */
  readonly aliases?: readonly string[];
  /**
   * A link to records of another table (LinkToAnotherRecord): the link routes write it, lookups and
   * rollups go through it, and deleting it drops its other side and its key or junction table.
   */
  readonly link?: true;
  /** The table's own key (`primary`, ID) or the hidden key a belongs-to link adds (`foreign`). */
  readonly key?: "primary" | "foreign";
  /** Never listed where a user picks or shows fields (field menus, views, lookup targets): a link's key. */
  readonly hidden?: true;
  /** An empty cell reads as 0 (no stars): `eq 0` also matches it. */
  readonly emptyIsZero?: true;
  /** Computed types (links, lookups, rollups, formulas): what a column of it reads and answers. */
  readonly computed?: ComputedFacts;
}

/**
 * What a computed column reads from its settings (colOptions): drops refuse to remove what a
 * column reads (db/schema/computed-fields.ts), and a field permission hides a column that reads a
 * hidden one (db/access/narrow.ts); and whether it answers numbers.
 */
export interface ComputedFacts {
  /**
   * Lookups and rollups: the link column of this table it goes through and the linked table's
   * column it reads.
   */
  through?(colOptions: Record<string, unknown>): { relation: string | undefined; target: string | undefined };
  /**
   * Formulas: the settings are formula text, `formula` naming columns as `{{cl_id}}` (so renames
   * keep it working) and `formula_raw` as the user wrote it (db/formula).
   */
  readonly formula?: true;
  /**
   * Its values are numbers whatever it reads (`always`: a rollup), or may be (`maybe`: a formula,
   * accepted by sum and avg whatever its type, as SQLite reads text as 0 in a sum).
   */
  readonly numeric?: "always" | "maybe";
}

/**
 * What an export knows besides the value: the site's public origin (`https://host`), "" when
 * unknown; `uploads` collects the upload paths written as `origin/path` links, which the HTTP
 * layer then signs (functions/lib/attachments/sign-export.ts).
 */
export interface ExportEnv {
  origin: string;
  uploads?: Set<string>;
}

/** What decides a computed column's result type (db/query/result-type.ts). */
export interface ResultShape {
  /** It holds a list: a link to many rows, or a lookup through one or of a list. */
  list: boolean;
  /** A lookup: the looked-up column's own type, itself resolved. */
  target?: UIType;
  /** A formula: its type checker's answer (db/formula/types.ts `FormulaType`). */
  formula?: string;
}

export type ViewUse = "calendar" | "stack" | "cover" | "duration";

/**
 * Search box matching: `like` a `%query%` substring; `likeWhenNamed` the same, but only when the
 * search names the column (JSON, files); `eq` equality when the query is a valid value of it;
 * `none` never searched (computed columns).
 */
export type SearchMatch = "like" | "likeWhenNamed" | "eq" | "none";

/**
 * On-demand indexes: `eq` may lead an equality index and be sorted by; `sort` only a sort index
 * (its equality filters match NULL or compare otherwise); `none` never indexed (long values).
 */
export type IndexUse = "eq" | "sort" | "none";
