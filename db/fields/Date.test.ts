import { describe, expect, it } from "vitest";
import { DateField } from "./Date";
import { DateTimeField } from "./DateTime";
import { TimeField } from "./Time";

const dateCtx = (date_format?: string) => ({ title: "Due", options: DateField.options.parse({ date_format }) });
const dtCtx = (meta: object = {}) => ({ title: "When", options: DateTimeField.options.parse(meta) });

describe("Date", () => {
  it("stores YYYY-MM-DD from any strict format", () => {
    expect(DateField.parseText("31/12/2023", dateCtx())).toEqual({ ok: true, value: "2023-12-31" });
    expect(DateField.parseText("03/04/2024", dateCtx("DD/MM/YYYY"))).toEqual({ ok: true, value: "2024-04-03" });
    expect(DateField.parseText("03/04/2024", dateCtx("MM/DD/YYYY"))).toEqual({ ok: true, value: "2024-03-04" });
    expect(DateField.fromApi("2024-05-01T23:00:00Z", dateCtx())).toEqual({ ok: true, value: "2024-05-01" });
  });
  it("formats with the column's format and reads its own text back", () => {
    for (const f of ["DD/MM/YYYY", "MM-DD-YYYY", "YYYY MM DD", "DD MMM YYYY"]) {
      const text = DateField.formatText("2024-03-04", dateCtx(f));
      expect(DateField.parseText(text, dateCtx(f))).toEqual({ ok: true, value: "2024-03-04" });
    }
    expect(DateField.formatText("2024-03-04", dateCtx("DD/MM/YYYY"))).toBe("04/03/2024");
  });
  it("says which formats it takes", () => {
    expect(DateField.parseText("31/31/2024", dateCtx())).toEqual({
      ok: false,
      error: 'Due: "31/31/2024" is not a date (use YYYY-MM-DD, DD-MM-YYYY, MM-DD-YYYY with -, / or spaces)',
    });
    expect(DateField.fromApi(20240501, dateCtx()).ok).toBe(false);
  });
});

describe("DateTime", () => {
  it("stores ISO UTC and returns YYYY-MM-DD HH:mm:ss+00:00", () => {
    const r = DateTimeField.fromApi("2024-05-01 12:30:00+02:00", dtCtx());
    expect(r).toEqual({ ok: true, value: "2024-05-01T10:30:00.000Z" });
    expect(DateTimeField.toApi("2024-05-01T10:30:00.000Z", dtCtx())).toBe("2024-05-01 10:30:00+00:00");
    expect(DateTimeField.fromApi("2024-05-01 10:30", dtCtx())).toEqual({ ok: true, value: "2024-05-01T10:30:00.000Z" });
  });
  it("answers the same text for a stored value read again (the conversion is remembered), and leaves a non-instant as stored", () => {
    for (let round = 0; round < 2; round++) {
      expect(DateTimeField.toApi("2024-05-01T10:30:00.000Z", dtCtx())).toBe("2024-05-01 10:30:00+00:00");
      expect(DateTimeField.toApi("2024-05-01 12:30:00+02:00", dtCtx())).toBe("2024-05-01 10:30:00+00:00");
      expect(DateTimeField.toApi("2024-02-30T10:30:00.000Z", dtCtx())).toBe("2024-02-30T10:30:00.000Z");
      expect(DateTimeField.toApi("not a date", dtCtx())).toBe("not a date");
      expect(DateTimeField.toApi(null, dtCtx())).toBeNull();
    }
  });
  it("exports text in the column's formats without losing seconds or milliseconds", () => {
    const ctx = dtCtx({ date_format: "DD-MM-YYYY", time_format: "HH:mm" });
    expect(DateTimeField.formatText("2024-05-01T10:30:00.000Z", ctx)).toBe("01-05-2024 10:30");
    expect(DateTimeField.formatText("2024-05-01T10:30:07.250Z", ctx)).toBe("01-05-2024 10:30:07.250");
    expect(DateTimeField.formatText("2024-05-01T10:30:00.000Z", dtCtx({ time_format: "HH:mm:ss" }))).toBe(
      "2024-05-01 10:30:00",
    );
    expect(DateTimeField.parseText("01-05-2024 10:30:07.250", ctx)).toEqual({
      ok: true,
      value: "2024-05-01T10:30:07.250Z",
    });
  });
  it("refuses non-dates with a sentence", () => {
    const r = DateTimeField.parseText("soon", dtCtx());
    expect(!r.ok && r.error).toMatch(/^When: "soon" is not a date and time/);
  });
});

describe("Time", () => {
  const ctx = { title: "Start", options: {} };
  it("stores HH:mm:ss", () => {
    expect(TimeField.parseText("9:05", ctx)).toEqual({ ok: true, value: "09:05:00" });
    expect(TimeField.fromApi("1999-01-01 10:30:15", ctx)).toEqual({ ok: true, value: "10:30:15" });
    expect(TimeField.fromApi("10:30:15.999", ctx)).toEqual({ ok: true, value: "10:30:15" });
    expect(TimeField.parseText("25:00", ctx)).toEqual({
      ok: false,
      error: 'Start: "25:00" is not a time (use HH:mm or HH:mm:ss)',
    });
  });
});

describe("Date's fast path for YYYY-MM-DD", () => {
  it("agrees with the general parse on every day of a leap and a common year, and on near misses", async () => {
    const { isStoredDay, parseDateText, isoDate } = await import("./common/dates");
    const texts: string[] = [];
    for (const year of [2023, 2024, 1000, 9999, 1900, 2000])
      for (let m = 0; m <= 13; m++)
        for (let d = 0; d <= 32; d++) texts.push(`${year}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);
    texts.push("0999-01-01", "2024/01/01", "2024-01-1 ", " 2024-01-01", "2024-0a-01", "2024-01-01T", "２０２４-01-01");
    for (const t of texts) {
      const parsed = parseDateText(t);
      const general = parsed && parsed.time === null && isoDate(parsed.date) === t;
      expect(isStoredDay(t), t).toBe(Boolean(general));
      expect(DateField.fromApi(t, dateCtx())).toEqual(
        parsed ? { ok: true, value: isoDate(parsed.date) } : expect.objectContaining({ ok: false }),
      );
    }
  });
});
