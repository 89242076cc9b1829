import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { projectNearlyFull, PROJECT_FULL } from "../../db/limits";
import { importNoRoom } from "../import/import-job";
import { knownMessage, localMessage } from "./messages";

function leaves(node: unknown, path = ""): [string, unknown][] {
  if (node && typeof node === "object")
    return Object.entries(node).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [[path, node]];
}

describe("locales/en.json", () => {
  it("holds only non-empty strings", () => {
    for (const [key, value] of leaves(en)) {
      expect(typeof value, key).toBe("string");
      expect((value as string).trim(), key).not.toBe("");
    }
  });

  it("carries the SPEC 8 texts the accounts flows show", () => {
    expect(en.msg.error.internal).toBe("Some internal error occurred");
    expect(en.msg.error.generic).toBe("Some error occurred");
    expect(en.msg.error.signedOut).toBe("you have been signed out");
    expect(en.msg.error.notEnoughPermissionPage).toBe("You don't have enough permission to access the page.");
    expect(en.errors.notFound.heading).toBe("Page not found");
  });
});

describe("server messages in the reader's language", () => {
  const de: Record<string, string> = {
    "server.invalidCredentials": "Ungültige Anmeldedaten",
    "msg.error.fieldRequired": "{{value}} ist erforderlich",
    "msg.error.notANumber": "{{title}}: {{value}} ist keine Zahl",
  };
  const t = (key: string, values: Record<string, string>) =>
    (de[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, n: string) => values[n] ?? "");

  it("finds a known English message with its values", () => {
    expect(knownMessage("Invalid credentials", en)).toEqual({ key: "server.invalidCredentials", values: {} });
    expect(knownMessage("Email is required", en)).toEqual({
      key: "msg.error.fieldRequired",
      values: { value: "Email" },
    });
    expect(knownMessage("Some internal error occurred", en)?.key).toBe("msg.error.internal");
  });

  it("shows it translated, and an unknown message as it came", () => {
    expect(localMessage("Invalid credentials", en, t)).toBe("Ungültige Anmeldedaten");
    expect(localMessage("Email is required", en, t)).toBe("Email ist erforderlich");
    expect(localMessage("Price: the driver broke", en, t)).toBe("Price: the driver broke");
    expect(localMessage("Invalid credentials", undefined, t)).toBe("Invalid credentials");
    expect(localMessage('Price: "19,99" is not a number', en, t)).toBe('Price: "19,99" ist keine Zahl');
  });
});

describe("the project's room left, in the reader's language", () => {
  it("knows the server's and the import's messages with their sizes", () => {
    expect(knownMessage(PROJECT_FULL, en)).toEqual({ key: "server.projectFull", values: {} });
    expect(knownMessage(projectNearlyFull(654_000, 199_400), en)).toEqual({
      key: "server.projectNearlyFull",
      values: { left: "199 KB", need: "654 KB" },
    });
    expect(knownMessage(importNoRoom(2_500_000_000, 12_000_000), en)).toEqual({
      key: "server.importNoRoom",
      values: { need: "2.5 GB", left: "12.0 MB" },
    });
  });
});
