import { describe, expect, it } from "vitest";
import { SourceError } from "./driver";
import { explainUnreachable } from "./unreachable";

const refused = new Error("proxy request failed, cannot connect to the specified address");
const resolvesTo =
  (...addresses: string[]) =>
  async () => ({ ok: true as const, addresses });

describe("explainUnreachable", () => {
  it("an address written as such: nothing accepted the connection there", async () => {
    const e = await explainUnreachable(refused, { host: "10.0.0.5", port: 5432 }, resolvesTo());
    expect(e.message).toBe(
      "Nothing accepted a connection at 10.0.0.5:5432: check the host and port, and that the database listens there",
    );
  });

  it("a name without addresses is an unknown host; with one, the port did not answer", async () => {
    expect((await explainUnreachable(refused, { host: "db.exmaple.com", port: 5432 }, resolvesTo())).message).toMatch(
      /^The host db\.exmaple\.com is unknown/,
    );
    expect(
      (await explainUnreachable(refused, { host: "db.example.com", port: 6543 }, resolvesTo("203.0.113.9"))).message,
    ).toBe(
      "db.example.com (203.0.113.9) did not accept a connection on port 6543: check the port, and that the database listens there",
    );
  });

  it("keeps the database's own refusals, and says why a name could not be checked", async () => {
    const own = new SourceError('password authentication failed for user "app"');
    expect(await explainUnreachable(own, { host: "db.example.com", port: 5432 }, resolvesTo())).toBe(own);
    const unchecked = await explainUnreachable(refused, { host: "db.example.com", port: 5432 }, async () => ({
      ok: false as const,
      reason: "the DNS resolver answered HTTP 502",
    }));
    expect(unchecked.message).toMatch(/cannot connect .*the name db\.example\.com could not be checked/);
  });
});
