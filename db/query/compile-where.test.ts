import { describe, expect, it } from "vitest";
import { fieldType } from "../fields/registry";
import type { FilterOp } from "../fields/types";
import { compileWhere } from "./compile-where";
import { DATE_SUB_OPS, IS_WITHIN_SUB_OPS } from "./dates";
import { render } from "./sql";
import { EVERY_TYPE, PHYSICAL, SAMPLE, col } from "./test-table";
import { QueryError, type Compiled, type Dialect, type QueryTable, type WhereNode } from "./types";
const NOW = new Date("2024-03-15T12:00:00.000Z");
const DIALECTS: Dialect[] = ["sqlite", "pg", "mysql"];

function compile(
  where: string | WhereNode,
  dialect: Dialect = "sqlite",
  table: QueryTable = EVERY_TYPE,
): Compiled | null {
  const frag = compileWhere(table, where, { dialect, now: NOW });
  return frag && render(frag, dialect);
}
function errorOf(where: string | WhereNode, table: QueryTable = EVERY_TYPE): string {
  try {
    compile(where, "sqlite", table);
  } catch (err) {
    if (err instanceof QueryError) return err.message;
    throw err;
  }
  throw new Error("compiled");
}

const NO_VALUE = new Set(["empty", "notempty", "null", "notnull", "blank", "notblank", "checked", "notchecked"]);

function valueFor(uidt: string, op: FilterOp): string | undefined {
  if (NO_VALUE.has(op)) return undefined;
  const isDate = uidt === "Date" || uidt === "DateTime" || uidt === "CreateTime";
  if (op === "isWithin") return "pastWeek";
  const numbers = uidt === "Year" ? "2020,2024" : "1,5";
  if (op === "btw" || op === "nbtw") return isDate ? "2024-03-01,2024-03-31" : numbers;
  if (op === "in" && SAMPLE[uidt as keyof typeof SAMPLE]?.match(/^\d/)) return numbers;
  if (uidt === "Rating" && op !== "like") return "3";
  return SAMPLE[uidt as keyof typeof SAMPLE];
}

describe("compileWhere: every operator of every physical type", () => {
  const combos = PHYSICAL.flatMap((uidt) => fieldType(uidt).filterOps.map((op) => [uidt, op] as const));

  it.each(combos)("%s %s compiles on every dialect with the value bound", (uidt, op) => {
    const value = valueFor(uidt, op);
    const where = `(${uidt},${op}${value === undefined ? "" : `,${value}`})`;
    for (const d of DIALECTS) {
      const out = compile(where, d)!;
      expect(out.sql).not.toBe("");
      if (value !== undefined && !/^\d+$/.test(value)) expect(out.sql).not.toContain(value);
      if (value !== undefined) expect(out.params.length).toBeGreaterThan(0);
      expect(out.sql.match(d === "pg" ? /\$\d+/g : /\?/g)?.length ?? 0).toBe(out.params.length);
    }
  });

  it.each(["Date", "DateTime", "CreateTime"])("%s compiles every sub-op with the ops that take it", (uidt) => {
    for (const sub of DATE_SUB_OPS) {
      const within = (IS_WITHIN_SUB_OPS as readonly string[]).includes(sub);
      const arg = sub === "exactDate" ? ",2024-01-31" : /Number|days/.test(sub) ? ",3" : "";
      for (const op of within ? ["isWithin"] : ["eq", "neq", "gt", "lt", "gte", "lte", "ge", "le"]) {
        for (const d of DIALECTS) expect(compile(`(${uidt},${op},${sub}${arg})`, d)?.params.length).toBeGreaterThan(0);
      }
    }
  });

  it("maps not, is and isnot to the ops they stand for", () => {
    expect(compile("(SingleLineText,not,x)")).toEqual(compile("(SingleLineText,neq,x)"));
    expect(compile("(Number,is,null)")).toEqual(compile("(Number,null)"));
    expect(compile("(Number,isnot,null)")).toEqual(compile("(Number,notnull)"));
    expect(compile("(SingleLineText,is,empty)")).toEqual(compile("(SingleLineText,empty)"));
    expect(compile("(SingleLineText,isnot,empty)")).toEqual(compile("(SingleLineText,notempty)"));
    expect(compile("(Checkbox,is,true)")).toEqual(compile("(Checkbox,checked)"));
    expect(compile("(Checkbox,isnot,true)")).toEqual(compile("(Checkbox,notchecked)"));
    expect(compile("(Checkbox,is,false)")).toEqual(compile("(Checkbox,notchecked)"));
  });
});

describe("compileWhere: SQL shapes", () => {
  it("binds coerced values", () => {
    expect(compile("(Number,gt,10)")).toEqual({ sql: `"number" > ?`, params: [10] });
    expect(compile("(Checkbox,eq,true)")).toEqual({ sql: `"checkbox" = ?`, params: [1] });
    expect(compile("(Checkbox,eq,true)", "pg")).toEqual({ sql: `"checkbox" = $1`, params: [true] });
    expect(compile("(Date,eq,15/03/2024)")).toEqual({ sql: `"date" = ?`, params: ["2024-03-15"] });
    expect(compile("(SingleSelect,eq,alpha)")).toEqual({ sql: `"singleselect" = ?`, params: ["Alpha"] });
  });

  it("writes text equality exactly per dialect", () => {
    expect(compile("(SingleLineText,eq,Ab)", "sqlite")?.sql).toBe(`"singlelinetext" = ?`);
    expect(compile("(SingleLineText,eq,Ab)", "pg")?.sql).toBe(`"singlelinetext" = $1`);
    expect(compile("(SingleLineText,eq,Ab)", "mysql")?.sql).toBe(
      "CAST(`singlelinetext` AS BINARY) = CAST(? AS BINARY)",
    );
  });

  it("writes like case-insensitively with ! as the escape", () => {
    expect(compile("(SingleLineText,like,a_b!)", "sqlite")).toEqual({
      sql: `lower("singlelinetext") LIKE lower(?) ESCAPE '!'`,
      params: ["%a!_b!!%"],
    });
    expect(compile("(SingleLineText,like,%ab)", "pg")).toEqual({
      sql: `lower(CAST("singlelinetext" AS text)) LIKE lower($1) ESCAPE '!'`,
      params: ["%ab"],
    });
    expect(compile("(SingleLineText,like,ab%)", "mysql")).toEqual({
      sql: "lower(`singlelinetext`) LIKE lower(?) COLLATE utf8mb4_bin ESCAPE '!'",
      params: ["ab%"],
    });
    expect(compile("(SingleLineText,nlike,x)")?.sql).toBe(
      `(NOT (lower("singlelinetext") LIKE lower(?) ESCAPE '!')) OR ("singlelinetext" IS NULL)`,
    );
  });

  it("applies the NULL rules", () => {
    expect(compile("(Number,neq,1)")?.sql).toBe(`(NOT ("number" = ?)) OR ("number" IS NULL)`);
    expect(compile("(Rating,eq,0)")?.sql).toBe(`("rating" = ?) OR ("rating" IS NULL)`);
    expect(compile("(Rating,neq,0)")?.sql).toBe(`NOT (("rating" = ?) OR ("rating" IS NULL))`);
    expect(compile("(Number,nbtw,1,5)")?.sql).toBe(`NOT (("number" >= ?) AND ("number" <= ?))`);
    expect(compile("(Checkbox,notchecked)")).toEqual({ sql: `("checkbox" = ?) OR ("checkbox" IS NULL)`, params: [0] });
    expect(compile("(SingleLineText,blank)")?.sql).toBe(`("singlelinetext" IS NULL) OR ("singlelinetext" = '')`);
    expect(compile("(Number,blank)")?.sql).toBe(`"number" IS NULL`);
    expect(compile("(Attachment,blank)")?.sql).toBe(`("attachment" IS NULL) OR ("attachment" IN ('', '[]', 'null'))`);
    expect(compile("(SingleLineText,notempty)")?.sql).toBe(
      `(NOT ("singlelinetext" = '')) OR ("singlelinetext" IS NULL)`,
    );
  });

  it("checks multi-select membership with delimiters", () => {
    expect(compile("(MultiSelect,allof,beta,alpha)")).toEqual({
      sql: `(instr(',' || "multiselect" || ',', ?) > 0) AND (instr(',' || "multiselect" || ',', ?) > 0)`,
      params: [",Alpha,", ",Beta,"],
    });
    expect(compile("(MultiSelect,anyof,Alpha)", "pg")?.sql).toBe(`strpos(',' || "multiselect" || ',', $1) > 0`);
    expect(compile("(MultiSelect,anyof,Alpha)", "mysql")?.sql).toBe(
      "LOCATE(CAST(? AS BINARY), CAST(CONCAT(',', `multiselect`, ',') AS BINARY)) > 0",
    );
  });

  it("compares DateTime by UTC day and binds per dialect", () => {
    expect(compile("(DateTime,eq,today)")).toEqual({
      sql: `("datetime" >= ?) AND ("datetime" < ?)`,
      params: ["2024-03-15T00:00:00.000Z", "2024-03-16T00:00:00.000Z"],
    });
    expect(compile("(DateTime,eq,today)", "mysql")?.params).toEqual([
      "2024-03-15 00:00:00.000",
      "2024-03-16 00:00:00.000",
    ]);
    expect(compile("(DateTime,gt,2024-03-15 10:00)")?.params).toEqual(["2024-03-15T10:00:00.000Z"]);
    expect(compile("(Date,isWithin,pastNumberOfDays,14)")).toEqual({
      sql: `("date" >= ?) AND ("date" <= ?)`,
      params: ["2024-03-01", "2024-03-15"],
    });
  });

  it("joins with SQL precedence and ~not as AND NOT", () => {
    expect(compile("(Number,eq,1)~or(Number,eq,2)~and(Number,eq,3)~not(Number,eq,4)")?.sql).toBe(
      `("number" = ?) OR (("number" = ?) AND ("number" = ?) AND (NOT ("number" = ?)))`,
    );
    expect(compile("~not(Number,eq,1)")?.sql).toBe(`NOT ("number" = ?)`);
    expect(compile("((Number,eq,1)~or(Number,eq,2))~and(Number,eq,3)")?.sql).toBe(
      `(("number" = ?) OR ("number" = ?)) AND ("number" = ?)`,
    );
  });

  it("leaves out conditions without a value", () => {
    expect(compile("(Number,eq,)")).toBeNull();
    expect(compile("(Number,eq)~or(Number,eq,2)")).toEqual({ sql: `"number" = ?`, params: [2] });
    expect(compile("(Date,eq,daysAgo)")).toBeNull();
    expect(compile("(Number,in,,)")).toBeNull();
    expect(compile("(Number,is)")).toBeNull();
  });

  it("reads sub-ops from where text only on date columns", () => {
    expect(compile("(SingleLineText,eq,today)")?.params).toEqual(["today"]);
    expect(compile("(Date,eq,today)")?.params).toEqual(["2024-03-15"]);
  });
});

describe("compileWhere: errors", () => {
  it.each([
    ["(Nope,eq,1)", "Column 'Nope' not found in where"],
    ["(Number,zz,1)", "zz is not supported."],
    ["(Number,like,1)", "'like' is not supported for 'Number' (Number)"],
    ["(Checkbox,gt,1)", "'gt' is not supported for 'Checkbox' (Checkbox)"],
    ["(Number,is,empty)", "'is empty' is not supported for 'Number' (Number)"],
    ["(Number,is,zz)", "'zz' is not a value for 'is' (use null, notnull, empty, notempty, true or false)"],
    ["(Number,eq,abc)", 'Number: "abc" is not a number'],
    ["(Number,btw,1)", "Number: 'btw' needs two values, min and max, separated by a comma"],
    ["(Date,btw,2024-01-01)", "Date: 'btw' needs two dates, from and to, separated by a comma"],
    ["(Date,isWithin,today)", "'today' is not supported for 'isWithin'"],
    ["(Date,gt,nextWeek)", "'nextWeek' is not supported for 'gt'"],
    ["(Date,btw,today,2024-01-01)", "'today' is not supported for 'btw'"],
    ["(Date,isWithin,someday)", "'someday' is not supported."],
    ["(Date,eq,daysAgo,-1)", 'Date: daysAgo needs a whole number of days, not "-1"'],
    ["(Date,eq,daysAgo,99999999)", 'Date: daysAgo needs a whole number of days, not "99999999"'],
    ["(Date,eq,daysAgo,3000000)", "The date is out of range (years 1000 to 9999)"],
    ["(SingleSelect,eq,C)", 'SingleSelect: "C" is not an option (Alpha, Beta)'],
    ["(SingleLineText,eq,a\u0000b)", "SingleLineText: the filter value contains a NUL character"],
  ])("%j → %s", (where, message) => {
    expect(errorOf(where)).toBe(message);
  });

  it("refuses a sub-op held apart on a non-date column, and unknown ones", () => {
    const node = (column: string, subOp: string): WhereNode => ({
      type: "cond",
      logicalOp: "and",
      column,
      op: "eq",
      value: "",
      subOp,
    });
    expect(errorOf(node("SingleLineText", "today"))).toBe("'today' is not supported for UI Type'SingleLineText'.");
    expect(errorOf(node("Date", "someday"))).toBe("'someday' is not supported.");
    expect(compile(node("Date", "today"))?.params).toEqual(["2024-03-15"]);
  });

  it("refuses virtual columns for now", () => {
    const table = { tableName: "t", columns: [col("Link", "LinkToAnotherRecord")] };
    expect(errorOf("(Link,blank)", table)).toBe("Column 'Link' (LinkToAnotherRecord) cannot be used in where yet");
  });

  it("refuses trees nested too deeply", () => {
    let node: WhereNode = { type: "cond", logicalOp: "and", column: "Number", op: "eq", value: "1" };
    for (let i = 0; i < 40; i++) node = { type: "group", logicalOp: "and", children: [node] };
    expect(errorOf(node)).toContain("too deeply nested");
  });
});
