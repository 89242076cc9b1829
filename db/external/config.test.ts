import { describe, expect, it } from "vitest";
import { parseSourceConfig } from "./config";
import { assertHostAllowed, assertSourceReachable } from "./host-rule";
import { decryptJson, encryptJson } from "./secrets";
import { enumValuesOf } from "./mysql";
import { inflect } from "./schema-sync";
import { N3_FORMS } from "../../tests/support/refused-addresses";

describe("host rule", () => {
  const refused = (h: string) => () => assertHostAllowed(h, false);
  it.each([
    "localhost",
    "127.0.0.1",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.9.9",
    "192.168.0.1",
    "169.254.169.254",
    "::1",
    "[::1]",
    "fd00::1",
    "::ffff:10.0.0.1",
    "0.0.0.0",
    "a.localhost",
    ...N3_FORMS,
  ])("%s is private", (h) =>
    expect(refused(h)).toThrow(/^ipNotAllowed: .* is not a public address; connect to a public host$/),
  );
  it.each(["db.example.com", "8.8.8.8", "172.32.0.1", "172.15.0.1", "192.169.0.1", "2606:4700::1111"])(
    "%s is public",
    (h) => expect(refused(h)).not.toThrow(),
  );
  it("allows anything in local mode", () => expect(() => assertHostAllowed("127.1", true)).not.toThrow());

  const rule = (addresses: string[]) => ({ local: false, resolve: async () => ({ ok: true as const, addresses }) });
  it("refuses a name that resolves to a private address before connecting, unless through Hyperdrive", async () => {
    await expect(assertSourceReachable({ host: "db.example.com" }, rule(["93.184.215.14", "::1"]))).rejects.toThrow(
      "ipNotAllowed: db.example.com resolves to ::1, which is not a public address; connect to a public host",
    );
    await expect(assertSourceReachable({ host: "db.example.com" }, rule([]))).rejects.toThrow(
      "ipNotAllowed: db.example.com does not resolve to any address; connect to a public host",
    );
    await expect(assertSourceReachable({ host: "db.example.com" }, rule(["93.184.215.14"]))).resolves.toBeUndefined();
    await expect(
      assertSourceReachable({ host: "db.example.com", hyperdrive: "HYPERDRIVE" }, rule(["10.0.0.1"])),
    ).resolves.toBeUndefined();
  });
});

describe("connection config", () => {
  it("reads a pasted PostgreSQL URL with its schema and SSL mode", () => {
    const c = parseSourceConfig(
      "postgresql://ann:p%40ss@db.example.com:6543/shop?sslmode=verify-full&schema=sales&application_name=gb",
      false,
    );
    expect(c).toMatchObject({
      client: "pg",
      host: "db.example.com",
      port: 6543,
      user: "ann",
      password: "p@ss",
      database: "shop",
      schema: "sales",
      ssl: { mode: "Required-Identity" },
      params: { application_name: "gb" },
    });
  });
  it("gives the SPEC 9 defaults", () => {
    expect(parseSourceConfig({ client: "pg", connection: { host: "h.example.com", user: "u" } }, false)).toMatchObject({
      port: 5432,
      schema: "public",
    });
    expect(
      parseSourceConfig({ client: "mysql2", connection: { host: "h.example.com", user: "u", database: "d" } }, false)
        .port,
    ).toBe(3306);
    expect(
      parseSourceConfig({ client: "vitess", connection: { host: "h.example.com", user: "u", database: "d" } }, false)
        .port,
    ).toBe(15306);
  });
  it("takes a libSQL URL with its token", () => {
    expect(
      parseSourceConfig({ client: "sqlite3", connection: { url: "libsql://db-org.turso.io", authToken: "t" } }, false),
    ).toMatchObject({ client: "sqlite3", url: "libsql://db-org.turso.io", authToken: "t" });
  });
  it("applies the host rule only outside local mode", () => {
    const cfg = { client: "pg", connection: { host: "127.0.0.1", user: "postgres" } };
    expect(() => parseSourceConfig(cfg, false)).toThrow(/ipNotAllowed/);
    expect(parseSourceConfig(cfg, true).host).toBe("127.0.0.1");
  });
  it("refuses empty and repeated parameter keys", () => {
    const base = { client: "pg", connection: { host: "h.example.com", user: "u" } };
    expect(() => parseSourceConfig({ ...base, params: [{ key: " ", value: "1" }] }, false)).toThrow(
      /parameterKeyCannotBeEmpty/,
    );
    expect(() => parseSourceConfig({ ...base, params: [{ key: "a" }, { key: "a" }] }, false)).toThrow(
      /duplicateParameterKeysAreNotAllowed/,
    );
  });
  it("refuses unknown SSL modes", () => {
    expect(() =>
      parseSourceConfig({ client: "pg", connection: { host: "h.example.com", user: "u", ssl: "Maybe" } }, false),
    ).toThrow(/SSL mode/);
  });
});

describe("credentials at rest", () => {
  it("round-trips with the key and fails with another", async () => {
    const sealed = await encryptJson("k1", { password: "secret" });
    expect(sealed).not.toContain("secret");
    expect(await decryptJson("k1", sealed)).toEqual({ password: "secret" });
    await expect(decryptJson("k2", sealed)).rejects.toThrow();
    expect(await encryptJson("k1", { password: "secret" })).not.toBe(sealed);
  });
});

describe("names and enum values", () => {
  it("camelizes table and column names", () => {
    expect(inflect("order_items", "camelize")).toBe("OrderItems");
    expect(inflect("order_items", "none")).toBe("order_items");
  });
  it("reads MySQL enum values", () => {
    expect(enumValuesOf("enum('a','b''c','d,e')")).toEqual(["a", "b'c", "d,e"]);
  });
});
