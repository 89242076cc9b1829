import { describe, expect, it } from "vitest";
import { directionOf, htmlLangOf, matchBrowserTag, pickLocale, SUPPORTED_LOCALES } from "./locales";

describe("locales", () => {
  it("lists the 31 SPEC 9 languages with en", () => {
    expect(SUPPORTED_LOCALES).toHaveLength(31);
    expect(SUPPORTED_LOCALES).toContain("en");
    expect(new Set(SUPPORTED_LOCALES).size).toBe(31);
  });

  it("uses a supported stored language, else en", () => {
    expect(pickLocale("de", ["fr-FR"])).toBe("de");
    expect(pickLocale("klingon", ["fr-FR"])).toBe("en");
  });

  it("picks from the browser languages when nothing is stored", () => {
    expect(pickLocale(null, ["xx", "fr-FR", "de"])).toBe("fr");
    expect(pickLocale(null, ["pt-BR"])).toBe("pt_BR");
    expect(pickLocale(null, ["pt-PT"])).toBe("pt");
    expect(pickLocale(null, ["bn-IN"])).toBe("bn_IN");
    expect(pickLocale(null, ["zh-CN"])).toBe("zh-Hans");
    expect(pickLocale(null, ["zh-TW"])).toBe("zh-Hant");
    expect(pickLocale(null, ["zh-Hant-HK"])).toBe("zh-Hant");
    expect(pickLocale(null, ["nb-NO"])).toBe("no");
    expect(pickLocale(null, [])).toBe("en");
    expect(pickLocale(null, ["xx-YY"])).toBe("en");
  });

  it("maps single tags", () => {
    expect(matchBrowserTag("EN-us")).toBe("en");
    expect(matchBrowserTag("")).toBeNull();
  });

  it("is right-to-left for fa, ar and he only", () => {
    expect(directionOf("fa")).toBe("rtl");
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("he")).toBe("rtl");
    expect(SUPPORTED_LOCALES.filter((l) => directionOf(l) === "rtl")).toEqual(["ar", "fa", "he"]);
    expect(directionOf("en")).toBe("ltr");
    expect(htmlLangOf("pt_BR")).toBe("pt-BR");
  });
});
