import { describe, expect, it } from "vitest";
import type { Column } from "../api/types";
import { codecFor } from "./codec";
import { formatAmount, formatNumber } from "./common/locale-format";
import { cellText, editingText } from "./locale-display";

const col = (uidt: Column["uidt"], meta: Column["meta"] = {}): Column => ({
  id: `cl_${uidt}`,
  title: uidt,
  column_name: uidt.toLowerCase(),
  uidt,
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta,
});
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("cell text in the reader's language", () => {
  it("writes numbers with the language's decimal sign and digits", () => {
    const num = codecFor(col("Number"));
    expect(cellText(1234.5, num, "en")).toBe("1234.5");
    expect(cellText(1234.5, num, "de")).toBe("1234,5");
    expect(cellText(12, num, "fa")).toBe("۱۲");
    expect(formatNumber("fr", 3.5, 2)).toBe("3,50");
    expect(nbsp(cellText(12.5, codecFor(col("Percent")), "fr"))).toBe("12,5 %");
    expect(cellText(33.333, codecFor(col("Percent")), "en")).toBe("33.333%");
  });

  it("writes dates and date-times in the language's words, in UTC", () => {
    const date = codecFor(col("Date"));
    expect(cellText("2026-11-24", date, "de")).toBe("24.11.2026");
    expect(cellText("2026-11-24", date, "en")).toBe("Nov 24, 2026");
    const dt = codecFor(col("DateTime"));
    expect(nbsp(cellText("2026-11-24 13:05:00+00:00", dt, "en"))).toBe("Nov 24, 2026, 1:05 PM");
    expect(cellText("2026-11-24 13:05:00+00:00", dt, "de")).toBe("24.11.2026, 13:05");
  });

  it("keeps the column's own format when it fixes one", () => {
    const date = codecFor(col("Date", { date_format: "DD/MM/YYYY" }));
    expect(cellText("2026-11-24", date, "de")).toBe("24/11/2026");
    expect(cellText("2026-11-24", codecFor(col("Date", { date_format: "YYYY-MM-DD" })), "de")).toBe("2026-11-24");
    const dt = codecFor(col("DateTime", { date_format: "MM-DD-YYYY", time_format: "HH:mm" }));
    expect(cellText("2026-11-24 13:05:00+00:00", dt, "de")).toBe("11-24-2026 13:05");
  });

  it("writes amounts in the column's locale when set, else the reader's", () => {
    expect(nbsp(formatAmount("de", 1234.5, "EUR"))).toBe("1.234,50 €");
    expect(formatAmount("en-US", 1234.5, "USD")).toBe("$1,234.50");
    expect(nbsp(formatAmount("pt_BR", 2, "BRL"))).toBe("R$ 2,00");
  });

  it("shows decimals and amounts the same in cells, cards and the record view (#33)", () => {
    expect(cellText(19.99, codecFor(col("Decimal", { precision: 2 })), "de")).toBe("19,99");
    expect(cellText(1234.5, codecFor(col("Decimal")), "de")).toBe("1234,5");
    const euro = codecFor(col("Currency", { currency_locale: "de-DE", currency_code: "EUR" }));
    expect(nbsp(cellText(12.5, euro, "en"))).toBe("12,50 €");
    expect(cellText(12.5, codecFor(col("Currency")), "en")).toBe("$12.50");
  });

  it("starts number editors with the reader's writing, which reads back to the same number (#33)", () => {
    const dec = codecFor(col("Decimal", { precision: 1 }));
    expect(editingText(19.99, dec, "de")).toBe("19,99");
    expect(editingText(1.234, dec, "de")).toBe("1,234");
    expect(editingText(1234.5, dec, "en")).toBe("1234.5");
    expect(editingText("hello", codecFor(col("SingleLineText")), "de")).toBe("hello");
    expect(editingText(2024, codecFor(col("Year")), "fa")).toBe("2024");
    for (const lang of ["de", "fr", "ar", "fa", "hi", "en", "pt_BR"])
      for (const [uidt, n] of [
        ["Decimal", 1.234],
        ["Decimal", -1234567.125],
        ["Currency", 0.1 + 0.2],
        ["Percent", 12.5],
        ["Number", 1234],
      ] as const) {
        const codec = codecFor(col(uidt));
        const text = editingText(n, codec, lang);
        const back = codec.type.parseText(text, { ...codec.ctx, locale: lang });
        expect(back, `${lang} ${uidt} ${text}`).toEqual({ ok: true, value: n });
        // What the cell shows reads back too (to the shown precision).
        const shown = codec.type.parseText(cellText(n, codec, lang), { ...codec.ctx, locale: lang });
        expect(shown.ok, `${lang} ${uidt} ${cellText(n, codec, lang)}`).toBe(true);
      }
  });

  it("leaves other types and empty values to the registry's text", () => {
    expect(cellText("hello", codecFor(col("SingleLineText")), "de")).toBe("hello");
    expect(cellText(null, codecFor(col("Number")), "de")).toBe("");
    expect(cellText(2024, codecFor(col("Year")), "de")).toBe("2024");
    expect(cellText("13:05:00", codecFor(col("Time")), "en")).toBe("13:05:00");
  });
});
