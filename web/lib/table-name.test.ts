import { describe, expect, it } from "vitest";
import { checkTableTitle } from "../../db/schema/names";
import { tableNameError } from "./table-name";

describe("tableNameError (SPEC 5)", () => {
  it("accepts ordinary names", () => {
    expect(tableNameError("Customers")).toBeNull();
    expect(tableNameError("Orders 2024")).toBeNull();
  });

  it("requires a name", () => {
    expect(tableNameError("")?.key).toBe("msg.error.tableNameRequired");
    expect(tableNameError("  ")?.key).toBe("msg.error.tableNameRequired");
  });

  it("lists the forbidden characters it found", () => {
    expect(tableNameError("a.b/c")).toEqual({
      key: "msg.error.followingCharactersAreNotAllowed",
      values: { chars: ". /" },
    });
    expect(tableNameError("a\\b")).toEqual({
      key: "msg.error.followingCharactersAreNotAllowed",
      values: { chars: "\\" },
    });
  });

  it("refuses surrounding whitespace and over-long names", () => {
    expect(tableNameError(" a")?.key).toBe("msg.error.tableNameWhitespace");
    expect(tableNameError("x".repeat(256))?.key).toBe("msg.error.tableNameTooLong");
  });

  it("refuses a name another table has, ignoring case", () => {
    expect(tableNameError("customers", ["Customers"])?.key).toBe("msg.error.tableNameDuplicate");
    expect(tableNameError("Clients", ["Customers"])).toBeNull();
  });

  it("agrees with the server's rules on every sample", () => {
    const samples = [
      "ok",
      "",
      " ",
      " lead",
      "trail ",
      "a.b",
      "a/b",
      "a\\b",
      "x".repeat(255),
      "x".repeat(256),
      "ünïcode",
    ];
    for (const s of samples) {
      let serverOk = true;
      try {
        checkTableTitle(s);
      } catch {
        serverOk = false;
      }
      expect(tableNameError(s) === null, JSON.stringify(s)).toBe(serverOk);
    }
  });
});
