import { describe, expect, it } from "vitest";
import { csvChunks, fieldCountError, type CsvChunk } from "./csv-stream";

async function readAll(text: string | Uint8Array, chunkSize = 1024 * 1024) {
  const chunks: CsvChunk[] = [];
  for await (const c of csvChunks(new Blob([text as BlobPart]), chunkSize)) chunks.push(c);
  return { chunks, records: chunks.flatMap((c) => c.records), notices: chunks.flatMap((c) => c.notices) };
}

describe("csvChunks", () => {
  it("strips a BOM and keeps quoted newlines, quotes and delimiters inside cells", async () => {
    const { records } = await readAll('\ufeffName;Note\r\nAnn;"two\r\nlines; ok"\r\nBob;"say ""hi"""\r\n');
    expect(records.map((r) => r.cells)).toEqual([
      ["Name", "Note"],
      ["Ann", "two\r\nlines; ok"],
      ["Bob", 'say "hi"'],
    ]);
  });

  it.each([
    [",", "comma"],
    ["\t", "tab"],
    ["|", "pipe"],
    [";", "semicolon"],
    ["\u001e", "record separator"],
    ["\u001f", "unit separator"],
  ])("detects %j (%s) as the delimiter", async (d) => {
    const { chunks, records } = await readAll(`a${d}b${d}c\n1${d}2${d}3\n4${d}5${d}6\n`);
    expect(chunks[0]!.delimiter).toBe(d);
    expect(records[1]!.cells).toEqual(["1", "2", "3"]);
  });

  it("reports the delimiter fallback with papaparse's message", async () => {
    const { notices, records } = await readAll("single\nvalue\n");
    expect(notices).toEqual(["Unable to auto-detect delimiting character; defaulted to ','"]);
    expect(records.map((r) => r.cells)).toEqual([["single"], ["value"]]);
  });

  it("keeps records whole across chunk boundaries, also quoted ones and split UTF-8 characters", async () => {
    const lines = ["id,text"];
    for (let i = 0; i < 200; i++) lines.push(`${i},"é ${i}\nß ✓ ${i}"`);
    const bytes = new TextEncoder().encode(lines.join("\n"));
    const { chunks, records } = await readAll(bytes, 37);
    expect(chunks.length).toBeGreaterThan(10);
    expect(records).toHaveLength(201);
    records.slice(1).forEach((r, i) => expect(r.cells).toEqual([String(i), `é ${i}\nß ✓ ${i}`]));
    expect(chunks.at(-1)!.bytesRead).toBe(bytes.length);
  });

  it("skips empty lines", async () => {
    const { records } = await readAll("a,b\n\n1,2\n\n");
    expect(records.map((r) => r.cells)).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("puts quote errors on their record with the SPEC 8 messages", async () => {
    const unterminated = await readAll('a,b\n1,"open\n');
    expect(unterminated.records.at(-1)!.error).toBe("Quoted field unterminated");
    const malformed = await readAll('a,b\n1,"x"y",2\n3,4\n');
    expect(malformed.records[1]!.error).toBe("Trailing quote on quoted field is malformed");
    expect(malformed.records[2]).toEqual({ cells: ["3", "4"] });
  });

  it("reads an empty blob as nothing", async () => {
    expect((await readAll("")).records).toEqual([]);
  });
});

describe("fieldCountError", () => {
  it("words too few and too many fields as SPEC 8 does", () => {
    expect(fieldCountError(["a"], 2)).toBe("Too few fields");
    expect(fieldCountError(["a", "b", "c"], 2)).toBe("Too many fields");
  });
  it("accepts blank extra fields (a trailing delimiter) and the exact count", () => {
    expect(fieldCountError(["a", "b", " "], 2)).toBeNull();
    expect(fieldCountError(["a", "b"], 2)).toBeNull();
  });
});
