/**
 * The one case list of the query compiler, run unchanged on SQLite (workerd), PostgreSQL and
 * MariaDB. Each case's `expect` (row ids in order, or an error substring) is the single truth.
 * The fixture has NULLs, empty strings, a trailing space, mixed case, unicode and emoji, SQL-ish
 * text, equal values (sort ties break on Id), and date boundaries around FIXTURE_NOW
 * (2024-03-15T12:00Z, so today = 2024-03-15). No case depends on non-ASCII case folding.
 */
import { parseOptions } from "../../db/fields/registry";
import type { Stored, UIType } from "../../db/fields/types";
import type { QueryColumn, QueryTable } from "../../db/query/types";
import type { SearchInput } from "../../db/query/search";

function column(title: string, columnName: string, uidt: UIType, options: Record<string, unknown> = {}): QueryColumn {
  const parsed = parseOptions(uidt, options);
  if (!parsed.ok) throw new Error(parsed.error);
  return {
    id: `cl_${columnName.replace(/\W/g, "")}`,
    title,
    columnName,
    uidt,
    options: parsed.value,
    ...(uidt === "ID" ? { pk: true } : {}),
  };
}

const opts = (...titles: string[]) => ({ options: titles.map((title) => ({ title })) });

/** A title and a physical name full of quote characters, to exercise quoting on every dialect. */
export const EMAIL_TITLE = `E-mail's "work"`;

export const FIXTURE_TABLE: QueryTable = {
  tableName: "gridbase_query_cases",
  columns: [
    column("Id", "id", "ID"),
    column("Name", "name", "SingleLineText"),
    column("Notes", "notes", "LongText"),
    column("Qty", "qty", "Number"),
    column("Price", "price", "Decimal", { precision: 2 }),
    column("Done", "done", "Checkbox"),
    column("Status", "status", "SingleSelect", opts("Todo", "Doing", "Done")),
    column("Tags", "tags", "MultiSelect", opts("red", "green", "blue", "dark red")),
    column("Due", "due", "Date"),
    column("Seen", "seen_at", "DateTime"),
    column(EMAIL_TITLE, "e\"mail'`x", "Email"),
    column("Stars", "stars", "Rating", { max: 5 }),
    column("Files", "files", "Attachment"),
    column("Owner", "owner_id", "CreatedBy"),
  ],
};

const A_PNG = '[{"url":"https://files.test/a.png","title":"a.png"}]';
const B_PDF = '[{"url":"https://files.test/b.pdf","title":"report.pdf"}]';

// Id, Name, Notes, Qty, Price, Done, Status, Tags, Due, Seen, Email, Stars, Files, Owner (stored forms)
const ROWS: Stored[][] = [
  [
    1,
    "Apple",
    "Fresh fruit",
    10,
    1.5,
    1,
    "Todo",
    "red,green",
    "2024-03-15",
    "2024-03-15T08:30:00.000Z",
    "alice@example.com",
    5,
    A_PNG,
    "us_ann",
  ],
  [
    2,
    "apple",
    "",
    20,
    2.25,
    0,
    "Doing",
    "red",
    "2024-03-14",
    "2024-03-14T23:59:59.999Z",
    "bob@example.com",
    3,
    "[]",
    "us_bob",
  ],
  [3, "Banana", null, null, null, null, null, null, null, null, null, null, null, null],
  [
    4,
    "",
    "   ",
    0,
    0,
    0,
    "Done",
    "blue",
    "2024-03-16",
    "2024-03-16T00:00:00.000Z",
    "carol@example.org",
    0,
    null,
    "us_bob",
  ],
  [
    5,
    null,
    "Note with, comma",
    -5,
    -2.5,
    1,
    "Todo",
    "green,blue",
    "2024-03-08",
    "2024-03-08T12:00:00.000Z",
    null,
    1,
    "",
    "us_ann",
  ],
  [
    6,
    "Ünïcødé 🍕",
    "Ελληνικά κείμενο",
    7,
    3.14159,
    1,
    "Doing",
    "dark red",
    "2024-03-22",
    "2024-03-22T18:45:00.000Z",
    "dave@example.com",
    4,
    null,
    null,
  ],
  [
    7,
    "O'Brien'); DROP TABLE x; --",
    "/* comment */ ; SELECT 1",
    15,
    99.99,
    0,
    "Todo",
    "red,green,blue",
    "2024-02-15",
    "2024-02-15T00:00:00.000Z",
    "eve@example.net",
    2,
    null,
    "us_ann",
  ],
  [
    8,
    "100% pure_juice",
    "Percent & underscore",
    10,
    1.5,
    null,
    "Done",
    "green",
    "2024-04-15",
    "2024-04-15T09:00:00.000Z",
    "frank@example.com",
    5,
    B_PDF,
    "us_bob",
  ],
  [9, "pureXjuice", "x", 3, 0.5, 0, null, null, "2023-06-01", "2023-06-01T10:00:00.000Z", null, null, null, null],
  [
    10,
    "Apple ",
    "Trailing space",
    10,
    1.5,
    1,
    "Done",
    "red",
    "2025-01-01",
    "2025-01-01T00:00:00.000Z",
    "Alice@Example.com",
    5,
    null,
    "us_bob",
  ],
  [
    11,
    "Cherry",
    "Sweet",
    9007199254740991,
    1234567.891,
    1,
    "Doing",
    "blue,dark red",
    "2024-03-05",
    "2024-03-05T23:00:00.000Z",
    "gina@example.com",
    1,
    null,
    "us_ann",
  ],
  [
    12,
    "cherry",
    "sweet",
    -100,
    -0.001,
    0,
    "Todo",
    "green",
    "2024-03-01",
    "2024-03-01T00:00:00.000Z",
    "hank@example.com",
    2,
    null,
    null,
  ],
  [
    13,
    "Date",
    "",
    1,
    10,
    null,
    "Done",
    null,
    "2023-03-15",
    "2023-03-15T12:00:00.000Z",
    "ivy@example.com",
    3,
    null,
    "us_ann",
  ],
  [
    14,
    "Elder",
    null,
    2,
    20,
    1,
    null,
    "red,dark red",
    "2024-03-25",
    "2024-03-25T05:00:00.000Z",
    null,
    0,
    "null",
    "us_bob",
  ],
  [
    15,
    "Fig",
    "fig",
    10,
    1.5,
    0,
    "Todo",
    "red,blue",
    "2024-03-15",
    "2024-03-15T23:59:59.999Z",
    "jack@example.com",
    null,
    null,
    null,
  ],
  [
    16,
    "Grape",
    "grape \\ backslash",
    30,
    30.5,
    1,
    "Doing",
    "green",
    "2024-03-13",
    "2024-03-16T00:00:00.001Z",
    "kim@example.com",
    4,
    null,
    "us_bob",
  ],
  [
    17,
    "Honeydew",
    "emoji 🍉 melon",
    12,
    12,
    1,
    "Done",
    "blue",
    "2025-03-15",
    "2024-03-14T00:00:00.000Z",
    "lee@example.com",
    5,
    null,
    "us_ann",
  ],
  [18, "Ünïcødé 🍕", "dup", 7, 3.14159, 0, "Doing", null, null, null, null, 4, null, null],
  [
    19,
    "Kiwi",
    "tab\there",
    8,
    8.8,
    0,
    "Todo",
    "red",
    "2024-02-29",
    "2024-02-29T12:00:00.000Z",
    "mo@example.com",
    1,
    null,
    "us_ann",
  ],
  [
    20,
    "lime",
    "Percent 50%",
    null,
    null,
    1,
    "Done",
    "green,blue",
    "2024-03-10",
    "2024-03-09T23:00:00.000Z",
    "nia@example.com",
    0,
    null,
    "us_bob",
  ],
];

/** Rows keyed by column name, in the canonical stored form. */
export const FIXTURE_ROWS: Record<string, Stored>[] = ROWS.map((row) =>
  Object.fromEntries(FIXTURE_TABLE.columns.map((c, i) => [c.columnName, row[i] ?? null])),
);

export const FIXTURE_NOW = new Date("2024-03-15T12:00:00.000Z");

export interface QueryCase {
  name: string;
  where?: string;
  sort?: string | string[];
  fields?: string | string[];
  search?: SearchInput;
  now?: Date;
  limit?: number;
  offset?: number;
  /** Row ids in order, or a substring of the expected QueryError message. */
  expect: number[] | { error: string };
  /** The count when limit/offset cut the list; default expect.length. */
  count?: number;
  /** Titles of the selected columns, when the case is about fields. */
  columns?: string[];
  /** The user who runs the query (`@me`). */
  me?: string;
}

const ALL = ROWS.map((r) => r[0] as number);
const except = (...ids: number[]) => ALL.filter((id) => !ids.includes(id));
const CHECKED = [1, 5, 6, 10, 11, 14, 16, 17, 20];
const NOT_CHECKED = [2, 3, 4, 7, 8, 9, 12, 13, 15, 18, 19];
const E = EMAIL_TITLE;
const QTY_ASC = [3, 20, 12, 5, 4, 13, 14, 9, 6, 18, 19, 1, 8, 10, 15, 17, 7, 2, 16, 11];
const NOBODY = [3, 6, 9, 12, 15, 18];
const ANN = [1, 5, 7, 11, 13, 17, 19];
const BOB = [2, 4, 8, 10, 14, 16, 20];
const many = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(",");

export const QUERY_CASES: QueryCase[] = [
  // no filter, fields, paging
  { name: "no filter lists every row by Id", expect: ALL },
  {
    name: "fields as a list",
    where: "(Qty,eq,10)",
    fields: "Id,Name",
    expect: [1, 8, 10, 15],
    columns: ["Id", "Name"],
  },
  {
    name: "fields as an array, * and repeats",
    fields: ["Id", "*"],
    where: "(Id,eq,3)",
    expect: [3],
    columns: FIXTURE_TABLE.columns.map((c) => c.title),
  },
  {
    name: "limit and offset page the sorted list",
    sort: "Qty",
    limit: 5,
    offset: 2,
    expect: [12, 5, 4, 13, 14],
    count: 20,
  },
  { name: "offset beyond the rows", offset: 50, expect: [], count: 20 },

  // text equality is exact on every dialect
  { name: "text eq is case-sensitive", where: "(Name,eq,Apple)", expect: [1] },
  { name: "text eq lower case", where: "(Name,eq,apple)", expect: [2] },
  { name: "text eq keeps a trailing space apart", where: "(Name,eq,Apple )", expect: [10] },
  { name: "text eq unicode and emoji", where: "(Name,eq,Ünïcødé 🍕)", expect: [6, 18] },
  { name: "text eq SQL-looking stored value", where: "(Name,eq,O'Brien'); DROP TABLE x; --)", expect: [7] },
  { name: "text eq with commas in the value", where: "(Notes,eq,Note with, comma)", expect: [5] },
  {
    name: "text eq hostile value binds and matches nothing",
    where: "(Name,eq,'; DROP TABLE gridbase_query_cases; --)",
    expect: [],
  },
  { name: "text eq a sub-op word is plain text on text columns", where: "(Name,eq,today)", expect: [] },
  { name: "text neq also matches NULL", where: "(Name,neq,Apple)", expect: except(1) },
  { name: "not is neq", where: "(Name,not,Apple)", expect: except(1) },
  { name: "text in is exact", where: "(Name,in,Apple,Fig,Kiwi)", expect: [1, 15, 19] },
  { name: "text in is case-sensitive", where: "(Name,in,apple,fig)", expect: [2] },

  // like: contains, case-insensitive (ASCII), % is a wildcard, _ and \ are literal
  { name: "like is case-insensitive", where: "(Name,like,APPLE)", expect: [1, 2, 10] },
  { name: "like with a leading % is ends-with", where: "(Name,like,%e)", expect: [1, 2, 8, 9, 13, 16, 20] },
  { name: "like with a trailing % is starts-with", where: "(Name,like,ch%)", expect: [11, 12] },
  { name: "like treats _ literally", where: "(Name,like,pure_juice)", expect: [8] },
  { name: "like keeps a % the value ends with", where: "(Name,like,100%)", expect: [8] },
  { name: "like unicode in the same case", where: "(Name,like,ødé)", expect: [6, 18] },
  { name: "like emoji", where: "(Notes,like,🍉)", expect: [17] },
  { name: "like backslash", where: "(Notes,like,\\)", expect: [16] },
  { name: "like quote", where: "(Name,like,')", expect: [7] },
  { name: "like value holding a parenthesis", where: "(Name,like,'); DROP)", expect: [7] },
  { name: "like comment text", where: "(Notes,like,/* comment */)", expect: [7] },
  { name: "nlike also matches NULL and empty", where: "(Name,nlike,apple)", expect: except(1, 2, 10) },

  // empty, null, blank
  { name: "empty", where: "(Name,empty)", expect: [4] },
  { name: "notempty includes NULL", where: "(Name,notempty)", expect: except(4) },
  { name: "null", where: "(Name,null)", expect: [5] },
  { name: "notnull", where: "(Name,notnull)", expect: except(5) },
  { name: "blank text is NULL or empty, not spaces", where: "(Notes,blank)", expect: [2, 3, 13, 14] },
  { name: "notblank text", where: "(Notes,notblank)", expect: except(2, 3, 13, 14) },
  { name: "is null", where: "(Name,is,null)", expect: [5] },
  { name: "isnot null", where: "(Name,isnot,null)", expect: except(5) },
  { name: "is empty", where: "(Name,is,empty)", expect: [4] },

  // e-mail (quoted title and column name)
  { name: "email eq", where: `(${E},eq,alice@example.com)`, expect: [1] },
  { name: "email like", where: `(${E},like,EXAMPLE.COM)`, expect: [1, 2, 6, 8, 10, 11, 12, 13, 15, 16, 17, 19, 20] },
  {
    name: "email eq refuses a non-address",
    where: `(${E},eq,nobody)`,
    expect: { error: "is not a valid e-mail address" },
  },

  // numbers
  { name: "number eq", where: "(Qty,eq,10)", expect: [1, 8, 10, 15] },
  { name: "number neq includes NULL", where: "(Qty,neq,10)", expect: except(1, 8, 10, 15) },
  { name: "number gt", where: "(Qty,gt,10)", expect: [2, 7, 11, 16, 17] },
  { name: "number ge", where: "(Qty,ge,10)", expect: [1, 2, 7, 8, 10, 11, 15, 16, 17] },
  { name: "number gte", where: "(Qty,gte,10)", expect: [1, 2, 7, 8, 10, 11, 15, 16, 17] },
  { name: "number lt", where: "(Qty,lt,0)", expect: [5, 12] },
  { name: "number le", where: "(Qty,le,1)", expect: [4, 5, 12, 13] },
  { name: "number lte", where: "(Qty,lte,1)", expect: [4, 5, 12, 13] },
  { name: "number btw is inclusive", where: "(Qty,btw,5,10)", expect: [1, 6, 8, 10, 15, 18, 19] },
  { name: "number nbtw leaves NULL out", where: "(Qty,nbtw,5,10)", expect: [2, 4, 5, 7, 9, 11, 12, 13, 14, 16, 17] },
  { name: "number in", where: "(Qty,in,0,7,30)", expect: [4, 6, 16, 18] },
  { name: "number blank", where: "(Qty,blank)", expect: [3, 20] },
  { name: "number notblank", where: "(Qty,notblank)", expect: except(3, 20) },
  { name: "number largest safe integer", where: "(Qty,eq,9007199254740991)", expect: [11] },
  { name: "number 1e309 is refused", where: "(Qty,gt,1e309)", expect: { error: "Qty: " } },
  { name: "number 400 digits is refused", where: `(Qty,eq,${"9".repeat(400)})`, expect: { error: "Qty: " } },
  { name: "number text is refused", where: "(Qty,eq,abc)", expect: { error: 'Qty: "abc" is not a number' } },
  {
    name: "number fraction on a whole-number column is refused",
    where: "(Qty,eq,10.5)",
    expect: { error: "is not a whole number" },
  },
  { name: "decimal eq", where: "(Price,eq,1.5)", expect: [1, 8, 10, 15] },
  { name: "decimal eq with thousands separators", where: "(Price,eq,1,234,567.891)", expect: [11] },
  { name: "decimal gt", where: "(Price,gt,3.14)", expect: [6, 7, 11, 13, 14, 16, 17, 18, 19] },
  { name: "decimal btw negative to positive", where: "(Price,btw,-1,1)", expect: [4, 9, 12] },
  { name: "decimal in", where: "(Price,in,1.5,0.5)", expect: [1, 8, 9, 10, 15] },
  { name: "decimal huge but finite", where: "(Price,gte,1e300)", expect: [] },
  {
    name: "in with too many values is refused",
    where: `(Qty,in,${many(150)})`,
    expect: { error: "Filter is too large" },
  },

  // rating: eq 0 also matches NULL
  { name: "rating eq 0 matches NULL", where: "(Stars,eq,0)", expect: [3, 4, 9, 14, 15, 20] },
  {
    name: "rating neq 0 is its complement",
    where: "(Stars,neq,0)",
    expect: [1, 2, 5, 6, 7, 8, 10, 11, 12, 13, 16, 17, 18, 19],
  },
  { name: "rating eq 5", where: "(Stars,eq,5)", expect: [1, 8, 10, 17] },
  { name: "rating gte", where: "(Stars,gte,4)", expect: [1, 6, 8, 10, 16, 17, 18] },
  { name: "rating above its maximum is refused", where: "(Stars,eq,6)", expect: { error: "above the maximum" } },

  // checkbox: unchecked is false or NULL
  { name: "checked", where: "(Done,checked)", expect: CHECKED },
  { name: "notchecked", where: "(Done,notchecked)", expect: NOT_CHECKED },
  { name: "checkbox eq true", where: "(Done,eq,true)", expect: CHECKED },
  { name: "checkbox eq yes", where: "(Done,eq,yes)", expect: CHECKED },
  { name: "checkbox eq false", where: "(Done,eq,false)", expect: NOT_CHECKED },
  { name: "checkbox is true", where: "(Done,is,true)", expect: CHECKED },
  { name: "checkbox isnot true", where: "(Done,isnot,true)", expect: NOT_CHECKED },
  { name: "checkbox is false", where: "(Done,is,false)", expect: NOT_CHECKED },
  { name: "checkbox blank", where: "(Done,blank)", expect: [3, 8, 13] },
  {
    name: "checkbox refuses gt",
    where: "(Done,gt,1)",
    expect: { error: "'gt' is not supported for 'Done' (Checkbox)" },
  },
  { name: "checkbox refuses other words", where: "(Done,eq,maybe)", expect: { error: "is not a checkbox value" } },

  // single select
  { name: "select eq", where: "(Status,eq,Done)", expect: [4, 8, 10, 13, 17, 20] },
  {
    name: "select eq matches the option case-insensitively",
    where: "(Status,eq,done)",
    expect: [4, 8, 10, 13, 17, 20],
  },
  {
    name: "select neq includes NULL",
    where: "(Status,neq,Done)",
    expect: [1, 2, 3, 5, 6, 7, 9, 11, 12, 14, 15, 16, 18, 19],
  },
  { name: "select anyof", where: "(Status,anyof,Todo,Doing)", expect: [1, 2, 5, 6, 7, 11, 12, 15, 16, 18, 19] },
  {
    name: "select nanyof includes NULL",
    where: "(Status,nanyof,Todo,Doing)",
    expect: [3, 4, 8, 9, 10, 13, 14, 17, 20],
  },
  { name: "select in", where: "(Status,in,Done,Todo)", expect: [1, 4, 5, 7, 8, 10, 12, 13, 15, 17, 19, 20] },
  { name: "select like", where: "(Status,like,OIN)", expect: [2, 6, 11, 16, 18] },
  { name: "select blank", where: "(Status,blank)", expect: [3, 9, 14] },
  { name: "select refuses an unknown option", where: "(Status,eq,Maybe)", expect: { error: "is not an option" } },

  // multi select
  { name: "multi anyof one (not a longer title)", where: "(Tags,anyof,red)", expect: [1, 2, 7, 10, 14, 15, 19] },
  { name: "multi anyof two", where: "(Tags,anyof,red,blue)", expect: [1, 2, 4, 5, 7, 10, 11, 14, 15, 17, 19, 20] },
  { name: "multi anyof a title with a space", where: "(Tags,anyof,dark red)", expect: [6, 11, 14] },
  { name: "multi allof", where: "(Tags,allof,red,green)", expect: [1, 7] },
  { name: "multi allof in another order", where: "(Tags,allof,green,red)", expect: [1, 7] },
  { name: "multi nallof includes NULL", where: "(Tags,nallof,red,green)", expect: except(1, 7) },
  {
    name: "multi nanyof includes NULL",
    where: "(Tags,nanyof,red)",
    expect: [3, 4, 5, 6, 8, 9, 11, 12, 13, 16, 17, 18, 20],
  },
  { name: "multi eq is the exact set", where: "(Tags,eq,red)", expect: [2, 10, 19] },
  { name: "multi eq in any order", where: "(Tags,eq,green,red)", expect: [1] },
  { name: "multi like", where: "(Tags,like,RED)", expect: [1, 2, 6, 7, 10, 11, 14, 15, 19] },
  { name: "multi blank", where: "(Tags,blank)", expect: [3, 9, 13, 18] },
  { name: "multi refuses an unknown option", where: "(Tags,anyof,purple)", expect: { error: "is not an option" } },

  // attachment
  { name: "attachment blank is NULL, '', [] or null", where: "(Files,blank)", expect: except(1, 8) },
  { name: "attachment notblank", where: "(Files,notblank)", expect: [1, 8] },
  { name: "attachment like", where: "(Files,like,report)", expect: [8] },
  { name: "attachment nlike", where: "(Files,nlike,a.png)", expect: except(1) },
  {
    name: "attachment refuses eq",
    where: "(Files,eq,x)",
    expect: { error: "'eq' is not supported for 'Files' (Attachment)" },
  },

  // Date: sub-ops from FIXTURE_NOW (today 2024-03-15)
  { name: "date eq today", where: "(Due,eq,today)", expect: [1, 15] },
  { name: "date eq tomorrow", where: "(Due,eq,tomorrow)", expect: [4] },
  { name: "date eq yesterday", where: "(Due,eq,yesterday)", expect: [2] },
  { name: "date eq oneWeekAgo", where: "(Due,eq,oneWeekAgo)", expect: [5] },
  { name: "date eq oneWeekFromNow", where: "(Due,eq,oneWeekFromNow)", expect: [6] },
  { name: "date eq oneMonthAgo", where: "(Due,eq,oneMonthAgo)", expect: [7] },
  { name: "date eq oneMonthFromNow", where: "(Due,eq,oneMonthFromNow)", expect: [8] },
  {
    name: "date eq oneMonthAgo clamps to the month end",
    where: "(Due,eq,oneMonthAgo)",
    now: new Date("2024-03-31T10:00:00Z"),
    expect: [19],
  },
  { name: "date eq daysAgo", where: "(Due,eq,daysAgo,10)", expect: [11] },
  { name: "date eq daysFromNow", where: "(Due,eq,daysFromNow,10)", expect: [14] },
  { name: "date eq exactDate", where: "(Due,eq,exactDate,2024-02-29)", expect: [19] },
  { name: "date eq plain date", where: "(Due,eq,2024-03-13)", expect: [16] },
  { name: "date neq today includes NULL", where: "(Due,neq,today)", expect: except(1, 15) },
  { name: "date lt today", where: "(Due,lt,today)", expect: [2, 5, 7, 9, 11, 12, 13, 16, 19, 20] },
  { name: "date lte today", where: "(Due,lte,today)", expect: [1, 2, 5, 7, 9, 11, 12, 13, 15, 16, 19, 20] },
  { name: "date gt today", where: "(Due,gt,today)", expect: [4, 6, 8, 10, 14, 17] },
  { name: "date gte oneWeekFromNow", where: "(Due,gte,oneWeekFromNow)", expect: [6, 8, 10, 14, 17] },
  { name: "date btw", where: "(Due,btw,2024-03-01,2024-03-10)", expect: [5, 11, 12, 20] },
  { name: "date blank", where: "(Due,blank)", expect: [3, 18] },
  { name: "date isWithin pastWeek", where: "(Due,isWithin,pastWeek)", expect: [1, 2, 5, 15, 16, 20] },
  { name: "date isWithin nextWeek", where: "(Due,isWithin,nextWeek)", expect: [1, 4, 6, 15] },
  { name: "date isWithin pastMonth", where: "(Due,isWithin,pastMonth)", expect: [1, 2, 5, 7, 11, 12, 15, 16, 19, 20] },
  { name: "date isWithin nextMonth", where: "(Due,isWithin,nextMonth)", expect: [1, 4, 6, 8, 14, 15] },
  {
    name: "date isWithin pastYear",
    where: "(Due,isWithin,pastYear)",
    expect: [1, 2, 5, 7, 9, 11, 12, 13, 15, 16, 19, 20],
  },
  { name: "date isWithin nextYear", where: "(Due,isWithin,nextYear)", expect: [1, 4, 6, 8, 10, 14, 15, 17] },
  {
    name: "date isWithin pastNumberOfDays",
    where: "(Due,isWithin,pastNumberOfDays,14)",
    expect: [1, 2, 5, 11, 12, 15, 16, 20],
  },
  { name: "date isWithin nextNumberOfDays", where: "(Due,isWithin,nextNumberOfDays,7)", expect: [1, 4, 6, 15] },
  { name: "date sub-op without its number is ignored", where: "(Due,eq,daysAgo)", expect: ALL },
  {
    name: "date isWithin refuses a point sub-op",
    where: "(Due,isWithin,today)",
    expect: { error: "'today' is not supported for 'isWithin'" },
  },
  {
    name: "date eq refuses a range sub-op",
    where: "(Due,eq,pastWeek)",
    expect: { error: "'pastWeek' is not supported for 'eq'" },
  },
  {
    name: "date isWithin refuses an unknown sub-op",
    where: "(Due,isWithin,lastDecade)",
    expect: { error: "'lastDecade' is not supported." },
  },
  {
    name: "date daysAgo needs a whole number",
    where: "(Due,eq,daysAgo,x)",
    expect: { error: "needs a whole number of days" },
  },
  { name: "date refuses an impossible date", where: "(Due,eq,2024-02-30)", expect: { error: "is not a date" } },

  // DateTime: compared by UTC date part, or by instant when the value has a time
  { name: "datetime eq today", where: "(Seen,eq,today)", expect: [1, 15] },
  { name: "datetime eq tomorrow", where: "(Seen,eq,tomorrow)", expect: [4, 16] },
  { name: "datetime eq yesterday", where: "(Seen,eq,yesterday)", expect: [2, 17] },
  { name: "datetime eq exactDate", where: "(Seen,eq,exactDate,2024-03-16)", expect: [4, 16] },
  { name: "datetime eq with a time uses its day", where: "(Seen,eq,2024-03-15 10:00:00)", expect: [1, 15] },
  { name: "datetime neq today includes NULL", where: "(Seen,neq,today)", expect: except(1, 15) },
  { name: "datetime gt today", where: "(Seen,gt,today)", expect: [4, 6, 8, 10, 14, 16] },
  { name: "datetime gte today", where: "(Seen,gte,today)", expect: [1, 4, 6, 8, 10, 14, 15, 16] },
  { name: "datetime lt today", where: "(Seen,lt,today)", expect: [2, 5, 7, 9, 11, 12, 13, 17, 19, 20] },
  { name: "datetime lte today", where: "(Seen,lte,today)", expect: [1, 2, 5, 7, 9, 11, 12, 13, 15, 17, 19, 20] },
  { name: "datetime gt an instant", where: "(Seen,gt,2024-03-15 12:00:00)", expect: [4, 6, 8, 10, 14, 15, 16] },
  {
    name: "datetime lte an instant",
    where: "(Seen,lte,2024-03-16T00:00:00Z)",
    expect: [1, 2, 4, 5, 7, 9, 11, 12, 13, 15, 17, 19, 20],
  },
  { name: "datetime btw days", where: "(Seen,btw,2024-03-14,2024-03-15)", expect: [1, 2, 15, 17] },
  { name: "datetime isWithin pastWeek", where: "(Seen,isWithin,pastWeek)", expect: [1, 2, 5, 15, 17, 20] },
  { name: "datetime isWithin nextWeek", where: "(Seen,isWithin,nextWeek)", expect: [1, 4, 6, 15, 16] },
  {
    name: "datetime isWithin pastNumberOfDays",
    where: "(Seen,isWithin,pastNumberOfDays,6)",
    expect: [1, 2, 15, 17, 20],
  },
  {
    name: "datetime today late in the UTC day",
    where: "(Seen,eq,today)",
    now: new Date("2024-03-15T23:59:00Z"),
    expect: [1, 15],
  },
  { name: "datetime blank", where: "(Seen,blank)", expect: [3, 18] },

  // people ("Created by"): ids compared exactly, @me is the caller, no caller means nobody
  { name: "user eq @me is the caller's rows", where: "(Owner,eq,@me)", me: "us_ann", expect: ANN },
  { name: "user eq @me for another caller", where: "(Owner,eq,@me)", me: "us_bob", expect: BOB },
  { name: "user eq @me without a caller matches nothing", where: "(Owner,eq,@me)", expect: [] },
  {
    name: "user neq @me also matches rows without a user",
    where: "(Owner,neq,@me)",
    me: "us_ann",
    expect: except(...ANN),
  },
  { name: "user neq @me without a caller matches every row", where: "(Owner,neq,@me)", expect: ALL },
  { name: "user eq an id", where: "(Owner,eq,us_bob)", expect: BOB },
  { name: "user eq is case-sensitive", where: "(Owner,eq,US_BOB)", expect: [] },
  { name: "user anyof ids and @me", where: "(Owner,anyof,us_bob,@me)", me: "us_ann", expect: except(...NOBODY) },
  { name: "user nanyof @me", where: "(Owner,nanyof,@me)", me: "us_ann", expect: except(...ANN) },
  { name: "user blank", where: "(Owner,blank)", expect: NOBODY },
  { name: "user notblank", where: "(Owner,notblank)", expect: except(...NOBODY) },
  {
    name: "user gt is refused",
    where: "(Owner,gt,us_ann)",
    expect: { error: "'gt' is not supported for 'Owner' (CreatedBy)" },
  },
  { name: "user sort by the stored id, NULLs first", sort: "Owner", expect: [...NOBODY, ...ANN, ...BOB] },

  // groups and logical operators (AND binds tighter than OR; ~not is AND NOT)
  { name: "and", where: "(Status,eq,Todo)~and(Done,checked)", expect: [1, 5] },
  { name: "or", where: "(Status,eq,Todo)~or(Qty,gt,20)", expect: [1, 5, 7, 11, 12, 15, 16, 19] },
  {
    name: "and binds tighter than or",
    where: "(Status,eq,Todo)~or(Status,eq,Done)~and(Done,checked)",
    expect: [1, 5, 7, 10, 12, 15, 17, 19, 20],
  },
  {
    name: "a group changes the order",
    where: "((Status,eq,Todo)~or(Status,eq,Done))~and(Done,checked)",
    expect: [1, 5, 10, 17, 20],
  },
  { name: "not is and-not", where: "(Status,eq,Todo)~not(Done,checked)", expect: [7, 12, 15, 19] },
  {
    name: "a leading not negates the first term (NULL stays out)",
    where: "~not(Status,eq,Todo)",
    expect: [2, 4, 6, 8, 10, 11, 13, 16, 17, 18, 20],
  },
  { name: "a group opening with ~not", where: "(~not(Qty,gt,5)~and(Qty,gt,0))", expect: [9, 13, 14] },
  { name: "nested groups", where: "((Qty,lt,0)~or(Qty,gt,100))~and((Done,checked)~or(Done,blank))", expect: [5, 11] },
  { name: "redundant parentheses", where: "(((Name,eq,Apple)))", expect: [1] },
  { name: "spaces between terms", where: "(Name,eq,Apple) ~or (Name,eq,Fig)", expect: [1, 15] },
  { name: "an empty value ignores the condition", where: "(Name,eq,)", expect: ALL },
  { name: "a missing value ignores the condition", where: "(Name,eq,Apple)~or(Qty,eq)", expect: [1] },

  // errors
  { name: "unknown column", where: "(Nope,eq,1)", expect: { error: "Column 'Nope' not found in where" } },
  { name: "unknown operator", where: "(Name,zz,1)", expect: { error: "zz is not supported." } },
  {
    name: "operator not offered for the type",
    where: "(Name,gt,1)",
    expect: { error: "'gt' is not supported for 'Name' (SingleLineText)" },
  },
  { name: "is with a bad value", where: "(Name,is,maybe)", expect: { error: "'maybe' is not a value for 'is'" } },
  {
    name: "is empty on a number",
    where: "(Qty,is,empty)",
    expect: { error: "'is empty' is not supported for 'Qty' (Number)" },
  },
  { name: "unclosed condition", where: "(Name,eq,1", expect: { error: "Invalid where at position 11: expected ')'" } },
  {
    name: "unknown logical operator",
    where: "~xor(Name,eq,1)",
    expect: { error: "Invalid where at position 2: expected 'and', 'or' or 'not'" },
  },
  { name: "a value runs to the last valid ')' (as upstream)", where: "(Name,eq,1)~xor(Qty,eq,1)", expect: [] },
  { name: "NUL in a value", where: "(Name,eq,a\u0000b)", expect: { error: "NUL character" } },
  { name: "unknown sort column", sort: "Name,-Nope", expect: { error: "Column 'Nope' not found in sort" } },
  { name: "unknown field", fields: "Id,Nope", expect: { error: "Column 'Nope' not found in fields" } },
  {
    name: "hostile sort title",
    sort: "Name; DROP TABLE x",
    expect: { error: "Column 'Name; DROP TABLE x' not found in sort" },
  },

  // sort: NULLs first ascending and last descending, text by code point, Id breaks ties
  { name: "sort number asc", sort: "Qty", expect: QTY_ASC },
  {
    name: "sort number desc",
    sort: "-Qty",
    expect: [11, 16, 2, 7, 17, 1, 8, 10, 15, 19, 6, 18, 9, 14, 13, 4, 5, 12, 3, 20],
  },
  {
    name: "sort text asc by code point",
    sort: "Name",
    expect: [5, 4, 8, 1, 10, 3, 11, 13, 14, 15, 16, 17, 19, 7, 2, 12, 20, 9, 6, 18],
  },
  {
    name: "sort text desc",
    sort: "-Name",
    expect: [6, 18, 9, 20, 12, 2, 7, 19, 17, 16, 15, 14, 13, 11, 3, 10, 1, 8, 4, 5],
  },
  {
    name: "sort date then decimal desc",
    sort: "Due,-Price",
    expect: [18, 3, 13, 9, 7, 19, 12, 11, 5, 20, 16, 2, 1, 15, 4, 6, 14, 8, 10, 17],
  },
  {
    name: "sort checkbox",
    sort: "Done",
    expect: [3, 8, 13, 2, 4, 7, 9, 12, 15, 18, 19, 1, 5, 6, 10, 11, 14, 16, 17, 20],
  },
  {
    name: "sort datetime desc",
    sort: "-Seen",
    expect: [10, 8, 14, 6, 16, 4, 15, 1, 2, 17, 20, 5, 11, 12, 19, 7, 9, 13, 3, 18],
  },
  {
    name: "sort multi select",
    sort: "Tags",
    expect: [3, 9, 13, 18, 4, 17, 11, 6, 8, 12, 16, 5, 20, 2, 10, 19, 15, 14, 1, 7],
  },
  {
    name: "sort select desc with a filter",
    where: "(Status,notblank)",
    sort: "-Status",
    expect: [1, 5, 7, 12, 15, 19, 4, 8, 10, 13, 17, 20, 2, 6, 11, 16, 18],
  },
  {
    name: "sort as an array",
    sort: ["-Stars", "Name"],
    expect: [8, 1, 10, 17, 16, 6, 18, 13, 2, 7, 12, 5, 11, 19, 4, 14, 20, 3, 15, 9],
  },
  { name: "sort by Id desc", sort: "-Id", expect: [...ALL].reverse() },
  {
    name: "sort by the quoted title",
    sort: E,
    expect: [3, 5, 9, 14, 18, 10, 1, 2, 4, 6, 7, 8, 11, 12, 13, 15, 16, 17, 19, 20],
  },

  // search (SPEC 7): like on text fields, eq on the others when the query is a value for them
  { name: "search every column", search: { query: "apple" }, expect: [1, 2, 10] },
  { name: "search a number across columns", search: { query: "10" }, expect: [1, 8, 10, 13, 15] },
  {
    name: "search one multi select",
    search: { query: "red", fields: ["Tags"] },
    expect: [1, 2, 6, 7, 10, 11, 14, 15, 19],
  },
  { name: "search a checkbox", search: { query: "yes", fields: "Done" }, expect: CHECKED },
  { name: "search a date", search: { query: "2024-03-15" }, expect: [1, 15] },
  { name: "search a column that cannot hold the query", search: { query: "zzz", fields: ["Qty"] }, expect: [] },
  { name: "search with a where", where: "(Done,checked)", search: { query: "apple" }, expect: [1, 10] },
  { name: "search emoji", search: { query: "🍕" }, expect: [6, 18] },
  { name: "search with a percent sign", search: { query: "100%" }, expect: [8] },
  {
    name: "search an unknown field",
    search: { query: "x", fields: ["Nope"] },
    expect: { error: "Column 'Nope' not found in search" },
  },
];
