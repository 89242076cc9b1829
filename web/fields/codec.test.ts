import i18next from "i18next";
import { afterAll, describe, expect, it } from "vitest";
import de from "../../locales/de.json";
import en from "../../locales/en.json";
import type { Column } from "../api/types";
import { codecFor, isReadOnlyColumn, virtualText } from "./codec";

const col = (uidt: Column["uidt"], extra: Partial<Column> = {}): Column => ({
  id: `cl_${uidt}`,
  title: uidt,
  column_name: uidt.toLowerCase(),
  uidt,
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: {},
  ...extra,
});

describe("column codecs", () => {
  it("formats API values as text and parses text back", () => {
    const cb = codecFor(col("Checkbox"));
    expect(cb.toText(true)).toBe("true");
    expect(cb.fromText("yes")).toEqual({ ok: true, value: true });
    const num = codecFor(col("Number"));
    expect(num.fromText("12")).toEqual({ ok: true, value: 12 });
    expect(num.fromText("")).toEqual({ ok: true, value: null });
  });
  it("reads numbers typed in the reader's language and says what is wrong in it (#33)", async () => {
    await i18next.init({
      lng: "de",
      interpolation: { escapeValue: false },
      resources: { de: { translation: de }, en: { translation: en } },
    });
    const price = codecFor({ ...col("Decimal"), title: "Price" });
    expect(price.fromText("19,99")).toEqual({ ok: true, value: 19.99 });
    expect(price.fromText("1.234,5")).toEqual({ ok: true, value: 1234.5 });
    const euro = codecFor({ ...col("Currency"), meta: { currency_locale: "de-DE", currency_code: "EUR" } });
    expect(euro.fromText("€12,50")).toEqual({ ok: true, value: 12.5 });
    expect(codecFor(col("Percent")).fromText("12,5 %")).toEqual({ ok: true, value: 12.5 });
    expect(price.fromText("zwölf")).toEqual({ ok: false, error: 'Price: "zwölf" ist keine Zahl' });
    expect(codecFor(col("Number")).fromText("1,5")).toEqual({ ok: false, error: 'Number: "1,5" ist keine ganze Zahl' });
  });
  afterAll(async () => {
    await i18next.changeLanguage("en");
  });
  it("returns the registry's message for invalid text", () => {
    const r = codecFor(col("Email")).fromText("not-an-email");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^Email: "not-an-email"/);
  });
  it("checks select values against the options", () => {
    const select = codecFor(col("SingleSelect", { colOptions: { options: [{ title: "Todo" }, { title: "Done" }] } }));
    expect(select.fromText("done")).toEqual({ ok: true, value: "Done" });
    expect(select.fromText("Maybe").ok).toBe(false);
  });
  it("keeps an unreadable stored value visible", () => {
    expect(codecFor(col("Number")).toText("abc")).toBe("abc");
  });
  it("shows a person as their e-mail and never writes one", () => {
    const by = codecFor(col("CreatedBy"));
    expect(by.readOnly).toBe(true);
    expect(by.toText({ id: "us_1", email: "ada@example.com", display_name: "Ada" })).toBe("ada@example.com");
    expect(by.toText({ id: "us_1", display_name: "Ada" })).toBe("Ada");
    expect(by.fromValue({ id: "us_1" }).ok).toBe(false);
  });
  it("knows the read-only columns", () => {
    expect(isReadOnlyColumn(col("ID", { pk: true }))).toBe(true);
    expect(isReadOnlyColumn(col("Formula"))).toBe(true);
    expect(isReadOnlyColumn(col("DateTime", { system: true }))).toBe(true);
    expect(isReadOnlyColumn(col("SingleLineText"))).toBe(false);
  });
  it("shows linked records by their display value", () => {
    expect(
      virtualText([
        { Id: 1, Title: "a" },
        { Id: 2, Title: "b" },
      ]),
    ).toBe("a, b");
    expect(virtualText({ id: 3, Name: "x" })).toBe("x");
    expect(virtualText(4)).toBe("4");
  });
});
