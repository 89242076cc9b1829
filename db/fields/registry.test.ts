import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  FIELD_TYPES,
  IMPORT_TYPES,
  PICKABLE_TYPES,
  fieldContext,
  fieldType,
  isVirtual,
  parseOptions,
} from "./registry";
import { FILTER_OPS, UI_TYPES, type Dialect, type FieldContext, type UIType } from "./types";

/** Options a type cannot do without (virtual, select and link types); others get {}. */
const MINIMAL: Partial<Record<UIType, Record<string, unknown>>> = {
  LinkToAnotherRecord: { type: "hm", fk_related_model_id: "md_abc" },
  Lookup: { fk_relation_column_id: "cl_rel", fk_lookup_column_id: "cl_look" },
  Rollup: { fk_relation_column_id: "cl_rel", fk_rollup_column_id: "cl_roll", rollup_function: "sum" },
  Formula: { formula_raw: "{Price} * 2" },
  SingleSelect: { options: [{ title: "Todo" }, { title: "Doing" }, { title: "Done" }] },
  MultiSelect: { options: [{ title: "red" }, { title: "green" }, { title: "blue" }] },
};

/** A wrong-typed option per type; types without settings of their own get a non-object. */
const WRONG_OPTIONS: Partial<Record<UIType, unknown>> = {
  LinkToAnotherRecord: { type: "xx", fk_related_model_id: "md_abc" },
  Lookup: { fk_relation_column_id: 5, fk_lookup_column_id: "cl_look" },
  Rollup: { ...MINIMAL.Rollup, rollup_function: "median" },
  Formula: { formula_raw: 42 },
  SingleSelect: { options: "Todo,Done" },
  MultiSelect: { options: [{ title: 3 }] },
  Checkbox: { color: 5 },
  Rating: { max: "5" },
  Decimal: { precision: "2" },
  Currency: { currency_code: 840 },
  Duration: { duration: "h:mm" },
  Date: { date_format: 1 },
  DateTime: { time_format: true },
  CreateTime: { date_format: [] },
  SpecificDBType: { dt: 20 },
  Attachment: { maxFiles: "3" },
};

type Sample = [input: unknown, api: unknown];

/** API inputs and the normalised API value they give, per physical type. */
const SAMPLES: Partial<Record<UIType, Sample[]>> = {
  SingleLineText: [
    ["hello", "hello"],
    [" padded ", " padded "],
    [42, "42"],
    ['ünïcødé, "quotes"', 'ünïcødé, "quotes"'],
  ],
  LongText: [
    ["line 1\nline 2", "line 1\nline 2"],
    [true, "true"],
  ],
  Attachment: [
    [
      [{ url: "https://x.test/a.png", title: "a.png", mimetype: "image/png", size: 10 }],
      [{ url: "https://x.test/a.png", title: "a.png", mimetype: "image/png", size: 10 }],
    ],
    ['[{"path":"download/p/b.pdf"}]', [{ path: "download/p/b.pdf", title: "b.pdf" }]],
  ],
  Checkbox: [
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ["true", true],
    ["false", false],
  ],
  MultiSelect: [
    ["blue,red", "red,blue"],
    [["green"], "green"],
    [["red", "red", "blue"], "red,blue"],
    ["red, green", "red,green"],
  ],
  SingleSelect: [
    ["Doing", "Doing"],
    ["done", "Done"],
  ],
  Date: [
    ["2024-02-29", "2024-02-29"],
    ["31/12/2023", "2023-12-31"],
    ["2024-05-01 10:30", "2024-05-01"],
  ],
  Year: [
    [2024, 2024],
    ["1999", 1999],
  ],
  Time: [
    ["09:05", "09:05:00"],
    ["23:59:59", "23:59:59"],
    ["2:30 PM", "14:30:00"],
  ],
  PhoneNumber: [
    ["+1 (555) 123-4567", "+1 (555) 123-4567"],
    ["  112 ", "112"],
  ],
  Email: [
    ["ada@example.com", "ada@example.com"],
    [" a.b+c@sub.example.org ", "a.b+c@sub.example.org"],
  ],
  URL: [
    ["https://example.com/x?y=1", "https://example.com/x?y=1"],
    ["example.com/x", "example.com/x"],
    ["mailto:a@b.co", "mailto:a@b.co"],
  ],
  Number: [
    [42, 42],
    [-7, -7],
    ["1,234", 1234],
    [0, 0],
  ],
  Decimal: [
    [3.14159, 3.14159],
    ["-0.5", -0.5],
    [1e21, 1e21],
  ],
  Currency: [
    [12.5, 12.5],
    ["$1,234.50", 1234.5],
  ],
  Percent: [
    [45, 45],
    ["12.5%", 12.5],
  ],
  Duration: [
    [5400, 5400],
    [90, 90],
    [1.5, 1.5],
    ["1:30", 5400],
  ],
  Rating: [
    [0, 0],
    [5, 5],
    ["3", 3],
  ],
  DateTime: [
    ["2024-05-01 10:30:00+00:00", "2024-05-01 10:30:00+00:00"],
    ["2024-05-01T10:30:00.123Z", "2024-05-01 10:30:00+00:00"],
    ["2024-05-01 12:30:00+02:00", "2024-05-01 10:30:00+00:00"],
    ["2024-05-01", "2024-05-01 00:00:00+00:00"],
  ],
  Geometry: [
    ["POINT(1 2)", "POINT(1 2)"],
    ["POLYGON((0 0, 1 0, 1 1, 0 0))", "POLYGON((0 0, 1 0, 1 1, 0 0))"],
  ],
  JSON: [
    [{ a: [1, 2] }, { a: [1, 2] }],
    ['{"b": true}', { b: true }],
    [
      [1, "x"],
      [1, "x"],
    ],
    ['"text"', "text"],
    [7, 7],
  ],
  SpecificDBType: [["anything", "anything"]],
  CreateTime: [["2023-01-02 03:04:05", "2023-01-02 03:04:05+00:00"]],
  ID: [
    [1, 1],
    ["99", 99],
  ],
  ForeignKey: [[5, 5]],
};

/** An API value each physical type refuses. */
const REFUSED: Partial<Record<UIType, unknown>> = {
  SingleLineText: { a: 1 },
  LongText: ["x"],
  Attachment: [{ title: "no link" }],
  Checkbox: "maybe",
  MultiSelect: "red,purple",
  SingleSelect: "Maybe",
  Date: "31/31/2024",
  Year: 999,
  Time: "25:00",
  PhoneNumber: "12",
  Email: "x@",
  URL: "javascript:alert(1)",
  Number: 1.5,
  Decimal: "abc",
  Currency: "1,5",
  Percent: true,
  Duration: "1:75",
  Rating: 6,
  DateTime: "yesterday",
  Geometry: "CIRCLE(1)",
  JSON: "{x",
  SpecificDBType: {},
  CreateTime: "2024-13-01 00:00",
  ID: 0,
  ForeignKey: -3,
};

const DIALECTS: Dialect[] = ["sqlite", "pg", "mysql", "mssql"];

function ctxFor(uidt: UIType): FieldContext<Record<string, unknown>> {
  const ctx = fieldContext(uidt, "Col", MINIMAL[uidt] ?? {});
  if (!ctx.ok) throw new Error(ctx.error);
  return ctx.value;
}

describe.each(UI_TYPES.map((uidt) => [uidt]))("%s", (uidt) => {
  const type = FIELD_TYPES[uidt];
  const ctx = ctxFor(uidt);

  it("has its own module exporting one field type with this name", async () => {
    expect(existsSync(new URL(`./${uidt}.ts`, import.meta.url))).toBe(true);
    const mod: Record<string, unknown> = await import(/* @vite-ignore */ `./${uidt}.ts`);
    const types = Object.values(mod).filter((v) => v && typeof v === "object" && "fromApi" in v);
    expect(types).toEqual([type]);
    expect(type.uidt).toBe(uidt);
    expect(fieldType(uidt)).toBe(type);
    expect(isVirtual(uidt)).toBe(type.virtual);
  });

  it("accepts minimal options and refuses a wrong-typed one", () => {
    expect(parseOptions(uidt, MINIMAL[uidt] ?? {}).ok).toBe(true);
    if (!MINIMAL[uidt]) expect(parseOptions(uidt, null).ok).toBe(true);
    expect(parseOptions(uidt, { ...(MINIMAL[uidt] ?? {}), someGuiFlag: true }).ok).toBe(true);
    const bad = parseOptions(uidt, WRONG_OPTIONS[uidt] ?? "not an object");
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.length).toBeGreaterThan(5);
  });

  it("survives null", () => {
    for (const none of [null, undefined, ""]) expect(type.fromApi(none, ctx)).toEqual({ ok: true, value: null });
    expect(type.toApi(null, ctx)).toBeNull();
    expect(type.formatText(null, ctx)).toBe("");
    expect(type.parseText("", ctx)).toEqual({ ok: true, value: null });
  });

  it("has a storage type per dialect exactly when physical", () => {
    for (const d of DIALECTS) {
      const storage = type.storage(d, ctx.options);
      if (type.virtual) expect(storage).toBeNull();
      else expect(storage).toMatch(/^[a-z][a-z0-9 _()]*$/i);
    }
  });

  it("is asked in a form exactly when a visitor can give its value (a link is picked)", () => {
    if (uidt === "LinkToAnotherRecord") expect(type.formInput).toBe("link");
    else if (type.readOnly) expect(type.formInput).toBe("none");
    else expect(["none", "link"]).not.toContain(type.formInput);
  });

  it("offers known filter operators", () => {
    expect(type.filterOps.length).toBeGreaterThan(0);
    for (const op of type.filterOps) expect(FILTER_OPS).toContain(op);
    expect(new Set(type.filterOps).size).toBe(type.filterOps.length);
  });

  it("has search and index facts that its operators and storage can serve", () => {
    // A type searched with like must offer like; one searched by value must offer eq.
    if (type.search === "like" || type.search === "likeWhenNamed") expect(type.filterOps).toContain("like");
    if (type.search === "eq") expect(type.filterOps).toContain("eq");
    // Computed columns have no physical column to index or search; the system's own are never typed.
    if (type.virtual) expect([type.search, type.index, type.systemOnly]).toEqual(["none", "none", false]);
    if (type.systemOnly) expect(type.readOnly).toBe(true);
    expect(PICKABLE_TYPES.includes(uidt)).toBe(!type.systemOnly);
    expect(IMPORT_TYPES.includes(uidt)).toBe(!type.systemOnly && !type.virtual && !type.writtenBy);
  });

  if (type.virtual) {
    it("refuses values with a sentence naming the column", () => {
      for (const r of [type.fromApi("x", ctx), type.parseText("x", ctx)]) {
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error).toMatch(/^Col: .*(read-only|link routes)/);
      }
      expect(type.toApi(3 as never, ctx)).toBe(3);
    });
    it("filters as a stored type, whatever its shape", () => {
      for (const list of [false, true]) {
        const as = type.filtersAs!({ list, target: "Date", formula: "number" });
        expect(fieldType(as).virtual).toBe(false);
      }
    });
    return;
  }

  if (type.writtenBy) {
    // Created by / Last modified by: the server writes the caller's id (db/rows/row-codec.ts).
    it("refuses every written value, ignores imported text, and reads an id or the directory's JSON", () => {
      expect(type.readOnly).toBe(true);
      const r = type.fromApi("us_someone", ctx);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/^Col: set by the server/);
      expect(type.parseText("ada@example.com", ctx)).toEqual({ ok: true, value: null });
      expect(type.toApi("us_1", ctx)).toEqual({ id: "us_1" });
      const json = JSON.stringify({ id: "us_1", email: "ada@example.com", display_name: "Ada" });
      expect(type.toApi(json, ctx)).toEqual({ id: "us_1", email: "ada@example.com", display_name: "Ada" });
      expect(type.formatText(json, ctx)).toBe("ada@example.com");
      expect(type.formatText("us_1", ctx)).toBe("us_1");
    });
    return;
  }

  it.each(SAMPLES[uidt] ?? [])("round-trips %j", (input, api) => {
    const stored = type.fromApi(input, ctx);
    if (!stored.ok) throw new Error(stored.error);
    expect(stored.value).not.toBeNull();
    expect(type.toApi(stored.value, ctx)).toEqual(api);
    expect(type.parseText(type.formatText(stored.value, ctx), ctx)).toEqual({ ok: true, value: stored.value });
    // The API value written back gives itself, except a JSON string (input strings are JSON text).
    if (uidt === "JSON" && typeof api === "string") return;
    const again = type.fromApi(api, ctx);
    expect(again.ok && type.toApi(again.value, ctx)).toEqual(api);
  });

  it("has samples and refuses a bad value with a sentence naming the column", () => {
    expect((SAMPLES[uidt] ?? []).length).toBeGreaterThan(0);
    const r = type.fromApi(REFUSED[uidt], ctx);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^Col: /);
  });
});
