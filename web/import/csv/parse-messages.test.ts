import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import { PARSE_MESSAGE_KEYS, parseMessageKey } from "./parse-messages";

const lookup = (key: string) =>
  key.split(".").reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], en);

describe("CSV parse messages", () => {
  it("show the SPEC 8 texts through their keys", () => {
    for (const [message, key] of Object.entries(PARSE_MESSAGE_KEYS)) expect(lookup(key)).toBe(message);
  });
  it("leave other messages alone", () => {
    expect(parseMessageKey("Too few fields")).toBe("import.parse.tooFewFields");
    expect(parseMessageKey('Age: "x" is not a number')).toBeNull();
    expect(parseMessageKey("toString")).toBeNull();
  });
  it("carry the file-name rule keys", () => {
    expect(lookup("msg.error.targetFileIsNotAcceptedFileType")).toBeTruthy();
    expect(lookup("msg.error.theAcceptedFileTypeIsCsv")).toBeTruthy();
    expect(lookup("msg.error.theAcceptedFileTypesAreXlsXlsxXlsmOdsOts")).toBeTruthy();
  });
});
