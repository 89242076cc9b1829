import { describe, expect, it } from "vitest";
import { mimeTypeOf, refusal, servedInline } from "./file-types";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("file types", () => {
  it("refuses programs by name, type or content", () => {
    expect(refusal("setup.EXE", "application/octet-stream", bytes())).toBe(
      "setup.EXE: programs and scripts (.exe) cannot be attached",
    );
    expect(refusal("x", "application/x-sh", bytes())).toMatch(/cannot be attached/);
    expect(refusal("holiday.png", "image/png", bytes(0x4d, 0x5a, 0x90, 0))).toMatch(/cannot be attached/);
    expect(refusal("a.bin2", "application/octet-stream", bytes(0x7f, 0x45, 0x4c, 0x46))).toMatch(/cannot be attached/);
    expect(refusal("photo.png", "image/png", bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
  });
  it("guesses missing types from the extension", () => {
    expect(mimeTypeOf("a.PDF", "")).toBe("application/pdf");
    expect(mimeTypeOf("a.png", "application/octet-stream")).toBe("image/png");
    expect(mimeTypeOf("a.dat", undefined)).toBe("application/octet-stream");
    expect(mimeTypeOf("a.png", "image/webp; q=1")).toBe("image/webp");
  });
  it("opens only passive types in the page", () => {
    expect(servedInline("image/png")).toBe(true);
    expect(servedInline("application/pdf")).toBe(true);
    expect(servedInline("image/svg+xml")).toBe(false);
    expect(servedInline("text/html")).toBe(false);
  });
});
