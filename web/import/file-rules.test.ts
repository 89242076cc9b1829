import { describe, expect, it } from "vitest";
import { fileNameProblem, urlPath, urlProblem } from "./file-rules";

describe("file-name rules", () => {
  it("CSV takes .csv names only", () => {
    expect(fileNameProblem("csv", "people.csv")).toBeNull();
    expect(fileNameProblem("csv", "PEOPLE.CSV")).toBeNull();
    expect(fileNameProblem("csv", "people.txt")).toBe("msg.error.theAcceptedFileTypeIsCsv");
    expect(fileNameProblem("csv", "people.csv.zip")).toBe("msg.error.theAcceptedFileTypeIsCsv");
  });
  it.each(["a.xls", "a.xlsx", "a.xlsm", "a.ods", "a.ots", "A.XLSX"])("spreadsheets take %s", (name) => {
    expect(fileNameProblem("excel", name)).toBeNull();
  });
  it("spreadsheets refuse other names with their message", () => {
    expect(fileNameProblem("excel", "a.csv")).toBe("msg.error.theAcceptedFileTypesAreXlsXlsxXlsmOdsOts");
    expect(fileNameProblem("excel", "a.numbers")).toBe("msg.error.theAcceptedFileTypesAreXlsXlsxXlsmOdsOts");
  });
  it("JSON takes .json names", () => {
    expect(fileNameProblem("json", "a.json")).toBeNull();
    expect(fileNameProblem("json", "a.js")).toBe("msg.error.targetFileIsNotAcceptedFileType");
  });
});

describe("URL rules", () => {
  it("judges the URL's path, not its query", () => {
    expect(urlProblem("csv", "https://example.com/data/people.csv?token=1")).toBeNull();
    expect(urlProblem("csv", "https://example.com/people.csv.php")).toBe("msg.error.theAcceptedFileTypeIsCsv");
    expect(urlProblem("excel", "https://example.com/book.xlsx#x")).toBeNull();
  });
  it("refuses what is not an http(s) URL", () => {
    expect(urlProblem("csv", "ftp://example.com/a.csv")).toBe("msg.error.targetFileIsNotAcceptedFileType");
    expect(urlProblem("csv", "not a url")).toBe("msg.error.targetFileIsNotAcceptedFileType");
    expect(urlPath("https://x.org/a%20b.csv")).toBe("/a b.csv");
  });
});
