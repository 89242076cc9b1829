import { describe, expect, it } from "vitest";
import { assertPublicUrl, checkPublicUrl, isPublicAddress } from "./public-address";

describe("isPublicAddress", () => {
  it.each([
    "localhost",
    "api.localhost",
    "printer.local",
    "db.internal",
    "intranet",
    "127.0.0.1",
    "127.1",
    "2130706433",
    "0x7f.1",
    "0177.0.0.1",
    "0.0.0.0",
    "10.1.2.3",
    "100.64.0.1",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "198.18.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "[::1]",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "999.1.1.1",
  ])("refuses %s", (host) => expect(isPublicAddress(host)).toBe(false));

  it.each([
    "example.com",
    "hooks.slack.com",
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "[2001:4860:4860::8888]",
    "::ffff:8.8.8.8",
  ])("accepts %s", (host) => expect(isPublicAddress(host)).toBe(true));
});

describe("assertPublicUrl", () => {
  it("accepts public http(s) URLs", () => {
    expect(assertPublicUrl("https://hooks.example.com/x?y=1").hostname).toBe("hooks.example.com");
  });

  it("refuses other schemes, credentials, private hosts and junk with a reason", () => {
    expect(checkPublicUrl("ftp://example.com")).toEqual({ ok: false, reason: "Only http and https URLs are allowed" });
    expect(checkPublicUrl("http://u:p@example.com")).toEqual({
      ok: false,
      reason: "URLs with credentials are not allowed",
    });
    expect(() => assertPublicUrl("http://127.0.0.1:8080/hook")).toThrow("127.0.0.1 is not a public address");
    expect(() => assertPublicUrl("http://[::1]/")).toThrow("is not a public address");
    expect(() => assertPublicUrl("not a url")).toThrow("is not a valid URL");
  });
});
