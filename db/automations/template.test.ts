import { describe, expect, it } from "vitest";
import { checkTemplate, render, renderDeep, renderText, templateErrors } from "./template";

const ctx = {
  record: { Title: "Order 7", Amount: 150, "Due date": "2026-03-04T10:00:00.000Z", Status: "Open", Tags: ["a"] },
  steps: { 1: { id: 12 }, 2: { records: [{ Email: "a@example.com" }, { Email: "b@example.com" }] } },
  trigger: { user: { email: "owner@example.com" } },
};

describe("automation templates", () => {
  it("fills paths, including step outputs and bracketed titles", () => {
    expect(renderText("Hello {{record.Title}}!", ctx)).toBe("Hello Order 7!");
    expect(renderText("{{steps.2.records.0.Email}}, {{steps.2.records.1.Email}}", ctx)).toBe(
      "a@example.com, b@example.com",
    );
    expect(renderText("by {{ trigger.user.email }}", ctx)).toBe("by owner@example.com");
    expect(renderText('{{date record.[Due date] "DD/MM/YYYY"}}', ctx)).toBe("04/03/2026");
    expect(renderText("[{{record.Missing.deep}}]", ctx)).toBe("[]");
  });

  it("keeps a lone hole's type and renders mixed text as text", () => {
    expect(render("{{steps.1.id}}", ctx)).toBe(12);
    expect(render("{{record.Tags}}", ctx)).toEqual(["a"]);
    expect(render("#{{steps.1.id}}", ctx)).toBe("#12");
    expect(renderDeep({ a: "{{record.Amount}}", b: ["x {{record.Status}}"], c: 3 }, ctx)).toEqual({
      a: 150,
      b: ["x Open"],
      c: 3,
    });
  });

  it("has helpers for comparisons, if, numbers and dates", () => {
    expect(renderText('{{if (gt record.Amount 100) "big" "small"}}', ctx)).toBe("big");
    expect(renderText('{{if (eq record.Status "Done") "done" "open"}}', ctx)).toBe("open");
    expect(renderText("{{#if (gte record.Amount 150)}}yes{{else}}no{{/if}}", ctx)).toBe("yes");
    expect(renderText("{{#if record.Nope}}yes{{else}}no{{/if}}", ctx)).toBe("no");
    expect(renderText("{{number (mul record.Amount 1000) 2}}", ctx)).toBe("150,000.00");
    expect(render("{{add record.Amount 1}}", ctx)).toBe(151);
    expect(renderText('{{date (addDays record.[Due date] 30) "YYYY-MM-DD"}}', ctx)).toBe("2026-04-03");
    expect(renderText('{{upper (concat record.Status "-" 1)}}', ctx)).toBe("OPEN-1");
    expect(renderText('{{default record.Nope "n/a"}}', ctx)).toBe("n/a");
  });

  it("never runs code: unknown helpers and broken syntax are errors, found when saved", () => {
    expect(() => checkTemplate("{{constructor.constructor 'x'}}")).toThrow(/Unknown helper/);
    expect(() => checkTemplate("{{record.Title")).toThrow(/not closed/);
    expect(() => checkTemplate("{{#if x}}a")).toThrow(/not closed/);
    expect(() => checkTemplate("{{eq (gt 1 2}}")).toThrow(/Missing \)/);
    expect(templateErrors({ fields: { Name: "{{nope 1}}", Ok: "x" } })).toMatch(/^fields.Name: /);
    expect(renderText("{{record.constructor}}", ctx)).not.toContain("function");
  });
});
