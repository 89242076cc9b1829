import { describe, expect, it } from "vitest";
import { MultiSelectField } from "./MultiSelect";
import { parseOptions } from "./registry";
import { SingleSelectField } from "./SingleSelect";
import { SELECT_PALETTE } from "./common/select";

const statuses = { options: [{ title: "Todo" }, { title: "Doing" }, { title: "Done" }] };
const single = { title: "Status", options: SingleSelectField.options.parse(statuses) };

describe("select options", () => {
  it("fills colours from the palette and order from the position", () => {
    const o = SingleSelectField.options.parse({
      options: [{ title: "a" }, { title: "b", color: "#123456" }, { title: "c", color: null }],
    });
    expect(o.options).toMatchObject([
      { title: "a", color: SELECT_PALETTE[0], order: 1 },
      { title: "b", color: "#123456", order: 2 },
      { title: "c", color: SELECT_PALETTE[2], order: 3 },
    ]);
    expect(SELECT_PALETTE.join(",")).toBe(
      "#cfdffe,#d0f1fd,#c2f5e8,#ffdaf6,#ffdce5,#fee2d5,#ffeab6,#d1f7c4,#ede2fe,#eeeeee",
    );
  });
  it("sorts by order and keeps ids and extra keys", () => {
    const o = SingleSelectField.options.parse({
      options: [
        { title: "z", order: 2, id: "sl_1", fk_column_id: "cl_1" },
        { title: "y", order: 1 },
      ],
    });
    expect(o.options.map((x) => x.title)).toEqual(["y", "z"]);
    expect(o.options[1]).toMatchObject({ id: "sl_1", fk_column_id: "cl_1" });
  });
  it("gives the contract's messages", () => {
    expect(parseOptions("SingleSelect", { options: [{ title: "a" }, { title: "a" }] })).toEqual({
      ok: false,
      error: "Duplicates are not allowed!",
    });
    expect(parseOptions("SingleSelect", { options: [{ title: "a" }, { title: " " }] })).toEqual({
      ok: false,
      error: "Empty options are not allowed!",
    });
    expect(parseOptions("MultiSelect", { options: [{ title: "a,b" }] })).toEqual({
      ok: false,
      error: "Illegal char(',') for MultiSelect",
    });
    expect(parseOptions("SingleSelect", { options: [{ title: "a,b" }] }).ok).toBe(true);
    const colour = parseOptions("SingleSelect", { options: [{ title: "a", color: "red" }] });
    expect(!colour.ok && colour.error).toBe('Option "a" has colour "red"; use a hex colour such as #cfdffe');
  });
  it("takes options from dtxp when colOptions are missing", () => {
    expect(SingleSelectField.options.parse({ dtxp: "'a','b''s'" }).options.map((o) => o.title)).toEqual(["a", "b's"]);
    expect(SingleSelectField.options.parse({ dtxp: "x, y" }).options.map((o) => o.title)).toEqual(["x", "y"]);
  });
});

describe("SingleSelect", () => {
  it("stores an option's title, matching case and spaces loosely", () => {
    expect(SingleSelectField.fromApi("Doing", single)).toEqual({ ok: true, value: "Doing" });
    expect(SingleSelectField.parseText(" done ", single)).toEqual({ ok: true, value: "Done" });
  });
  it("names the column, the value and the options", () => {
    expect(SingleSelectField.fromApi("Maybe", single)).toEqual({
      ok: false,
      error: 'Status: "Maybe" is not an option (Todo, Doing, Done)',
    });
    expect(SingleSelectField.fromApi(["Todo"], single).ok).toBe(false);
    const none = { title: "Status", options: SingleSelectField.options.parse({}) };
    expect(SingleSelectField.fromApi("x", none)).toEqual({
      ok: false,
      error: 'Status: "x" is not an option (no options are defined)',
    });
  });
});

describe("MultiSelect", () => {
  const tags = {
    title: "Tags",
    options: MultiSelectField.options.parse({
      options: [{ title: "red" }, { title: "green" }, { title: "light blue" }],
    }),
  };
  it("takes an array or a comma string and stores titles in option order", () => {
    expect(MultiSelectField.fromApi(["light blue", "red"], tags)).toEqual({ ok: true, value: "red,light blue" });
    expect(MultiSelectField.fromApi("green, red,,green", tags)).toEqual({ ok: true, value: "red,green" });
    expect(MultiSelectField.parseText("Light Blue", tags)).toEqual({ ok: true, value: "light blue" });
    expect(MultiSelectField.fromApi([], tags)).toEqual({ ok: true, value: null });
    expect(MultiSelectField.fromApi(["green,red"], tags)).toEqual({ ok: true, value: "red,green" });
    expect(MultiSelectField.toApi("red,green", tags)).toBe("red,green");
  });
  it("refuses any part that is not an option", () => {
    expect(MultiSelectField.fromApi("red,purple", tags)).toEqual({
      ok: false,
      error: 'Tags: "purple" is not an option (red, green, light blue)',
    });
    expect(MultiSelectField.fromApi({ red: true }, tags).ok).toBe(false);
  });
});
