import { describe, expect, it } from "vitest";
import { argSpecAt, arity, functionSpec, FORMULA_FUNCTIONS } from "./functions";
import { testResolver } from "./test-resolver";
import { validateFormula } from "./validate";

const ok = (text: string) => {
  const out = validateFormula(text, testResolver);
  if (!out.ok) throw new Error(`${text}: ${out.error}`);
  return out;
};

const error = (text: string) => {
  const out = validateFormula(text, testResolver);
  if (out.ok) throw new Error(`${text} should fail`);
  return out;
};

describe("validateFormula", () => {
  it.each([
    ["{Qty} + 1", "number"],
    ["{Done} * 2", "number"],
    ["CONCAT(1)", "string"],
    ["{Qty} & ''", "string"],
    ["{Qty} > 1", "boolean"],
    ["{Name} = 'x'", "boolean"],
    ["DATEADD({Due}, 1, 'day')", "date"],
    ["DATEADD({Due}, 1, 'Months')", "date"],
    ["DATEADD({Due}, 1, 'hour')", "datetime"],
    ["DATEADD({Seen}, 1, 'day')", "datetime"],
    ["DATEADD('2024-01-01', 1, 'year')", "date"],
    ["DATEADD('2024-01-01 10:00', 1, 'year')", "datetime"],
    ["NOW()", "datetime"],
    ["BLANK()", "null"],
    ["IF(true, 1, 'a')", "string"],
    ["IF(true, 1, {Done})", "number"],
    ["IF(true, {Due}, NOW())", "datetime"],
    ["IF(true, {Due}, 1)", "string"],
    ["IF(true, 1)", "number"],
    ["IF(true, BLANK(), BLANK())", "null"],
    ["SWITCH({Qty}, 1, 2, 3)", "number"],
    ["SWITCH({Qty}, 1, 'a', BLANK())", "string"],
    ["SWITCH({Due}, '2024-01-01', TRUE())", "boolean"],
    ["DATETIME_DIFF({Seen}, {Due})", "number"],
    ["DATESTR({Seen})", "string"],
    ["TRUE()", "boolean"],
    ["VALUE({Notes})", "number"],
    ["LEN({Qty})", "number"],
  ])("%s is %s", (text, type) => {
    expect(ok(text).type).toBe(type);
  });

  it("lists the referenced titles once each, in order", () => {
    expect(ok("CONCAT({Name}, Qty, {Name}, {{Due}})").references).toEqual(["Name", "Qty", "Due"]);
    expect(ok("1 + 2").references).toEqual([]);
  });

  it.each([
    ["FOO(1)", "Unknown function FOO at 1", 1],
    ["1 + foo(1)", "Unknown function FOO at 5", 5],
    ["CONCAT({X})", "Column 'X' not found at 8", 8],
    ["Nope + 1", "Column 'Nope' not found at 1", 1],
    ["LEN({Files})", "Column 'Files' (Attachment) cannot be used in a formula at 5", 5],
    ["CONCAT()", "CONCAT needs at least 1 argument at 1", 1],
    ["NOW(1)", "NOW takes no arguments at 1", 1],
    ["IF(true)", "IF needs 2 or 3 arguments at 1", 1],
    ["DATEADD({Due}, 1)", "DATEADD needs exactly 3 arguments at 1", 1],
    ["SWITCH(1, 2)", "SWITCH needs at least 3 arguments at 1", 1],
    ["{Name} + 1", "'+' needs numbers, not text (join text with & or CONCAT) at 1", 1],
    ["1 * {Due}", "'*' needs numbers, not a date (use DATEADD or DATETIME_DIFF with dates) at 5", 5],
    ["-'a'", "'-' needs numbers, not text (join text with & or CONCAT) at 2", 2],
    ["{Qty} = 'a'", "Cannot compare a number with text at 7", 7],
    ["{Due} < 1", "Cannot compare a date with a number at 7", 7],
    ["{Done} = 'yes'", "Cannot compare true/false with text at 8", 8],
    ["{Due} = 'tomorrow'", "'tomorrow' is not a date (write YYYY-MM-DD or YYYY-MM-DD HH:mm:ss) at 9", 9],
    ["{Due} = '2024-02-30'", "'2024-02-30' is not a date", 9],
    ["SWITCH({Qty}, 'a', 1)", "Cannot compare a number with text at 15", 15],
    ["ROUND('x')", "ROUND: value must be a number, not text at 7", 7],
    ["ROUND(1, {Name})", "ROUND: places must be a number, not text at 10", 10],
    ["DAY({Qty})", "DAY: date must be a date, not a number at 5", 5],
    ["DAY({Name})", "DAY: date must be a date, not text at 5", 5],
    ["DAY('soon')", "'soon' is not a date", 5],
    ["DATEADD({Due}, 1, 'fortnight')", "DATEADD: unit must be one of 'day', 'week', 'month'", 19],
    ["DATEADD({Due}, 1, {Name})", "DATEADD: unit must be one of", 19],
    ["WEEKDAY({Due}, 'funday')", "WEEKDAY: startDay must be one of 'monday'", 16],
    ["DATETIME_DIFF({Due}, {Due}, 'eons')", "DATETIME_DIFF: unit must be one of", 29],
  ])("%s fails: %s", (text, message, position) => {
    const out = error(text);
    expect(out.error).toContain(message);
    expect(out.position).toBe(position);
  });

  it("reads text literals as ISO dates where dates are expected", () => {
    for (const text of [
      "2024-03-15",
      "2024-03-15 08:30",
      "2024-03-15T08:30:00",
      "2024-03-15T08:30:00.123Z",
      "2024-03-15T10:30:00+02:00",
    ]) {
      expect(ok(`DAY('${text}')`).type).toBe("number");
    }
    for (const text of ["2024-3-15", "15/03/2024", "2024-03-15 25:00", "2023-02-29", ""])
      expect(error(`DAY('${text}')`).error).toContain("is not a date");
  });

  it("matches DATETIME_DIFF units exactly first (m is minutes, M is months), then case-insensitively", () => {
    for (const unit of ["m", "M", "Days", "SECONDS", "q", "Q"])
      expect(ok(`DATETIME_DIFF({Seen}, {Due}, '${unit}')`).type).toBe("number");
  });
});

/** A valid argument of the spec's kind, as formula text. */
function sample(name: string, i: number, count: number): string {
  const spec = argSpecAt(functionSpec(name)!, i, count);
  if (spec.choices) return `'${spec.choices[0]}'`;
  return { number: "{Qty}", string: "{Name}", date: "{Due}", boolean: "{Done}", any: "1" }[spec.type];
}

const call = (name: string, args: string[]) => `${name}(${args.join(", ")})`;

describe("every function checks its arguments", () => {
  it.each(FORMULA_FUNCTIONS.map((f) => [f.name] as const))("%s", (name) => {
    const { min, max } = arity(functionSpec(name)!);
    const valid = (count: number) => Array.from({ length: count }, (_, i) => sample(name, i, count));
    for (let count = min; count <= Math.min(max, min + 3); count++) ok(call(name, valid(count)));
    if (min > 0) expect(error(call(name, valid(min - 1))).error).toMatch(new RegExp(`^${name} (needs|takes)`));
    if (max !== Infinity)
      expect(error(call(name, [...valid(max), "1"])).error).toMatch(new RegExp(`^${name} (needs|takes)`));
    for (let count = min; count <= Math.min(max, min + 1); count++) {
      for (let i = 0; i < count; i++) {
        const spec = argSpecAt(functionSpec(name)!, i, count);
        const args = valid(count);
        const bad = spec.choices
          ? "'no-such-choice'"
          : spec.type === "number"
            ? "'text'"
            : spec.type === "date"
              ? "12"
              : null;
        if (!bad) continue;
        args[i] = bad;
        const text = call(name, args);
        const out = error(text);
        expect(out.error).toContain(`${name}: ${spec.name} must be`);
        expect(out.position).toBe(text.indexOf(bad, name.length) + 1);
      }
    }
  });

  it("accepts REPEAT as REPT and any letter case", () => {
    expect(ok("repeat('a', 2)").type).toBe("string");
    expect(ok("Concat('a')").type).toBe("string");
  });
});
