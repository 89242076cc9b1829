import { describe, expect, it } from "vitest";
import { ident } from "../query/sql";
import { FORMULA_FUNCTIONS, FUNCTION_ALIASES, functionSpec } from "./functions";
import type { FormulaResolver, ValueType } from "./types";
import { validateFormula } from "./validate";

const REQUIRED = {
  numeric: "ABS ADD AVG CEILING EXP FLOOR INT LOG MAX MIN MOD POWER ROUND SQRT EVEN ODD VALUE",
  string: "CONCAT LEFT RIGHT MID LEN LOWER UPPER TRIM REPLACE SUBSTR SEARCH REPT URL",
  date: "NOW DATEADD DATETIME_DIFF WEEKDAY DATESTR DAY MONTH YEAR HOUR",
  logical: "IF SWITCH AND OR NOT ISBLANK ISNOTBLANK TRUE FALSE BLANK",
};

/** The columns the examples use. */
const EXAMPLE_COLUMNS: Record<string, ValueType> = {
  Price: "number",
  Tax: "number",
  A: "number",
  B: "number",
  Qty: "number",
  First: "string",
  Last: "string",
  Notes: "string",
  Status: "string",
  Done: "boolean",
  Due: "date",
  Start: "datetime",
  End: "datetime",
};
const examples: FormulaResolver = (title) => {
  const type = EXAMPLE_COLUMNS[title];
  return type ? { type, sql: (d) => ident(d, title) } : undefined;
};

describe("FORMULA_FUNCTIONS", () => {
  it("lists exactly NocoDB's functions, by category", () => {
    for (const [category, names] of Object.entries(REQUIRED)) {
      expect(
        FORMULA_FUNCTIONS.filter((f) => f.category === category)
          .map((f) => f.name)
          .sort(),
      ).toEqual(names.split(" ").sort());
    }
    expect(FORMULA_FUNCTIONS).toHaveLength(Object.values(REQUIRED).join(" ").split(" ").length);
  });

  it.each(FORMULA_FUNCTIONS.map((f) => [f.name, f] as const))(
    "%s has a description, an example that checks and argument hints",
    (name, f) => {
      expect(f.description).toMatch(/^\S.*\.$/);
      expect(f.description).not.toContain("\n");
      expect(f.syntax.startsWith(`${name}(`)).toBe(true);
      const formula = f.example.split(" → ")[0]!;
      const direct = formula.toUpperCase().startsWith(`${name}(`);
      expect(direct || formula.startsWith("IF(")).toBe(true);
      const checked = validateFormula(formula, examples);
      expect(checked).toMatchObject({ ok: true });
      if (checked.ok && direct && f.returns !== "any") expect(checked.type).toBe(f.returns);
      for (const a of f.args) {
        expect(a.name).toMatch(/^[a-zA-Z0-9]+$/);
        expect(["number", "string", "date", "boolean", "any"]).toContain(a.type);
      }
      expect(JSON.parse(JSON.stringify(f))).toEqual(f);
    },
  );

  it("writes argument hints with optional and repeating arguments", () => {
    const hint = (name: string) => FORMULA_FUNCTIONS.find((f) => f.name === name)?.syntax;
    expect(hint("ROUND")).toBe("ROUND(value, [places])");
    expect(hint("CONCAT")).toBe("CONCAT(text...)");
    expect(hint("LOG")).toBe("LOG([base], value)");
    expect(hint("NOW")).toBe("NOW()");
    expect(FORMULA_FUNCTIONS.find((f) => f.name === "DATEADD")?.args[2]?.choices).toContain("month");
  });

  it("resolves names case-insensitively and through aliases", () => {
    expect(functionSpec("concat")?.name).toBe("CONCAT");
    expect(functionSpec("Repeat")?.name).toBe(FUNCTION_ALIASES.REPEAT);
    expect(functionSpec("NOPE")).toBeUndefined();
  });
});
