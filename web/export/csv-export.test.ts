import { describe, expect, it } from "vitest";
import { exportCsvParts, withoutHeader } from "./csv-export";

describe("withoutHeader", () => {
  it("drops the first record, also a quoted one with line breaks", () => {
    expect(withoutHeader("a,b\r\n1,2\r\n")).toBe("1,2\r\n");
    expect(withoutHeader('"x\r\ny",b\n1,2\n')).toBe("1,2\n");
    expect(withoutHeader("a,b")).toBe("");
  });
});

describe("exportCsvParts", () => {
  it("follows nc-export-offset until -1 and keeps one header", async () => {
    const offsets: number[] = [];
    const progress: number[] = [];
    const batches: Record<number, { text: string; next: number }> = {
      0: { text: "Name\r\na\r\nb\r\n", next: 2 },
      2: { text: "Name\r\nc\r\nd\r\n", next: 4 },
      4: { text: "Name\r\ne\r\n", next: -1 },
    };
    const parts = await exportCsvParts({
      fetchBatch: async (o) => (offsets.push(o), batches[o]!),
      onProgress: (n) => progress.push(n),
    });
    expect(offsets).toEqual([0, 2, 4]);
    expect(progress).toEqual([2, 4]);
    expect(parts.join("")).toBe("\ufeffName\r\na\r\nb\r\nc\r\nd\r\ne\r\n");
  });
  it("stops when cancelled", async () => {
    const c = new AbortController();
    c.abort();
    await expect(
      exportCsvParts({ fetchBatch: async () => ({ text: "", next: -1 }), signal: c.signal }),
    ).rejects.toThrow("Export cancelled");
  });
});
