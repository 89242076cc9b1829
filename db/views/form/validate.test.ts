import { describe, expect, it } from "vitest";
import { rulesOf, rulesProblem } from "./rules";
import { problemMessage, validationProblem } from "./validate";
import { prefillLink, prefillTexts, templateTexts } from "./prefill";

describe("form validation rules", () => {
  it("checks number ranges, text length and the whole-answer pattern, and lets empty answers pass", () => {
    expect(validationProblem("number", { min: 1, max: 10 }, 11)).toEqual({ code: "max", limit: 10 });
    expect(validationProblem("number", { min: "1" }, "0")).toEqual({ code: "min", limit: 1 });
    expect(validationProblem("number", { min: 1, max: 10 }, 10)).toBe(null);
    expect(validationProblem("text", { min: 3 }, "ab")).toEqual({ code: "minLength", limit: 3 });
    expect(validationProblem("text", { max: 3 }, "abcd")).toEqual({ code: "maxLength", limit: 3 });
    expect(validationProblem("text", { pattern: "[A-Z]{2}\\d{3}" }, "AB123")).toBe(null);
    expect(validationProblem("text", { pattern: "[A-Z]{2}\\d{3}" }, "xAB123")).toEqual({ code: "pattern" });
    expect(validationProblem("text", { pattern: "x", min: 2 }, "")).toBe(null);
  });
  it("checks dates against day limits", () => {
    expect(validationProblem("date", { min: "2026-01-01" }, "2025-12-31")).toEqual({
      code: "minDate",
      limit: "2026-01-01",
    });
    expect(validationProblem("datetime", { max: "2026-01-01" }, "2026-01-01T23:00:00.000Z")).toBe(null);
  });
  it("checks files: count, type by extension or media type, size", () => {
    const pdf = { title: "a.pdf", mimetype: "application/pdf", size: 2 * 1024 * 1024 };
    const png = { name: "b.PNG", type: "image/png", size: 10 };
    expect(validationProblem("attachment", { maxFiles: 1 }, [pdf, png])).toEqual({ code: "fileCount", limit: 1 });
    expect(validationProblem("attachment", { fileTypes: [".pdf", "image/*"] }, [pdf, png])).toBe(null);
    expect(validationProblem("attachment", { fileTypes: [".pdf"] }, [png])).toMatchObject({
      code: "fileType",
      file: "b.PNG",
    });
    expect(validationProblem("attachment", { maxFileMB: 1 }, [pdf])).toMatchObject({ code: "fileSize", limit: 1 });
  });
  it("words a problem with the builder's message, or a default naming the question", () => {
    expect(problemMessage("Code", { message: "Two letters, three digits" }, { code: "pattern" })).toBe(
      "Two letters, three digits",
    );
    expect(problemMessage("Age", {}, { code: "min", limit: 18 })).toBe("Age must be at least 18");
  });
  it("reads rules from meta text leniently and refuses bad ones when saved", () => {
    expect(rulesOf('{"validation":{"min":"3"},"prefill":{"lock":true},"pageBreak":true}')).toMatchObject({
      validation: { min: "3" },
      prefill: { hide: false, lock: true },
      pageBreak: true,
      visibility: null,
    });
    expect(rulesOf("not json").visibility).toBe(null);
    expect(rulesProblem({ validation: { pattern: "(" } }, "c1")).toMatch(/not a valid regular expression/);
    expect(rulesProblem({ validation: { min: 5, max: 1 } }, "c1")).toMatch(/minimum/);
    expect(rulesProblem({ validation: { maxFiles: 0 } }, "c1")).toMatch(/maxFiles/);
    expect(
      rulesProblem(
        {
          visibility: { is_group: true, logical_op: "and", children: [{ fk_column_id: "c1", comparison_op: "blank" }] },
        },
        "c1",
      ),
    ).toMatch(/own answer/);
    expect(
      rulesProblem(
        {
          visibility: {
            is_group: true,
            logical_op: "or",
            children: [{ fk_column_id: "c0", comparison_op: "eq", value: "a" }],
          },
        },
        "c1",
      ),
    ).toBe(null);
  });
});

describe("prefill from the link", () => {
  it("finds questions by id, exact title, or title in any case, and skips unknown names and blanks", () => {
    const fields = [
      { id: "c1", title: "Title" },
      { id: "c2", title: "Status" },
    ];
    expect([...prefillTexts(fields, "?title=Hello&c2=Won&Other=1&Status=")]).toEqual([
      ["c1", "Hello"],
      ["c2", "Won"],
    ]);
  });
  it("writes a link with the samples by title", () => {
    expect(
      prefillLink("https://x/form/u", [
        ["Title", "a b"],
        ["Status", ""],
        ["Due", "2026-01-02"],
      ]),
    ).toBe("https://x/form/u?Title=a+b&Due=2026-01-02");
  });
  it("gives a record template's values as the texts the questions start with", () => {
    expect([...templateTexts({ c1: "Todo", c2: ["a", "b"], c3: 5, c4: false, c5: null, c6: "" })]).toEqual([
      ["c1", "Todo"],
      ["c2", "a,b"],
      ["c3", "5"],
      ["c4", "false"],
    ]);
    expect(templateTexts(undefined).size).toBe(0);
  });
});
