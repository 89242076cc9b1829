import { describe, expect, it } from "vitest";
import { CheckboxField } from "./Checkbox";

const ctx = { title: "Done", options: {} };

describe("Checkbox", () => {
  it("reads the boolean vocabularies in text", () => {
    for (const yes of [
      "yes",
      "Y",
      "TRUE",
      "t",
      "1",
      "checked",
      "on",
      "Enabled",
      "x",
      "X",
      "done",
      "✓",
      "✔",
      "☑",
      "✅",
      " yes ",
    ]) {
      expect(CheckboxField.parseText(yes, ctx), yes).toEqual({ ok: true, value: 1 });
    }
    for (const no of ["no", "N", "false", "F", "0", "unchecked", "off", "disabled", "☐", "✗", "✘", "❌"]) {
      expect(CheckboxField.parseText(no, ctx), no).toEqual({ ok: true, value: 0 });
    }
    expect(CheckboxField.parseText("  ", ctx)).toEqual({ ok: true, value: null });
    expect(CheckboxField.parseText("maybe", ctx)).toEqual({
      ok: false,
      error: 'Done: "maybe" is not a checkbox value (use yes or no, true or false)',
    });
  });
  it("takes true/false, 1/0 and their strings from the API and returns booleans", () => {
    expect([true, 1, "true", "1"].map((v) => CheckboxField.fromApi(v, ctx))).toEqual(
      Array(4).fill({ ok: true, value: 1 }),
    );
    expect([false, 0, "false", "0"].map((v) => CheckboxField.fromApi(v, ctx))).toEqual(
      Array(4).fill({ ok: true, value: 0 }),
    );
    expect(CheckboxField.fromApi("yes", ctx).ok).toBe(false);
    expect(CheckboxField.fromApi(2, ctx).ok).toBe(false);
    expect(CheckboxField.toApi(1, ctx)).toBe(true);
    expect(CheckboxField.toApi(0, ctx)).toBe(false);
    expect(CheckboxField.formatText(1, ctx)).toBe("true");
  });
});
