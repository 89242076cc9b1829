import { describe, expect, it } from "vitest";
import { ApiError, errorText, isPasskeyCeremonyError, messageFromBody } from "./api-errors";

describe("error text", () => {
  it("prefers msg, then message", () => {
    expect(messageFromBody({ msg: "a", message: "b" })).toBe("a");
    expect(messageFromBody({ message: "b" })).toBe("b");
    expect(messageFromBody({ msg: "  " })).toBeNull();
    expect(messageFromBody("text")).toBeNull();
    expect(messageFromBody(null)).toBeNull();
  });

  it("falls back to the generic text", () => {
    expect(errorText(new ApiError(400, "Invalid credentials", null), "fallback")).toBe("Invalid credentials");
    expect(errorText(new ApiError(400, "", null), "fallback")).toBe("fallback");
    expect(errorText("weird", "fallback")).toBe("fallback");
    expect(errorText(new Error("boom"), "fallback")).toBe("boom");
  });
});

describe("passkey ceremony errors", () => {
  it("tells the browser's refusals from a server answer", () => {
    expect(isPasskeyCeremonyError(new DOMException("cancelled", "NotAllowedError"))).toBe(true);
    expect(isPasskeyCeremonyError(Object.assign(new Error("aborted"), { code: "ERROR_CEREMONY_ABORTED" }))).toBe(true);
    expect(isPasskeyCeremonyError(new ApiError(400, "This passkey is not registered here", {}))).toBe(false);
    expect(isPasskeyCeremonyError("NotAllowedError")).toBe(false);
  });
});
