import { describe, expect, it } from "vitest";
import { isPublicAddress as isPublicHost } from "./public-address";

describe("isPublicHost", () => {
  it("refuses loopback, private, link-local and reserved IPv4, however it is written", () => {
    for (const host of [
      "127.0.0.1",
      "127.1",
      "0x7f.1",
      "0x7f000001",
      "2130706433",
      "017700000001",
      "0177.0.0.1",
      "0.0.0.0",
      "0",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "192.0.2.10",
    ])
      expect(isPublicHost(host), host).toBe(false);
  });
  it("refuses loopback, private and link-local IPv6, and IPv4 hidden inside IPv6", () => {
    for (const host of [
      "[::1]",
      "::1",
      "[::]",
      "[0:0:0:0:0:0:0:1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "[::ffff:10.0.0.1]",
      "[::127.0.0.1]",
      "[64:ff9b::a9fe:a9fe]",
      "[2002:7f00:1::]",
      "[fc00::1]",
      "[fd12:3456::1]",
      "[fe80::1]",
      "[ff02::1]",
      "[2001:db8::1]",
    ])
      expect(isPublicHost(host), host).toBe(false);
  });
  it("refuses local names", () => {
    for (const host of [
      "localhost",
      "LOCALHOST",
      "a.localhost",
      "printer.local",
      "metadata.google.internal",
      "metadata",
      "router.home.arpa",
      "localhost.",
    ]) {
      expect(isPublicHost(host), host).toBe(false);
    }
  });
  it("accepts public addresses and names", () => {
    for (const host of [
      "93.184.215.14",
      "8.8.8.8",
      "172.32.0.1",
      "[2606:4700::1111]",
      "[::ffff:8.8.8.8]",
      "example.com",
      "cdn.example.org",
    ]) {
      expect(isPublicHost(host), host).toBe(true);
    }
  });
});
