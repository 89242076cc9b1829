import { describe, expect, it } from "vitest";
import { EmailField, isEmail } from "./Email";

const ctx = { title: "Email", options: {} };

describe("Email", () => {
  it("accepts standard addresses", () => {
    for (const ok of ["ada@example.com", "a.b+tag@sub.example.co.uk", "x_y-z@ex-ample.org", "o'neil@example.ie"]) {
      expect(isEmail(ok)).toBe(true);
    }
  });
  it("refuses malformed addresses", () => {
    for (const bad of [
      "x@",
      "@example.com",
      "ada",
      "ada@example",
      "a b@example.com",
      "a@@b.com",
      "a..b@example.com",
      "a@-x.com",
      "a@x.com.",
    ]) {
      expect(isEmail(bad)).toBe(false);
    }
  });
  it("trims and names the column and value in its message", () => {
    expect(EmailField.fromApi("  ada@example.com ", ctx)).toEqual({ ok: true, value: "ada@example.com" });
    expect(EmailField.fromApi("x@", ctx)).toEqual({ ok: false, error: 'Email: "x@" is not a valid e-mail address' });
    expect(EmailField.parseText("   ", ctx)).toEqual({ ok: true, value: null });
  });
});
