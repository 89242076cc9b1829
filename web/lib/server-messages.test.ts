import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { serverText, tidyServerText } from "./server-messages";

const t = (key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en) as string;

describe("server messages shown to people", () => {
  it("replaces the contract's password sentence with an accurate one", () => {
    expect(serverText("Password : At least 8 letters. ", t)).toBe("Password: at least 8 characters.");
    expect(serverText("User already exist", t)).toBe("An account with this e-mail already exists.");
  });
  it("removes stray spaces before punctuation and at the ends", () => {
    expect(tidyServerText("Password : At most 128 characters.")).toBe("Password: At most 128 characters.");
    expect(tidyServerText(" Invalid email address :  a@ ")).toBe("Invalid email address: a@");
    expect(tidyServerText("Title is required")).toBe("Title is required");
  });
});
