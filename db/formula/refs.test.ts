import { describe, expect, it } from "vitest";
import { findCycle } from "./cycles";
import { referencesOf, toRaw, toStored } from "./refs";
import { parseFormula } from "./parser";

const IDS: Record<string, string> = {
  Title: "cl_1",
  "First Name": "cl_2",
  Qty: "cl_3",
  "Ünï 🍕": "cl_4",
  'it\'s "q"': "cl_5",
  "{odd": "cl_6",
};
const TITLES = Object.fromEntries(Object.entries(IDS).map(([t, id]) => [id, t]));

describe("toStored / toRaw", () => {
  it.each([
    ["CONCAT({Title}, ' ', {Age})", "CONCAT({{cl_1}}, ' ', {Age})", "CONCAT({Title}, ' ', {Age})"],
    ["{First Name} & {Qty}", "{{cl_2}} & {{cl_3}}", "{First Name} & {Qty}"],
    ["Qty * 2", "{{cl_3}} * 2", "{Qty} * 2"],
    ["{Ünï 🍕}", "{{cl_4}}", "{Ünï 🍕}"],
    [`{it's "q"} = 'x'`, "{{cl_5}} = 'x'", `{it's "q"} = 'x'`],
    ["LEN({{odd})", "LEN({{cl_6}})", "LEN({{odd})"],
    ["{{Title}}", "{{cl_1}}", "{Title}"],
    ["'{Title}' & \"{Qty}\"", "'{Title}' & \"{Qty}\"", "'{Title}' & \"{Qty}\""],
    ["IF(true, Title, false)", "IF(true, {{cl_1}}, false)", "IF(true, {Title}, false)"],
    ["  LEN( {Title} )  ", "  LEN( {{cl_1}} )  ", "  LEN( {Title} )  "],
  ])("%s", (raw, stored, back) => {
    expect(toStored(raw, IDS)).toBe(stored);
    expect(toRaw(stored, TITLES)).toBe(back);
    expect(toStored(toRaw(stored, TITLES), IDS)).toBe(stored);
  });

  it("accepts a Map or a function", () => {
    expect(toStored("{Title}", new Map([["Title", "cl_9"]]))).toBe("{{cl_9}}");
    expect(toRaw("{{cl_9}}", (id) => (id === "cl_9" ? "Nine" : undefined))).toBe("{Nine}");
  });

  it("keeps unknown references as they are", () => {
    expect(toStored("{Nope} + {Title}", IDS)).toBe("{Nope} + {{cl_1}}");
    expect(toRaw("{{cl_gone}} + {{cl_1}}", TITLES)).toBe("{{cl_gone}} + {Title}");
    expect(toStored("{constructor}", IDS)).toBe("{constructor}");
  });

  it("round-trips references of parsed trees", () => {
    const raw = "IF({Qty} > 1, CONCAT({First Name}, Qty), {Ünï 🍕})";
    expect(referencesOf(parseFormula(raw))).toEqual(["Qty", "First Name", "Ünï 🍕"]);
    expect(referencesOf(parseFormula(toStored(raw, IDS)))).toEqual(["cl_3", "cl_2", "cl_4"]);
  });
});

describe("findCycle", () => {
  const title = (id: string) => ({ a: "A", b: "B", c: "C", d: "D" })[id];

  it("finds none in a chain or a diamond", () => {
    expect(findCycle({ a: ["b", "c"], b: ["d"], c: ["d"], d: [] }, title)).toBeNull();
    expect(findCycle(new Map([["a", ["x_physical"]]]))).toBeNull();
    expect(findCycle({})).toBeNull();
  });

  it("names a circle of two", () => {
    expect(findCycle({ a: ["b"], b: ["a"] }, title)).toEqual({
      ids: ["a", "b", "a"],
      message: "Formula cycle: A → B → A",
    });
  });

  it("names a longer circle from where it closes", () => {
    expect(findCycle({ d: ["a"], a: ["b"], b: ["c"], c: ["a"] }, title)?.message).toBe("Formula cycle: A → B → C → A");
  });

  it("names a formula using itself", () => {
    expect(findCycle({ a: ["a"] }, title)?.message).toBe("Formula cycle: A → A");
  });

  it("falls back to ids without titles", () => {
    expect(
      findCycle(
        new Map([
          ["cl_1", ["cl_2"]],
          ["cl_2", ["cl_1"]],
        ]),
      )?.message,
    ).toBe("Formula cycle: cl_1 → cl_2 → cl_1");
  });
});
