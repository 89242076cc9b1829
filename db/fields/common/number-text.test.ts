import { describe, expect, it } from "vitest";
import { CurrencyField } from "../Currency";
import { DecimalField } from "../Decimal";
import { NumberField } from "../Number";
import { PercentField } from "../Percent";
import { YearField } from "../Year";
import { parseNumberText } from "./number-text";

describe("numbers in text", () => {
  it("reads plain numbers, thousands separators, signs and exponents", () => {
    const cases: [string, number][] = [
      ["42", 42],
      [" -7 ", -7],
      ["+3", 3],
      ["1,234.5", 1234.5],
      ["1,234,567", 1234567],
      ["0.5", 0.5],
      [".5", 0.5],
      ["5.", 5],
      ["1e3", 1000],
      ["2.5E-2", 0.025],
      ["1 234", 1234],
      ["1\u00a0234.5", 1234.5],
      ["−3", -3],
      ["-0", 0],
    ];
    for (const [text, n] of cases) expect(parseNumberText(text), text).toBe(n);
  });
  it("reads currency symbols and accounting negatives", () => {
    const cases: [string, number][] = [
      ["$12.50", 12.5],
      ["-$5", -5],
      ["$-5", -5],
      ["12.50 €", 12.5],
      ["£1,000", 1000],
      ["(12.50)", -12.5],
      ["($3)", -3],
    ];
    for (const [text, n] of cases) expect(parseNumberText(text), text).toBe(n);
  });
  it("takes % only where allowed", () => {
    expect(parseNumberText("45%", true)).toBe(45);
    expect(parseNumberText("-4.5 %", true)).toBe(-4.5);
    expect(parseNumberText("45%")).toBeNull();
  });
  it("refuses ambiguous and non-numbers", () => {
    for (const bad of [
      "1,5",
      "1,23",
      "12,3456",
      "abc",
      "",
      ".",
      "-",
      "$",
      "1.2.3",
      "1e",
      "Infinity",
      "--1",
      "(-1)",
      "$$1",
      "1 2 3x",
      "0x10",
    ]) {
      expect(parseNumberText(bad), bad).toBeNull();
    }
  });
});

describe("numbers in the reader's locale", () => {
  const de = { locales: ["de-DE"] };
  it("reads German decimals and groups, and still the plain decimal point", () => {
    const cases: [string, number][] = [
      ["19,99", 19.99],
      ["1.234,5", 1234.5],
      ["1234,5", 1234.5],
      ["1.234.567", 1234567],
      ["19.99", 19.99],
      ["1.234", 1.234],
      ["-3,5", -3.5],
      ["−0,25", -0.25],
      ["(12,50)", -12.5],
      ["1,234.5", 1234.5],
    ];
    for (const [text, n] of cases) expect(parseNumberText(text, de), text).toBe(n);
  });
  it("reads amounts and percentages as the cell shows them", () => {
    expect(parseNumberText("€12,50", { ...de, currency: "EUR" })).toBe(12.5);
    expect(parseNumberText("1.234,50\u00a0€", { ...de, currency: "EUR" })).toBe(1234.5);
    expect(parseNumberText("-12,50 €", { ...de, currency: "EUR" })).toBe(-12.5);
    expect(parseNumberText("CHF 1’234.50", { locales: ["de-CH"], currency: "CHF" })).toBe(1234.5);
    expect(parseNumberText("12,5 %", { ...de, percent: true })).toBe(12.5);
    expect(parseNumberText("12,5\u00a0%", { ...de, percent: true })).toBe(12.5);
    expect(parseNumberText("12,5 %", de)).toBeNull();
  });
  it("reads English, French, Hindi, Persian and Arabic writing", () => {
    expect(parseNumberText("1,234.5", { locales: ["en"] })).toBe(1234.5);
    expect(parseNumberText("1\u202f234,5", { locales: ["fr"] })).toBe(1234.5);
    expect(parseNumberText("1\u00a0234\u00a0567,25", { locales: ["fr"] })).toBe(1234567.25);
    expect(parseNumberText("-1 234,5", { locales: ["fr"] })).toBe(-1234.5);
    expect(parseNumberText("12,34,567.5", { locales: ["hi"] })).toBe(1234567.5);
    expect(parseNumberText("۱٬۲۳۴٫۵", { locales: ["fa"] })).toBe(1234.5);
    expect(parseNumberText("\u200f-\u200e١٢٫٥", { locales: ["ar-EG"] })).toBe(-12.5);
    for (const l of ["de-DE", "fr", "pt_BR", "ar", "fa", "hi", "de-CH", "sv"]) {
      const shown = new Intl.NumberFormat(l.replace("_", "-"), { maximumFractionDigits: 3 }).format(-1234567.125);
      expect(parseNumberText(shown, { locales: [l] }), `${l} ${shown}`).toBe(-1234567.125);
    }
  });
  it("refuses garbage and ambiguity in every locale", () => {
    for (const bad of ["abc", "", ",", "1,2,3", "12,3.4", "1.23,4.5", "€", "1..2", "--1", "1,5x", "12 %"]) {
      expect(parseNumberText(bad, de), bad).toBeNull();
    }
    expect(parseNumberText("1,5", { locales: ["en"] })).toBeNull();
    expect(parseNumberText("1.234.5", { locales: ["fr"] })).toBeNull();
  });
});

describe("numeric types", () => {
  const c = (title: string) => ({ title, options: {} });
  it("Number keeps whole numbers", () => {
    expect(NumberField.parseText("1,234", c("Qty"))).toEqual({ ok: true, value: 1234 });
    expect(NumberField.fromApi(1.5, c("Qty"))).toEqual({ ok: false, error: "Qty: 1.5 is not a whole number" });
    expect(NumberField.fromApi("abc", c("Qty"))).toEqual({ ok: false, error: 'Qty: "abc" is not a number' });
    expect(NumberField.fromApi(2 ** 60, c("Qty")).ok).toBe(false);
    expect(NumberField.fromApi(true, c("Qty")).ok).toBe(false);
    expect(NumberField.toApi("42", c("Qty"))).toBe(42);
  });
  it("Decimal, Currency and Percent read their text", () => {
    expect(DecimalField.parseText("1,234.5", { title: "D", options: DecimalField.options.parse({}) })).toEqual({
      ok: true,
      value: 1234.5,
    });
    const money = { title: "Price", options: CurrencyField.options.parse({}) };
    expect(money.options).toMatchObject({ currency_locale: "en-US", currency_code: "USD" });
    expect(CurrencyField.parseText("$12.50", money)).toEqual({ ok: true, value: 12.5 });
    expect(CurrencyField.formatText(12.5, money)).toBe("12.5");
    expect(PercentField.parseText("45%", c("Done"))).toEqual({ ok: true, value: 45 });
    expect(PercentField.formatText(45, c("Done"))).toBe("45%");
    expect(DecimalField.options.safeParse({ precision: 9 }).success).toBe(false);
    expect(CurrencyField.options.safeParse({ currency_code: "usd" }).success).toBe(false);
  });
  it("read typed text in the reader's language and the column's currency locale", () => {
    expect(DecimalField.parseText("19,99", { title: "Price", options: { precision: 2 }, locale: "de" })).toEqual({
      ok: true,
      value: 19.99,
    });
    expect(DecimalField.parseText("19,99", { title: "Price", options: { precision: 2 } }).ok).toBe(false);
    const euro = CurrencyField.options.parse({ currency_locale: "de-DE", currency_code: "EUR" });
    expect(CurrencyField.parseText("€12,50", { title: "Price", options: euro })).toEqual({ ok: true, value: 12.5 });
    expect(CurrencyField.parseText("12,50 €", { title: "Price", options: euro, locale: "en" })).toEqual({
      ok: true,
      value: 12.5,
    });
    expect(PercentField.parseText("12,5 %", { ...c("Done"), locale: "de" })).toEqual({ ok: true, value: 12.5 });
  });
  it("Year is 1000..9999", () => {
    expect(YearField.parseText("2024", c("Year"))).toEqual({ ok: true, value: 2024 });
    expect(YearField.fromApi(999, c("Year"))).toEqual({
      ok: false,
      error: "Year: 999 is not a year from 1000 to 9999",
    });
  });
});
