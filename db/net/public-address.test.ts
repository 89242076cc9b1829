import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addressRule,
  assertPublicUrl,
  checkPublicUrl,
  checkUrl,
  isPublicAddress,
  refusedHost,
  type AddressRule,
} from "./public-address";
import { N11_FORMS, N3_FORMS } from "../../tests/support/refused-addresses";

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
    ...N3_FORMS,
    ...N11_FORMS,
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
    "::ffff:0:808:808",
    "64:ff9b::808:808",
    "2001:4860:4860::8888",
    "2001:200::1",
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

describe("refusedHost and checkUrl (names resolved outside local mode)", () => {
  const zone: Record<string, string[]> = {
    "public.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    "loopback.example.com": ["127.0.0.1"],
    "mixed.example.com": ["93.184.215.14", "::1"],
    "metadata.example.com": ["169.254.169.254"],
    "nat64.example.com": ["64:ff9b:1::a9fe:a9fe"],
    "garbled.example.com": ["93.184.215.14", "public.example.com"],
  };
  const asked: string[] = [];
  const deployed: AddressRule = {
    local: false,
    resolve: async (name) => {
      asked.push(name);
      return name === "down.example.com"
        ? { ok: false, reason: "the DNS resolver could not be reached" }
        : { ok: true, addresses: zone[name] ?? [] };
    },
  };

  it("accepts a name whose every address is public", async () => {
    expect(await refusedHost("public.example.com", deployed)).toBeNull();
    expect(await checkUrl("https://public.example.com/hook", deployed)).toMatchObject({ ok: true });
  });
  it("refuses a name with any private address, one that does not resolve, and one the resolver cannot answer", async () => {
    expect(await refusedHost("loopback.example.com", deployed)).toBe(
      "loopback.example.com resolves to 127.0.0.1, which is not a public address",
    );
    expect(await refusedHost("mixed.example.com", deployed)).toBe(
      "mixed.example.com resolves to ::1, which is not a public address",
    );
    expect(await refusedHost("metadata.example.com", deployed)).toMatch(/resolves to 169.254.169.254/);
    expect(await refusedHost("nat64.example.com", deployed)).toMatch(/resolves to 64:ff9b:1::a9fe:a9fe/);
    expect(await refusedHost("garbled.example.com", deployed)).toBe(
      "garbled.example.com resolves to public.example.com, which is not a public address",
    );
    expect(await refusedHost("nowhere.example.com", deployed)).toBe(
      "nowhere.example.com does not resolve to any address",
    );
    expect(await refusedHost("down.example.com", deployed)).toBe(
      "down.example.com could not be resolved (the DNS resolver could not be reached)",
    );
    expect(await checkUrl("http://loopback.example.com:8080/x", deployed)).toEqual({
      ok: false,
      reason: "loopback.example.com resolves to 127.0.0.1, which is not a public address",
    });
  });
  it("refuses every literal form without resolving it, and resolves no literal", async () => {
    asked.length = 0;
    for (const host of [...N3_FORMS, ...N11_FORMS])
      expect(await refusedHost(host, deployed), host).toBe(`${host} is not a public address`);
    expect(await refusedHost("8.8.8.8", deployed)).toBeNull();
    expect(await refusedHost("[2606:4700::1111]", deployed)).toBeNull();
    expect(asked).toEqual([]);
  });
  it("allows private addresses in local mode and still checks the URL itself", async () => {
    const local = { ...deployed, local: true };
    expect(await checkUrl("http://127.1:8080/x", local)).toMatchObject({ ok: true });
    expect(await checkUrl("http://loopback.example.com/x", local)).toMatchObject({ ok: true });
    expect(await checkUrl("ftp://127.0.0.1/", local)).toEqual({
      ok: false,
      reason: "Only http and https URLs are allowed",
    });
    expect(await checkUrl("http://u:p@127.0.0.1/", local)).toEqual({
      ok: false,
      reason: "URLs with credentials are not allowed",
    });
  });
});

describe("addressRule's DNS over HTTPS", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks the configured resolver for A and AAAA with the JSON API, and counts only address records", async () => {
    const requests: { url: string; accept: string | null }[] = [];
    vi.stubGlobal("fetch", async (input: URL, init: RequestInit) => {
      const url = new URL(input);
      requests.push({ url: url.toString(), accept: new Headers(init.headers).get("accept") });
      const type = url.searchParams.get("type");
      const Answer =
        type === "A"
          ? [
              { name: "www.doh-a.example.com", type: 5, TTL: 30, data: "doh-a.example.com." },
              { name: "doh-a.example.com", type: 1, TTL: 30, data: "93.184.215.14" },
            ]
          : [{ name: "www.doh-a.example.com", type: 28, TTL: 30, data: "::1" }];
      return Response.json({ Status: 0, Answer });
    });
    const rule = addressRule({ MODE: "production", DNS_RESOLVER_URL: "https://dns.example.net/dns-query" });
    expect(await refusedHost("www.doh-a.example.com", rule)).toBe(
      "www.doh-a.example.com resolves to ::1, which is not a public address",
    );
    expect(requests.map((r) => r.url).sort()).toEqual([
      "https://dns.example.net/dns-query?name=www.doh-a.example.com&type=A",
      "https://dns.example.net/dns-query?name=www.doh-a.example.com&type=AAAA",
    ]);
    expect(requests.every((r) => r.accept === "application/dns-json")).toBe(true);
  });
  it("treats NXDOMAIN as no address and a failing resolver as a failure; defaults to Cloudflare's", async () => {
    const urls: string[] = [];
    vi.stubGlobal("fetch", async (input: URL) => {
      urls.push(String(input));
      const name = new URL(input).searchParams.get("name");
      return name === "gone.doh-b.example.com" ? Response.json({ Status: 3 }) : new Response("busy", { status: 503 });
    });
    const rule = addressRule({ MODE: "production" });
    expect(await refusedHost("gone.doh-b.example.com", rule)).toBe(
      "gone.doh-b.example.com does not resolve to any address",
    );
    expect(await refusedHost("busy.doh-b.example.com", rule)).toBe(
      "busy.doh-b.example.com could not be resolved (the DNS resolver answered HTTP 503)",
    );
    expect(urls[0]).toMatch(/^https:\/\/cloudflare-dns\.com\/dns-query\?/);
  });
  it("asks nothing in local mode", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    expect(await refusedHost("db.doh-c.example.com", addressRule({ MODE: "local" }))).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
