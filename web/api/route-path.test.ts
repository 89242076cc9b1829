import { describe, expect, it } from "vitest";
import { fillPath } from "./route-path";

describe("fillPath", () => {
  it("fills each parameter as one encoded segment", () => {
    expect(
      fillPath("/api/v1/db/data/:orgs/:projectName/:tableName/:rowId", {
        orgs: "noco",
        projectName: "p_1",
        tableName: "a/b c",
        rowId: 7,
      }),
    ).toBe("/api/v1/db/data/noco/p_1/a%2Fb%20c/7");
  });
  it("drops a parameter's pattern and refuses a missing value", () => {
    expect(fillPath("/download/:file{.+}", { file: "x.png" })).toBe("/download/x.png");
    expect(() => fillPath("/hooks/:hookId", {})).toThrow("/hooks/:hookId: no value for :hookId");
  });
});
