import { describe, expect, it } from "vitest";
import { escapeText, fold, icsCalendar } from "./ical";

describe("iCal text", () => {
  it("escapes TEXT values (RFC 5545 3.3.11)", () => {
    expect(escapeText("a,b;c\\d\ne\r\nf")).toBe("a\\,b\\;c\\\\d\\ne\\nf");
  });
  it("folds at 75 octets without splitting a character", () => {
    const line = `SUMMARY:${"é".repeat(80)}`;
    const folded = fold(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(folded.map((p, i) => (i ? p.slice(1) : p)).join("")).toBe(line);
    expect(fold("SHORT:x")).toBe("SHORT:x");
  });
  it("writes all-day events with an exclusive end and timed ones in UTC", () => {
    const stamp = new Date("2026-11-01T00:00:00Z");
    const text = icsCalendar("Plan", [
      { uid: "a", summary: "Trip", start: "2026-12-30", end: "2026-12-31", allDay: true, stamp },
      { uid: "b", summary: "Call", start: new Date("2026-11-02T09:30:00Z"), end: null, allDay: false, stamp },
    ]);
    expect(text).toContain("DTSTART;VALUE=DATE:20261230\r\nDTEND;VALUE=DATE:20270101\r\n");
    expect(text).toContain("DTSTART:20261102T093000Z\r\nSUMMARY:Call\r\n");
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });
});
