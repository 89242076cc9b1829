import { describe, expect, it } from "vitest";
import { FIELD_TYPES } from "./registry";
import { formatProblem } from "./form-formats";

const ctx = { title: "Q", options: {} };

describe("formatProblem", () => {
  it("agrees with each field type's own check on what a visitor may type", () => {
    const samples = [
      "ada@example.com",
      "ada@example",
      "a..b@x.io",
      "example.com/x",
      "not a url",
      "javascript:x",
      "+44 20 7946 0958",
      "12",
      "call me",
      " bob@x.org ",
    ];
    for (const type of Object.values(FIELD_TYPES)) {
      for (const text of samples) {
        const problem = formatProblem(type.formInput, text);
        if (!["email", "url", "tel"].includes(type.formInput)) expect(problem).toBeNull();
        else expect(problem === null, `${type.uidt} ${text}`).toBe(type.fromApi(text, ctx as never).ok);
      }
    }
  });

  it("leaves empty answers and other inputs alone", () => {
    expect(formatProblem("email", "")).toBeNull();
    expect(formatProblem("email", "  ")).toBeNull();
    expect(formatProblem("text", "anything")).toBeNull();
    expect(formatProblem("email", "x")).toBe("email");
  });
});
