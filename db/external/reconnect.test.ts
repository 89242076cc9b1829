import { describe, expect, it } from "vitest";
import { parseSourceConfig } from "./config";
import { updatedConfig } from "./reconnect";

const stored = parseSourceConfig(
  {
    client: "pg",
    connection: {
      host: "db.example.com",
      port: 5432,
      user: "app",
      password: "old-secret",
      database: "crm",
      ssl: { mode: "Required-Identity", ca: "CA", cert: "CERT", key: "KEY" },
      params: { application_name: "grid" },
    },
    searchPath: ["sales"],
  },
  false,
);

describe("updatedConfig", () => {
  it("a new password alone keeps host, port, database, schema, SSL and parameters", () => {
    const next = updatedConfig(stored, { connection: { password: "new-secret" } }, false);
    expect(next).toEqual({ ...stored, password: "new-secret" });
  });

  it("moving to another host without a password sends none of the stored secrets there", () => {
    const next = updatedConfig(stored, { connection: { host: "db2.example.com" } }, false);
    expect(next.host).toBe("db2.example.com");
    expect(next.password).toBeUndefined();
    expect(next.ssl.key).toBeUndefined();
    expect(next.ssl.ca).toBe("CA");
    expect(next.database).toBe("crm");
  });

  it("another user on the same host does not inherit the stored password either", () => {
    expect(updatedConfig(stored, { connection: { user: "admin" } }, false).password).toBeUndefined();
    expect(updatedConfig(stored, { connection: { port: "5432", password: "x" } }, false).password).toBe("x");
  });

  it("a URL replaces the connection whole", () => {
    const next = updatedConfig(stored, { connection: "postgres://u:p@db3.example.com:6543/other" }, false);
    expect(next).toMatchObject({ host: "db3.example.com", port: 6543, user: "u", password: "p", database: "other" });
    expect(next.params).toEqual({});
  });

  it("refuses another engine and the host rule still applies", () => {
    expect(() => updatedConfig(stored, { client: "mysql2", connection: {} }, false)).toThrow(/engine cannot change/);
    expect(() => updatedConfig(stored, { connection: { host: "127.0.0.1", password: "x" } }, false)).toThrow(
      /ipNotAllowed/,
    );
    expect(updatedConfig(stored, { connection: { host: "127.0.0.1", password: "x" } }, true).host).toBe("127.0.0.1");
  });

  it("libSQL: a new token keeps the URL; a new URL drops the stored token", () => {
    const lib = parseSourceConfig(
      { client: "sqlite3", connection: { url: "libsql://a.turso.io", authToken: "t1" } },
      false,
    );
    expect(updatedConfig(lib, { connection: { authToken: "t2" } }, false)).toMatchObject({
      url: lib.url,
      authToken: "t2",
    });
    expect(updatedConfig(lib, { connection: { url: "libsql://b.turso.io" } }, false).authToken).toBeUndefined();
  });
});
