import { describe, expect, it } from "vitest";
import { sharedBaseIdFrom } from "./route-context";

describe("shared base id", () => {
  it("is sent only on projectType base", () => {
    expect(sharedBaseIdFrom({ projectType: "base", projectId: "uuid-1" })).toBe("uuid-1");
    expect(sharedBaseIdFrom({ projectType: "base", baseId: "uuid-2", projectId: "x" })).toBe("uuid-2");
    expect(sharedBaseIdFrom({ projectType: "nc", projectId: "p_1" })).toBeNull();
    expect(sharedBaseIdFrom({})).toBeNull();
  });
});
