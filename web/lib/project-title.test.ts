import { describe, expect, it } from "vitest";
import { projectTitleError } from "./project-title";

describe("projectTitleError (SPEC 5)", () => {
  it("accepts a plain title, up to 50 characters", () => {
    expect(projectTitleError("Sales")).toBeNull();
    expect(projectTitleError("x".repeat(50))).toBeNull();
  });

  it("asks for a title", () => {
    expect(projectTitleError("")?.key).toBe("msg.error.projectNameRequired");
    expect(projectTitleError("   ")?.key).toBe("msg.error.projectNameRequired");
  });

  it("refuses more than 50 characters", () => {
    expect(projectTitleError("x".repeat(51))).toEqual({ key: "msg.error.projectNameExceeds50", values: { max: 50 } });
  });

  it("refuses a leading space", () => {
    expect(projectTitleError(" Sales")?.key).toBe("msg.error.projectNameCannotStartWithSpace");
  });
});
