import { describe, expect, it } from "vitest";
import { JSONField } from "./JSON";

const ctx = { title: "Data", options: {} };

describe("JSON", () => {
  it("stores compact JSON text and returns the parsed value", () => {
    expect(JSONField.fromApi({ a: [1, { b: null }] }, ctx)).toEqual({ ok: true, value: '{"a":[1,{"b":null}]}' });
    expect(JSONField.fromApi('{ "a" : 1 }', ctx)).toEqual({ ok: true, value: '{"a":1}' });
    expect(JSONField.fromApi(false, ctx)).toEqual({ ok: true, value: "false" });
    expect(JSONField.fromApi("null", ctx)).toEqual({ ok: true, value: null });
    expect(JSONField.toApi('{"a":1}', ctx)).toEqual({ a: 1 });
  });
  it("refuses text that is not JSON", () => {
    expect(JSONField.fromApi("{x", ctx)).toEqual({ ok: false, error: 'Data: "{x" is not valid JSON' });
    expect(JSONField.parseText("hello", ctx)).toEqual({ ok: false, error: 'Data: "hello" is not valid JSON' });
    expect(JSONField.fromApi(Number.NaN, ctx).ok).toBe(false);
  });
});
