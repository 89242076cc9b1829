import { describe, expect, it } from "vitest";
import { FORMULA_FUNCTIONS } from "../../../db/formula";
import en from "../../../locales/en.json";
import {
  argHint,
  callAt,
  completeRef,
  functionNamed,
  groupFunctions,
  insertCall,
  refAt,
  suggestFields,
} from "./formula-text";

const at = (marked: string) => ({ text: marked.replace("|", ""), cursor: marked.indexOf("|") });
const call = (marked: string) => {
  const { text, cursor } = at(marked);
  return callAt(text, cursor);
};
const ref = (marked: string) => {
  const { text, cursor } = at(marked);
  return refAt(text, cursor);
};
const fn = (name: string) => functionNamed(FORMULA_FUNCTIONS, name)!;
const shown = (parts: ReturnType<typeof argHint>) => parts.map((p) => (p.active ? `<${p.text}>` : p.text)).join("");

describe("the call under the cursor", () => {
  it("finds the innermost call and the argument", () => {
    expect(call("CONCAT(|")).toEqual({ name: "CONCAT", argIndex: 0 });
    expect(call("CONCAT({Name}, |")).toEqual({ name: "CONCAT", argIndex: 1 });
    expect(call("IF({A} > 1, ROUND({B}, |2), 0)")).toEqual({ name: "ROUND", argIndex: 1 });
    expect(call("IF({A} > 1, ROUND({B}, 2), |0)")).toEqual({ name: "IF", argIndex: 2 });
    expect(call("round (1|")).toEqual({ name: "ROUND", argIndex: 0 });
    expect(call("ABS((1 + 2), |")).toEqual({ name: "ABS", argIndex: 1 });
  });

  it("ignores commas and parentheses in text and references", () => {
    expect(call("CONCAT('a, (b', |")).toEqual({ name: "CONCAT", argIndex: 1 });
    expect(call('CONCAT("x\\", y", {a, b}, |')).toEqual({ name: "CONCAT", argIndex: 2 });
    expect(call("CONCAT('a, |")).toEqual({ name: "CONCAT", argIndex: 0 });
    expect(call("1 + 2|")).toBeNull();
    expect(call("CONCAT(1)|")).toBeNull();
  });
});

describe("field references", () => {
  it("knows when a reference is being typed", () => {
    expect(ref("CONCAT({Na|")).toEqual({ start: 7, query: "Na" });
    expect(ref("{|")).toEqual({ start: 0, query: "" });
    expect(ref("{Na|me}")).toEqual({ start: 0, query: "Na" });
    expect(ref("{Name}|")).toBeNull();
    expect(ref("'{Na|")).toBeNull();
  });

  it("completes it, swallowing the rest of the old reference", () => {
    const { text, cursor } = at("CONCAT({Na|");
    expect(completeRef(text, refAt(text, cursor)!, cursor, "Name")).toEqual({ text: "CONCAT({Name}", cursor: 13 });
    const inside = at("{To|tl} * 2");
    expect(completeRef(inside.text, refAt(inside.text, inside.cursor)!, inside.cursor, "Total")).toEqual({
      text: "{Total} * 2",
      cursor: 7,
    });
    const before = at("CONCAT({|, {Total})");
    expect(completeRef(before.text, refAt(before.text, before.cursor)!, before.cursor, "Lookup").text).toBe(
      "CONCAT({Lookup}, {Total})",
    );
  });

  it("suggests usable fields, prefix matches first", () => {
    const cols = [
      { title: "Total", uidt: "Rollup" },
      { title: "Subtotal", uidt: "Decimal" },
      { title: "Files", uidt: "Attachment" },
      { title: "customers_id", uidt: "ForeignKey" },
      { title: "Name", uidt: "SingleLineText" },
    ];
    expect(suggestFields(cols, "tot")).toEqual(["Total", "Subtotal"]);
    expect(suggestFields(cols, "")).toEqual(["Total", "Subtotal", "Name"]);
  });
});

describe("functions", () => {
  it("insert NAME() with the cursor inside, over a partly typed name", () => {
    expect(insertCall("", 0, 0, "CONCAT")).toEqual({ text: "CONCAT()", cursor: 7 });
    expect(insertCall("1 + con", 7, 7, "CONCAT")).toEqual({ text: "1 + CONCAT()", cursor: 11 });
    expect(insertCall("{A} + {B}", 0, 9, "SUM")).toEqual({ text: "SUM()", cursor: 4 });
    expect(insertCall("xy", 2, 2, "ABS")).toEqual({ text: "xyABS()", cursor: 6 });
  });

  it("group and search the function list", () => {
    const groups = groupFunctions(FORMULA_FUNCTIONS, "");
    expect(groups.map((g) => g.category)).toEqual(["numeric", "string", "date", "logical"]);
    const concat = groupFunctions(FORMULA_FUNCTIONS, "concat");
    expect(concat).toHaveLength(1);
    expect(concat[0]!.functions.map((f) => f.name)).toContain("CONCAT");
  });

  it("hint the argument under the cursor", () => {
    expect(shown(argHint(fn("round"), 1))).toBe("ROUND(value, <[places]>)");
    expect(shown(argHint(fn("CONCAT"), 3))).toBe("CONCAT(<text...>)");
    expect(shown(argHint(fn("IF"), 0))).toBe("IF(<condition>, then, [else])");
    expect(shown(argHint(fn("ABS"), 2))).toBe("ABS(value)");
    expect(shown(argHint(fn("SWITCH"), 2))).toBe("SWITCH(expression, pattern..., <value...>, [default])");
    expect(fn("repeat").name).toBe("REPT");
  });
});

describe("formula function descriptions", () => {
  it("are locale keys, one per function, in step with the function list", () => {
    const keys = (en as { links: { formula: { fn: Record<string, string> } } }).links.formula.fn;
    expect(Object.keys(keys).sort()).toEqual(FORMULA_FUNCTIONS.map((f) => f.name).sort());
    for (const f of FORMULA_FUNCTIONS) expect(keys[f.name], f.name).toBe(f.description);
  });
});
