/**
 * The one case list of the formula engine, run unchanged on SQLite (workerd), PostgreSQL and
 * MariaDB/MySQL. Each case's `expect` holds one normalised value per fixture row, in Id order
 * (formula-runner.ts `normalise`: numbers to 9 significant digits, booleans true/false, dates as
 * `YYYY-MM-DD[ HH:mm:ss]` text). Every function and operator appears at least once.
 * The fixture has a row of NULLs, empty text, unicode and emoji, SQL-looking text, negative and
 * fractional numbers, month ends and a leap day. NOW() is FORMULA_NOW (2024-03-15 12:00:00 UTC).
 * EXAMPLE_CASES adds every `NAME(...) → result` example of FORMULA_FUNCTIONS, so the editor's
 * examples are checked on each dialect too.
 */
import type { Stored, UIType } from "../../db/fields/types";
import { FORMULA_FUNCTIONS } from "../../db/formula";

export interface FormulaFixtureColumn {
  title: string;
  columnName: string;
  uidt: UIType;
}

export const FORMULA_TABLE = "gridbase_formula_cases";

export const FORMULA_COLUMNS: FormulaFixtureColumn[] = [
  { title: "Id", columnName: "id", uidt: "ID" },
  { title: "Name", columnName: "name", uidt: "SingleLineText" },
  { title: "Qty", columnName: "qty", uidt: "Number" },
  { title: "Price", columnName: "price", uidt: "Decimal" },
  { title: "Done", columnName: "done", uidt: "Checkbox" },
  { title: "Due", columnName: "due", uidt: "Date" },
  { title: "Seen", columnName: "seen_at", uidt: "DateTime" },
  { title: "Notes", columnName: "notes", uidt: "LongText" },
];

/** Formula columns of the fixture (virtual: no storage), used by cases as formulas inside formulas. */
export const FORMULA_VIRTUAL = [
  { title: "Total", uidt: "Formula" as const, options: { formula_raw: "{Qty} * {Price}" } },
  { title: "Label", uidt: "Formula" as const, options: { formula_raw: "CONCAT({Name}, ': ', {Total})" } },
];

const HOSTILE = `O'Brien"; DROP TABLE x; --`;

// Id, Name, Qty, Price, Done, Due, Seen, Notes (stored forms)
export const FORMULA_ROWS: Stored[][] = [
  [1, "Apple", 10, 1.5, 1, "2024-03-15", "2024-03-15T08:30:00.000Z", "Fresh fruit"],
  [2, "banana split", -3, 2.675, 0, "2024-01-31", "2024-02-29T23:59:59.999Z", "  padded  "],
  [3, null, null, null, null, null, null, null],
  [4, "Ünïcødé 🍕", 0, -2.5, 1, "2023-12-31", "2024-01-01T00:00:00.000Z", ""],
  [5, HOSTILE, 7, 0.125, 0, "2024-02-29", "2023-06-15T12:00:00.000Z", "$1,234.50"],
  [6, "", 1234567, 1234567.891, null, "2025-12-31", "2025-01-31T10:15:30.000Z", "-12.5%"],
];

export const FORMULA_NOW = new Date("2024-03-15T12:00:00.000Z");

export interface FormulaCase {
  name: string;
  formula: string;
  /** One normalised value per row, in Id order. */
  expect: unknown[];
}

const all = (v: unknown) => Array<unknown>(FORMULA_ROWS.length).fill(v);
const NOW = "2024-03-15 12:00:00";
const T = true;
const F = false;

export const FORMULA_CASES: FormulaCase[] = [
  // arithmetic: NULL in, NULL out; `/` is real division; x/0 is blank
  { name: "+", formula: "{Qty} + 1", expect: [11, -2, null, 1, 8, 1234568] },
  { name: "- of number and decimal", formula: "{Qty} - {Price}", expect: [8.5, -5.675, null, 2.5, 6.875, -0.891] },
  { name: "*", formula: "{Qty} * 2", expect: [20, -6, null, 0, 14, 2469134] },
  { name: "/ is real division", formula: "{Qty} / 4", expect: [2.5, -0.75, null, 0, 1.75, 308641.75] },
  { name: "/ of literals", formula: "7 / 2", expect: all(3.5) },
  { name: "/ by zero is blank", formula: "{Qty} / 0", expect: all(null) },
  { name: "unary minus", formula: "-{Qty}", expect: [-10, 3, null, 0, -7, -1234567] },
  { name: "precedence", formula: "2 + 3 * 4 - 6 / 3", expect: all(12) },
  { name: "parentheses", formula: "(2 + 3) * -(4)", expect: all(-20) },
  { name: "checkbox as number", formula: "{Done} + 1", expect: [2, 1, null, 2, 1, null] },
  { name: "huge literal", formula: "99999999999999999999 + 1", expect: all(1e20) },
  { name: "bare column name", formula: "Qty * 2", expect: [20, -6, null, 0, 14, 2469134] },
  {
    name: "double-brace reference",
    formula: "{{Qty}} + {{Price}}",
    expect: [11.5, -0.325, null, -2.5, 7.125, 2469134.89],
  },

  // & joins text, blank as ""
  {
    name: "& with text",
    formula: "{Name} & '!'",
    expect: ["Apple!", "banana split!", "!", "Ünïcødé 🍕!", `${HOSTILE}!`, "!"],
  },
  {
    name: "& with numbers and checkbox",
    formula: "{Qty} & '/' & {Done}",
    expect: ["10/true", "-3/false", "/", "0/true", "7/false", "1234567/"],
  },
  { name: "& keeps SQL-looking literals as text", formula: `"/* c */ -- ;" & 'x'`, expect: all("/* c */ -- ;x") },

  // comparisons
  { name: ">", formula: "{Qty} > 5", expect: [T, F, null, F, T, T] },
  { name: ">=", formula: "{Qty} >= 7", expect: [T, F, null, F, T, T] },
  { name: "<", formula: "{Qty} < 0", expect: [F, T, null, F, F, F] },
  { name: "<=", formula: "{Qty} <= 0", expect: [F, T, null, T, F, F] },
  { name: "=", formula: "{Qty} = 10", expect: [T, F, null, F, F, F] },
  { name: "==", formula: "{Qty} == 10", expect: [T, F, null, F, F, F] },
  { name: "!=", formula: "{Qty} != 10", expect: [F, T, null, T, T, T] },
  { name: "<>", formula: "{Qty} <> 10", expect: [F, T, null, T, T, T] },
  { name: "text = is case-sensitive", formula: "{Name} = 'apple'", expect: [F, F, null, F, F, F] },
  { name: "text = exact", formula: "{Name} = 'Apple'", expect: [T, F, null, F, F, F] },
  { name: "text = keeps trailing spaces apart", formula: "{Name} = 'Apple '", expect: [F, F, null, F, F, F] },
  { name: "text = unicode", formula: "{Name} = 'Ünïcødé 🍕'", expect: [F, F, null, T, F, F] },
  { name: "text < by code point", formula: "{Name} < 'a'", expect: [T, F, null, F, T, T] },
  { name: "date < ISO literal", formula: "{Due} < '2024-03-01'", expect: [F, T, null, T, T, F] },
  { name: "date-time >= date", formula: "{Seen} >= {Due}", expect: [T, T, null, T, F, F] },
  { name: "date-time < NOW()", formula: "{Seen} < NOW()", expect: [T, T, null, T, T, F] },
  { name: "date = text", formula: "{Due} = DATESTR({Seen})", expect: [T, F, null, F, F, F] },
  { name: "checkbox = true", formula: "{Done} = true", expect: [T, F, null, T, F, null] },
  { name: "= BLANK() is ISBLANK", formula: "{Qty} = BLANK()", expect: [F, F, T, F, F, F] },
  { name: "!= BLANK() on text", formula: "{Name} != BLANK()", expect: [T, T, F, T, T, F] },

  // numeric functions
  { name: "ABS", formula: "ABS({Price})", expect: [1.5, 2.675, null, 2.5, 0.125, 1234567.89] },
  { name: "ADD", formula: "ADD({Qty}, {Price}, 1)", expect: [12.5, 0.675, null, -1.5, 8.125, 2469135.89] },
  { name: "AVG", formula: "AVG({Qty}, {Price})", expect: [5.75, -0.1625, null, -1.25, 3.5625, 1234567.45] },
  { name: "CEILING", formula: "CEILING({Price})", expect: [2, 3, null, -2, 1, 1234568] },
  { name: "EXP", formula: "EXP({Done})", expect: [2.71828183, 1, null, 2.71828183, 1, null] },
  { name: "FLOOR", formula: "FLOOR({Price})", expect: [1, 2, null, -3, 0, 1234567] },
  { name: "INT truncates", formula: "INT({Price})", expect: [1, 2, null, -2, 0, 1234567] },
  { name: "LOG natural", formula: "LOG({Qty})", expect: [2.30258509, null, null, null, 1.94591015, 14.0262309] },
  { name: "LOG with base", formula: "LOG(10, {Qty})", expect: [1, null, null, null, 0.84509804, 6.09151466] },
  { name: "LOG base 2 of a literal", formula: "LOG(2, 1024)", expect: all(10) },
  { name: "MAX", formula: "MAX({Qty}, {Price})", expect: [10, 2.675, null, 0, 7, 1234567.89] },
  { name: "MAX of one", formula: "MAX({Qty})", expect: [10, -3, null, 0, 7, 1234567] },
  { name: "MIN", formula: "MIN({Qty}, {Price}, 5)", expect: [1.5, -3, null, -2.5, 0.125, 5] },
  { name: "MOD", formula: "MOD({Qty}, 3)", expect: [1, 0, null, 0, 1, 1] },
  { name: "MOD keeps the dividend's sign", formula: "MOD(-7, 2)", expect: all(-1) },
  { name: "MOD of decimals", formula: "MOD({Price}, 1)", expect: [0.5, 0.675, null, -0.5, 0.125, 0.891] },
  { name: "MOD by zero is blank", formula: "MOD({Qty}, 0)", expect: all(null) },
  { name: "POWER", formula: "POWER({Qty}, 2)", expect: [100, 9, null, 0, 49, 1524155680000] },
  { name: "POWER of a fraction", formula: "POWER(2, 0.5)", expect: all(1.41421356) },
  { name: "POWER out of domain is blank", formula: "ADD(POWER(-8, 1/3), POWER(0, -1))", expect: all(null) },
  { name: "ROUND to integer, half away from zero", formula: "ROUND({Price})", expect: [2, 3, null, -3, 0, 1234568] },
  { name: "ROUND to 1 place", formula: "ROUND({Price}, 1)", expect: [1.5, 2.7, null, -2.5, 0.1, 1234567.9] },
  { name: "ROUND to 2 places", formula: "ROUND({Price}, 2)", expect: [1.5, 2.68, null, -2.5, 0.13, 1234567.89] },
  { name: "ROUND to hundreds", formula: "ADD(ROUND(1234.5, -2), ROUND(-1250, -2))", expect: all(-100) },
  { name: "ROUND by a column", formula: "ROUND({Qty} + 0.55, {Done})", expect: [10.6, -2, null, 0.6, 8, null] },
  { name: "SQRT", formula: "SQRT({Qty})", expect: [3.16227766, null, null, 0, 2.64575131, 1111.11071] },
  { name: "EVEN", formula: "EVEN({Price})", expect: [2, 4, null, -4, 2, 1234568] },
  { name: "EVEN of integers", formula: "EVEN({Qty})", expect: [10, -4, null, 0, 8, 1234568] },
  { name: "ODD", formula: "ODD({Price})", expect: [3, 3, null, -3, 1, 1234569] },
  { name: "ODD of integers", formula: "ODD({Qty})", expect: [11, -3, null, 1, 7, 1234567] },
  { name: "VALUE", formula: "VALUE({Notes})", expect: [null, null, null, null, 1234.5, -0.125] },
  { name: "VALUE of a literal", formula: "VALUE('abc10000%')", expect: all(100) },
  { name: "VALUE with two points is blank", formula: "VALUE('1.2.3')", expect: all(null) },

  // text functions
  {
    name: "CONCAT",
    formula: "CONCAT({Name}, '-', {Qty})",
    expect: ["Apple-10", "banana split--3", "-", "Ünïcødé 🍕-0", `${HOSTILE}-7`, "-1234567"],
  },
  {
    name: "CONCAT of decimals",
    formula: "CONCAT({Price})",
    expect: ["1.5", "2.675", "", "-2.5", "0.125", "1234567.891"],
  },
  {
    name: "CONCAT of a division",
    formula: "CONCAT({Qty} / 4)",
    expect: ["2.5", "-0.75", "", "0", "1.75", "308641.75"],
  },
  { name: "CONCAT of 1/3 (15 digits)", formula: "CONCAT(1 / 3)", expect: all("0.333333333333333") },
  {
    name: "CONCAT of dates",
    formula: "CONCAT({Due}, ' ', {Seen})",
    expect: [
      "2024-03-15 2024-03-15 08:30:00",
      "2024-01-31 2024-02-29 23:59:59",
      " ",
      "2023-12-31 2024-01-01 00:00:00",
      "2024-02-29 2023-06-15 12:00:00",
      "2025-12-31 2025-01-31 10:15:30",
    ],
  },
  { name: "CONCAT of checkbox", formula: "CONCAT({Done})", expect: ["true", "false", "", "true", "false", ""] },
  { name: "LEFT", formula: "LEFT({Name}, 3)", expect: ["App", "ban", null, "Ünï", "O'B", ""] },
  { name: "LEFT negative is empty", formula: "LEFT({Name}, -1)", expect: ["", "", null, "", "", ""] },
  { name: "RIGHT", formula: "RIGHT({Name}, 2)", expect: ["le", "it", null, " 🍕", "--", ""] },
  {
    name: "RIGHT longer than the text",
    formula: "RIGHT({Name}, 100)",
    expect: ["Apple", "banana split", null, "Ünïcødé 🍕", HOSTILE, ""],
  },
  { name: "MID", formula: "MID({Name}, 2, 3)", expect: ["ppl", "ana", null, "nïc", "'Br", ""] },
  { name: "MID from 0 starts at 1", formula: "MID({Name}, 0, 2)", expect: ["Ap", "ba", null, "Ün", "O'", ""] },
  {
    name: "SUBSTR to the end",
    formula: "SUBSTR({Name}, 7)",
    expect: ["", " split", null, "é 🍕", `n"; DROP TABLE x; --`, ""],
  },
  {
    name: "SUBSTR with a column length",
    formula: "SUBSTR({Name}, 2, {Qty})",
    expect: ["pple", "", null, "", `'Brien"`, ""],
  },
  { name: "LEN counts characters", formula: "LEN({Name})", expect: [5, 12, null, 9, 26, 0] },
  { name: "LEN of unicode literal", formula: "LEN('🍕é')", expect: all(2) },
  {
    name: "LOWER (ASCII)",
    formula: "LOWER({Name})",
    expect: ["apple", "banana split", null, "Ünïcødé 🍕", `o'brien"; drop table x; --`, ""],
  },
  {
    name: "UPPER (ASCII)",
    formula: "UPPER({Name})",
    expect: ["APPLE", "BANANA SPLIT", null, "ÜNïCøDé 🍕", `O'BRIEN"; DROP TABLE X; --`, ""],
  },
  { name: "TRIM", formula: "TRIM({Notes})", expect: ["Fresh fruit", "padded", null, "", "$1,234.50", "-12.5%"] },
  {
    name: "REPLACE is case-sensitive",
    formula: "REPLACE({Name}, 'a', 'A')",
    expect: ["Apple", "bAnAnA split", null, "Ünïcødé 🍕", HOSTILE, ""],
  },
  { name: "SEARCH", formula: "SEARCH({Name}, 'p')", expect: [2, 9, null, 0, 0, 0] },
  { name: "SEARCH is case-sensitive", formula: "SEARCH({Name}, 'P')", expect: [0, 0, null, 0, 14, 0] },
  { name: "SEARCH emoji", formula: "SEARCH({Name}, '🍕')", expect: [0, 0, null, 9, 0, 0] },
  {
    name: "REPT",
    formula: "REPT({Name}, 2)",
    expect: ["AppleApple", "banana splitbanana split", null, "Ünïcødé 🍕Ünïcødé 🍕", HOSTILE + HOSTILE, ""],
  },
  { name: "REPT by a column", formula: "REPT('ab', {Done})", expect: ["ab", "", null, "ab", "", null] },
  { name: "REPEAT is REPT", formula: "repeat('x', 3)", expect: all("xxx") },
  {
    name: "URL",
    formula: "URL({Name})",
    expect: ["URI::(Apple)", "URI::(banana split)", null, "URI::(Ünïcødé 🍕)", `URI::(${HOSTILE})`, "URI::()"],
  },
  {
    name: "function names are case-insensitive",
    formula: "concat(Len({Name}), lower('X'))",
    expect: ["5x", "12x", "x", "9x", "26x", "0x"],
  },

  // date functions
  { name: "NOW", formula: "NOW()", expect: all(NOW) },
  {
    name: "DATEADD month clamps to the month end",
    formula: "DATEADD({Due}, 1, 'month')",
    expect: ["2024-04-15", "2024-02-29", null, "2024-01-31", "2024-03-29", "2026-01-31"],
  },
  {
    name: "DATEADD minus a year",
    formula: "DATEADD({Due}, -1, 'year')",
    expect: ["2023-03-15", "2023-01-31", null, "2022-12-31", "2023-02-28", "2024-12-31"],
  },
  {
    name: "DATEADD weeks",
    formula: "DATEADD({Due}, 2, 'week')",
    expect: ["2024-03-29", "2024-02-14", null, "2024-01-14", "2024-03-14", "2026-01-14"],
  },
  {
    name: "DATEADD days",
    formula: "DATEADD({Due}, 10, 'days')",
    expect: ["2024-03-25", "2024-02-10", null, "2024-01-10", "2024-03-10", "2026-01-10"],
  },
  {
    name: "DATEADD hours to a date gives a date-time",
    formula: "DATEADD({Due}, 36, 'hours')",
    expect: [
      "2024-03-16 12:00:00",
      "2024-02-01 12:00:00",
      null,
      "2024-01-01 12:00:00",
      "2024-03-01 12:00:00",
      "2026-01-01 12:00:00",
    ],
  },
  {
    name: "DATEADD minutes",
    formula: "DATEADD({Seen}, 90, 'minute')",
    expect: [
      "2024-03-15 10:00:00",
      "2024-03-01 01:29:59",
      null,
      "2024-01-01 01:30:00",
      "2023-06-15 13:30:00",
      "2025-01-31 11:45:30",
    ],
  },
  {
    name: "DATEADD seconds back",
    formula: "DATEADD({Seen}, -30, 'second')",
    expect: [
      "2024-03-15 08:29:30",
      "2024-02-29 23:59:29",
      null,
      "2023-12-31 23:59:30",
      "2023-06-15 11:59:30",
      "2025-01-31 10:15:00",
    ],
  },
  {
    name: "DATEADD month to a date-time",
    formula: "DATEADD({Seen}, 1, 'month')",
    expect: [
      "2024-04-15 08:30:00",
      "2024-03-29 23:59:59",
      null,
      "2024-02-01 00:00:00",
      "2023-07-15 12:00:00",
      "2025-02-28 10:15:30",
    ],
  },
  {
    name: "DATEADD by a column",
    formula: "DATEADD({Due}, {Done}, 'day')",
    expect: ["2024-03-16", "2024-01-31", null, "2024-01-01", "2024-02-29", null],
  },
  {
    name: "DATEADD months by a column to a literal",
    formula: "DATEADD('2024-01-31', {Done}, 'month')",
    expect: ["2024-02-29", "2024-01-31", null, "2024-02-29", "2024-01-31", null],
  },
  {
    name: "DATETIME_DIFF hours",
    formula: "DATETIME_DIFF({Seen}, {Due}, 'hours')",
    expect: [8, 719, null, 24, -6204, -8005],
  },
  {
    name: "DATETIME_DIFF seconds by default",
    formula: "DATETIME_DIFF(NOW(), {Seen})",
    expect: [12600, 1252801, null, 6436800, 23673600, -27814530],
  },
  {
    name: "DATETIME_DIFF days",
    formula: "DATETIME_DIFF({Due}, '2024-01-01', 'days')",
    expect: [74, 30, null, -1, 59, 730],
  },
  {
    name: "DATETIME_DIFF m is minutes",
    formula: "DATETIME_DIFF({Due}, '2024-01-31', 'm')",
    expect: [63360, 0, null, -44640, 41760, 1008000],
  },
  { name: "DATETIME_DIFF weeks", formula: "DATETIME_DIFF({Seen}, {Due}, 'w')", expect: [0, 4, null, 0, -36, -47] },
  {
    name: "DATETIME_DIFF ms",
    formula: "DATETIME_DIFF({Seen}, {Due}, 'ms')",
    expect: [30600000, 2591999000, null, 86400000, -22334400000, -28820670000],
  },
  {
    name: "DATETIME_DIFF months counts whole months",
    formula: "DATETIME_DIFF({Seen}, {Due}, 'months')",
    expect: [0, 0, null, 0, -8, -10],
  },
  { name: "DATETIME_DIFF M is months", formula: "DATETIME_DIFF(NOW(), {Due}, 'M')", expect: [0, 1, null, 2, 0, -21] },
  {
    name: "DATETIME_DIFF quarters",
    formula: "DATETIME_DIFF(NOW(), {Due}, 'quarters')",
    expect: [0, 0, null, 0, 0, -7],
  },
  { name: "DATETIME_DIFF years", formula: "DATETIME_DIFF({Due}, '2023-02-28', 'y')", expect: [1, 0, null, 0, 1, 2] },
  { name: "WEEKDAY from Monday", formula: "WEEKDAY({Due})", expect: [4, 2, null, 6, 3, 2] },
  { name: "WEEKDAY from Sunday", formula: "WEEKDAY({Due}, 'sunday')", expect: [5, 3, null, 0, 4, 3] },
  {
    name: "WEEKDAY of a date-time from Saturday",
    formula: "WEEKDAY({Seen}, 'Saturday')",
    expect: [6, 5, null, 2, 5, 6],
  },
  {
    name: "DATESTR",
    formula: "DATESTR({Seen})",
    expect: ["2024-03-15", "2024-02-29", null, "2024-01-01", "2023-06-15", "2025-01-31"],
  },
  {
    name: "DATESTR of a date",
    formula: "DATESTR({Due})",
    expect: ["2024-03-15", "2024-01-31", null, "2023-12-31", "2024-02-29", "2025-12-31"],
  },
  { name: "DAY", formula: "DAY({Due})", expect: [15, 31, null, 31, 29, 31] },
  { name: "MONTH", formula: "MONTH({Due})", expect: [3, 1, null, 12, 2, 12] },
  { name: "YEAR", formula: "YEAR({Seen})", expect: [2024, 2024, null, 2024, 2023, 2025] },
  { name: "HOUR", formula: "HOUR({Seen})", expect: [8, 23, null, 0, 12, 10] },
  { name: "HOUR of a date is 0", formula: "HOUR({Due})", expect: [0, 0, null, 0, 0, 0] },
  { name: "DAY of a literal", formula: "DAY('2024-02-29')", expect: all(29) },

  // logical functions
  { name: "IF", formula: "IF({Qty} > 5, 'big', 'small')", expect: ["big", "small", "small", "small", "big", "big"] },
  { name: "IF on a checkbox", formula: "IF({Done}, {Qty}, -1)", expect: [10, -1, -1, 0, -1, -1] },
  {
    name: "IF on text",
    formula: "IF({Name}, 'named', 'nameless')",
    expect: ["named", "named", "nameless", "named", "named", "nameless"],
  },
  { name: "IF without else", formula: "IF({Qty} > 5, {Qty})", expect: [10, null, null, null, 7, 1234567] },
  {
    name: "IF mixing date and date-time",
    formula: "IF({Done}, {Due}, NOW())",
    expect: ["2024-03-15 00:00:00", NOW, NOW, "2023-12-31 00:00:00", NOW, NOW],
  },
  {
    name: "IF mixing number and text",
    formula: "IF({Qty} > 5, {Qty}, 'few')",
    expect: ["10", "few", "few", "few", "7", "1234567"],
  },
  { name: "IF on literals", formula: "IF(false, 1, 2) + IF(true, 10, 20)", expect: all(12) },
  {
    name: "SWITCH on numbers",
    formula: "SWITCH({Qty}, 10, 'ten', 7, 'seven', 'other')",
    expect: ["ten", "other", "other", "other", "seven", "other"],
  },
  {
    name: "SWITCH on text is case-sensitive",
    formula: "SWITCH({Name}, 'Apple', 1, 'apple', 2, 0)",
    expect: [1, 0, 0, 0, 0, 0],
  },
  {
    name: "SWITCH with BLANK() and no default",
    formula: "SWITCH({Name}, BLANK(), 'blank', 'Apple', 'fruit')",
    expect: ["fruit", null, "blank", null, null, "blank"],
  },
  {
    name: "SWITCH on dates",
    formula: "SWITCH({Due}, '2024-02-29', 'leap', '2024-03-15', 'today', 'other')",
    expect: ["today", "other", "other", "other", "leap", "other"],
  },
  { name: "AND", formula: "AND({Qty} > 0, {Done})", expect: [T, F, F, F, F, F] },
  { name: "OR", formula: "OR({Qty} > 5, {Done})", expect: [T, F, F, T, T, T] },
  { name: "AND/OR of constants", formula: "OR(AND(TRUE(), FALSE()), AND(TRUE()))", expect: all(T) },
  { name: "NOT", formula: "NOT({Done})", expect: [F, T, T, F, T, T] },
  { name: "NOT of a blank comparison is true", formula: "NOT({Qty} > 5)", expect: [F, T, T, T, F, F] },
  { name: "ISBLANK of text (spaces are not blank)", formula: "ISBLANK({Notes})", expect: [F, F, T, T, F, F] },
  { name: "ISBLANK of a number", formula: "ISBLANK({Qty})", expect: [F, F, T, F, F, F] },
  { name: "ISBLANK of a checkbox", formula: "ISBLANK({Done})", expect: [F, F, T, F, F, T] },
  { name: "ISBLANK of a date", formula: "ISBLANK({Due})", expect: [F, F, T, F, F, F] },
  { name: "ISNOTBLANK", formula: "ISNOTBLANK({Name})", expect: [T, T, F, T, T, F] },
  { name: "TRUE", formula: "TRUE()", expect: all(T) },
  { name: "FALSE", formula: "FALSE()", expect: all(F) },
  { name: "BLANK", formula: "BLANK()", expect: all(null) },
  { name: "ISBLANK(BLANK())", formula: "ISBLANK(BLANK())", expect: all(T) },
  {
    name: "a formula column inside a formula",
    formula: "ROUND({Total}, 2)",
    expect: [15, -8.02, null, 0, 0.88, 1524156780000],
  },
  {
    name: "formula columns two deep",
    formula: "LEFT({Label}, 12)",
    expect: ["Apple: 15", "banana split", ": ", "Ünïcødé 🍕: 0", `O'Brien"; DR`, ": 1524156777"],
  },
  {
    name: "nested",
    formula: "ROUND(AVG({Qty}, {Price}) * 2, 1) & IF(ISBLANK({Qty}), '?', '')",
    expect: ["11.5", "-0.3", "?", "-2.5", "7.1", "2469134.9"],
  },
];

/** A value as the function list's examples show it: 'text', a number, or bare text (a date). */
function shown(text: string): unknown {
  const quoted = /^'(.*)'$/.exec(text);
  if (quoted) return quoted[1];
  return Number.isFinite(Number(text)) ? Number(Number(text).toPrecision(9)) : text;
}

/** Every `NAME(...) → result` example of the formula editor's function list, checked on each dialect. */
export const EXAMPLE_CASES: FormulaCase[] = FORMULA_FUNCTIONS.filter(
  (f) => f.example.includes(" → ") && !f.example.includes("{"),
).map((f) => {
  const [formula, result] = f.example.split(" → ") as [string, string];
  return { name: `example ${f.example}`, formula, expect: all(shown(result)) };
});
