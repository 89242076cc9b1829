import { describe, expect, it } from "vitest";
import { GeometryField, isWkt } from "./Geometry";
import { PhoneNumberField, isPhoneNumber } from "./PhoneNumber";

describe("PhoneNumber", () => {
  it("accepts digits with +, spaces, dashes, dots and parentheses", () => {
    for (const ok of [
      "+1 (555) 123-4567",
      "555.123.4567",
      "112",
      "+44 20 7946 0958",
      "0049-30-123456",
      "1".repeat(20),
    ]) {
      expect(isPhoneNumber(ok), ok).toBe(true);
    }
  });
  it("refuses letters, a + not in front, and fewer than 3 or more than 20 digits", () => {
    for (const bad of ["12", "call me", "555-CALL", "1+2345", "++1234", "1".repeat(21), "+-()"]) {
      expect(isPhoneNumber(bad), bad).toBe(false);
    }
    expect(PhoneNumberField.fromApi("12", { title: "Phone", options: {} })).toEqual({
      ok: false,
      error: 'Phone: "12" is not a valid phone number',
    });
  });
});

describe("Geometry", () => {
  it("accepts WKT loosely", () => {
    for (const ok of [
      "POINT(1 2)",
      "point (1.5 -2e3)",
      "POINT Z (1 2 3)",
      "LINESTRING(0 0, 1 1)",
      "POLYGON EMPTY",
      "SRID=4326;POINT(1 2)",
      "MULTIPOLYGON(((0 0,1 0,1 1,0 0)))",
      "GEOMETRYCOLLECTION(POINT(1 2), LINESTRING(0 0,1 1))",
    ]) {
      expect(isWkt(ok), ok).toBe(true);
    }
  });
  it("refuses other text", () => {
    for (const bad of ["CIRCLE(1)", "POINT(1 2", "POINT(1 2))", "POINT(a b)", "1 2", "POINT"])
      expect(isWkt(bad), bad).toBe(false);
    expect(GeometryField.parseText("x", { title: "Where", options: {} }).ok).toBe(false);
  });
});
