import { describe, expect, it } from "vitest";
import { fetchPublic } from "./fetch-public";

/** Outside local mode, with a fake DNS: `*.example.com` is public, `inside.example.net` is loopback. */
const deployed = {
  local: false,
  resolve: async (name: string) => ({
    ok: true as const,
    addresses: name.endsWith(".example.com") ? ["93.184.215.14"] : name === "inside.example.net" ? ["127.0.0.1"] : [],
  }),
};

const opts = (fetch: typeof globalThis.fetch, more: Partial<Parameters<typeof fetchPublic>[1]> = {}) => ({
  fetch,
  rule: deployed,
  maxBytes: 10,
  timeoutMs: 2000,
  ...more,
});

/** A fake Internet: answers by URL, and records every URL asked. */
function net(routes: Record<string, () => Response>) {
  const asked: string[] = [];
  const fetch = (async (url: string) => {
    asked.push(url);
    const route = routes[url];
    if (!route) throw new TypeError("network error");
    return route();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

describe("fetchPublic", () => {
  it("downloads a public file", async () => {
    const { fetch } = net({
      "https://files.example.com/a.png": () => new Response("abc", { headers: { "content-type": "image/png; q=1" } }),
    });
    const got = await fetchPublic("https://files.example.com/a.png", opts(fetch));
    expect(new TextDecoder().decode(got.bytes)).toBe("abc");
    expect(got.contentType).toBe("image/png");
  });
  it("refuses private targets before asking them, and redirects that lead to one", async () => {
    const { fetch, asked } = net({
      "https://files.example.com/r": () =>
        new Response(null, { status: 302, headers: { location: "http://[::ffff:127.0.0.1]:8080/secret" } }),
    });
    await expect(fetchPublic("http://0x7f.1/x", opts(fetch))).rejects.toThrow("127.0.0.1 is not a public address");
    await expect(fetchPublic("http://169.254.169.254/latest/meta-data", opts(fetch))).rejects.toThrow(
      "not a public address",
    );
    await expect(fetchPublic("https://files.example.com/r", opts(fetch))).rejects.toThrow(
      "[::ffff:7f00:1] is not a public address",
    );
    await expect(fetchPublic("http://inside.example.net/x", opts(fetch))).rejects.toThrow(
      "inside.example.net resolves to 127.0.0.1, which is not a public address",
    );
    expect(asked).toEqual(["https://files.example.com/r"]);
  });
  it("refuses other schemes, credentials and endless redirects", async () => {
    const { fetch } = net({
      "https://a.example.com/": () => new Response(null, { status: 301, headers: { location: "/" } }),
    });
    await expect(fetchPublic("file:///etc/passwd", opts(fetch))).rejects.toThrow("file: links cannot be fetched");
    await expect(fetchPublic("https://u:p@a.example.com/", opts(fetch))).rejects.toThrow("user name or password");
    await expect(fetchPublic("https://a.example.com/", opts(fetch))).rejects.toThrow("redirects too many times");
  });
  it("caps the size, declared or streamed", async () => {
    const big = "x".repeat(11);
    const { fetch } = net({
      "https://a.example.com/declared": () => new Response(big, { headers: { "content-length": "11" } }),
      "https://a.example.com/streamed": () => new Response(new Blob([big]).stream()),
    });
    await expect(fetchPublic("https://a.example.com/declared", opts(fetch))).rejects.toThrow("larger than 10 bytes");
    await expect(fetchPublic("https://a.example.com/streamed", opts(fetch))).rejects.toThrow("larger than 10 bytes");
  });
  it("gives up after the time limit", async () => {
    const slow = ((_url: string, init: RequestInit) =>
      new Promise((_, reject) =>
        init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      )) as unknown as typeof fetch;
    await expect(fetchPublic("https://a.example.com/slow", opts(slow, { timeoutMs: 50 }))).rejects.toThrow(
      "took longer than 0 s",
    );
  });
  it("lets local mode reach loopback", async () => {
    const { fetch } = net({ "http://127.0.0.1:9/a": () => new Response("ok") });
    expect(
      (await fetchPublic("http://127.0.0.1:9/a", opts(fetch, { rule: { ...deployed, local: true } }))).bytes.byteLength,
    ).toBe(2);
  });
});
