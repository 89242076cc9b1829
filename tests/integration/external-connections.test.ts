/**
 * Connection checks that need no database: the host rule outside local mode, the extra-parameter
 * rules, SQLite files refused, SQL Server's driver (tedious) answering for a closed port, and a
 * missing base. Nothing may be created by any of them. (Real connections are tested from Node in
 * tests/drivers/external-api.test.ts; no SQL Server could run here.)
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { N11_FORMS, N3_FORMS } from "../support/refused-addresses";
import { api, seedProject, seedUser } from "./support";

const P = "/api/v1/db/meta/projects";
const mutableEnv = env as unknown as Record<string, string | undefined>;
const saved = { MODE: mutableEnv.MODE, JWT_SECRET: mutableEnv.JWT_SECRET, CONNECTION_KEY: mutableEnv.CONNECTION_KEY };

/** Production mode for one test: the host rule applies (tokens stay valid under the same secret). */
function production() {
  mutableEnv.JWT_SECRET = "local-development-secret-not-for-production-use";
  mutableEnv.CONNECTION_KEY = "test-connection-key";
  mutableEnv.MODE = "production";
}

afterEach(() => Object.assign(mutableEnv, saved));

const pg = (host: string) => ({
  client: "pg",
  connection: { host, port: 5432, user: "postgres", password: "pw-not-shown", database: "postgres" },
});

describe("external database connections", () => {
  it("refuses private and local hosts outside local mode, creating nothing", async () => {
    const alice = await seedUser("org-level-creator");
    production();
    for (const host of [
      "localhost",
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.9",
      "172.31.255.1",
      "192.168.1.20",
      "169.254.169.254",
      "::1",
      "db.localhost",
    ]) {
      const res = await api("POST", `${P}/`, {
        token: alice.token,
        body: { title: `H ${host}`, external: true, bases: [{ type: "pg", config: pg(host) }] },
      });
      expect(res.status, host).toBe(400);
      expect(res.body.msg).toMatch(/^ipNotAllowed/);
      expect(JSON.stringify(res.body)).not.toContain("pw-not-shown");
      const tested = await api("POST", "/api/v1/db/meta/connection/test", { token: alice.token, body: pg(host) });
      expect(tested.status).toBe(400);
      expect(tested.body.msg).toMatch(/^ipNotAllowed/);
    }
    const url = await api("POST", "/api/v1/db/meta/connection/test", {
      token: alice.token,
      body: { connection: "postgres://u:pw-not-shown@192.168.0.4:5432/db" },
    });
    expect(url.body.msg).toMatch(/^ipNotAllowed/);
    const libsql = await api("POST", "/api/v1/db/meta/connection/test", {
      token: alice.token,
      body: { client: "sqlite3", connection: { url: "http://127.0.0.1:8080" } },
    });
    expect(libsql.body.msg).toMatch(/^ipNotAllowed/);
    Object.assign(mutableEnv, saved);
    const list = await api("GET", `${P}/`, { token: alice.token });
    expect(list.body.list).toEqual([]);
  });

  it("refuses every written form of a private address, and names resolving to one, creating nothing", async () => {
    const alice = await seedUser("org-level-creator");
    const trap = async () =>
      ((await (await fetch(`${env.FAKE_DNS_URL}/trap`)).json()) as { connections: number }).connections;
    const before = await trap();
    production();
    const port = Number(env.FAKE_TRAP_PORT);
    const cases: Array<[string, string]> = [
      ...[...N3_FORMS, ...N11_FORMS].map((h): [string, string] => [h, `${h} is not a public address`]),
      ["loopback.gridbase.test", "loopback.gridbase.test resolves to 127.0.0.1, which is not a public address"],
      ["v6-loopback.gridbase.test", "v6-loopback.gridbase.test resolves to ::1, which is not a public address"],
      ["mixed.gridbase.test", "mixed.gridbase.test resolves to ::1, which is not a public address"],
      ["metadata.gridbase.test", "metadata.gridbase.test resolves to 169.254.169.254, which is not a public address"],
      ["nowhere.gridbase.test", "nowhere.gridbase.test does not resolve to any address"],
    ];
    for (const [host, reason] of cases) {
      const config = { client: "pg", connection: { ...pg(host).connection, port } };
      const msg = `ipNotAllowed: ${reason}; connect to a public host`;
      const created = await api("POST", `${P}/`, {
        token: alice.token,
        body: { title: `H ${host}`, external: true, bases: [{ type: "pg", config }] },
      });
      expect({ host, status: created.status, body: created.body }).toEqual({ host, status: 400, body: { msg } });
      const tested = await api("POST", "/api/v1/db/meta/connection/test", { token: alice.token, body: config });
      expect({ host, status: tested.status, body: tested.body }).toEqual({ host, status: 400, body: { msg } });
    }
    const libsql = await api("POST", "/api/v1/db/meta/connection/test", {
      token: alice.token,
      body: { client: "sqlite3", connection: { url: `http://loopback.gridbase.test:${port}` } },
    });
    expect(libsql.body.msg).toMatch(/^ipNotAllowed: loopback.gridbase.test resolves to 127.0.0.1/);
    expect(await trap()).toBe(before);
    Object.assign(mutableEnv, saved);
    expect((await api("GET", `${P}/`, { token: alice.token })).body.list).toEqual([]);
  });

  it("checks the extra parameters and names what is unsupported", async () => {
    const alice = await seedUser("org-level-creator");
    const test = (body: unknown) => api("POST", "/api/v1/db/meta/connection/test", { token: alice.token, body });
    const withParams = (params: unknown) => ({ ...pg("db.example.com"), params });
    expect((await test(withParams([{ key: "", value: "x" }]))).body.msg).toMatch(/^parameterKeyCannotBeEmpty/);
    expect(
      (
        await test(
          withParams([
            { key: "a", value: "1" },
            { key: "a", value: "2" },
          ]),
        )
      ).body.msg,
    ).toMatch(/^duplicateParameterKeysAreNotAllowed/);
    expect((await test({ client: "sqlite3", connection: { filename: "./a.sqlite" } })).body.msg).toMatch(/libSQL URL/);
    expect((await test({ client: "oracledb", connection: {} })).body.msg).toMatch(/client must be one of/);
    expect(
      (await test({ client: "pg", connection: { host: "db.example.com", port: 99999, user: "u" } })).body.msg,
    ).toMatch(/port/);
    const noBase = await api("POST", `${P}/`, { token: alice.token, body: { title: "No base", external: true } });
    expect(noBase.status).toBe(400);
    expect(noBase.body.msg).toMatch(/exactly one base/);
  });

  // SQL Server (tedious) is checked in the real Worker bundle instead, tests/drivers/external-mssql.test.ts:
  // loaded twice in this pool's shared isolate, tedious fails on redefining util.promisify.custom.

  it("needs the connection key outside local mode", async () => {
    const alice = await seedUser("org-level-creator");
    production();
    delete mutableEnv.CONNECTION_KEY;
    const res = await api("POST", `${P}/`, {
      token: alice.token,
      body: { title: "Keyless", external: true, bases: [{ type: "pg", config: pg("db.example.com") }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/CONNECTION_KEY/);
  });

  it("keeps plain projects on their default base; meta-diff has nothing to show", async () => {
    const alice = await seedUser("org-level-creator");
    const p = await api("POST", `${P}/`, { token: alice.token, body: { title: "Native" } });
    expect(p.body.bases[0]).toMatchObject({ type: "sqlite3", is_meta: true });
    expect((await api("GET", `${P}/${p.body.id}/meta-diff`, { token: alice.token })).body).toEqual([]);
    expect((await api("POST", `${P}/${p.body.id}/bases`, { token: alice.token, body: {} })).status).toBe(400);
  });

  it("shows connection details (never a password) to owners and creators only", async () => {
    const owner = await seedUser("user");
    const viewer = await seedUser("user");
    const id = await seedProject([
      [owner, "owner"],
      [viewer, "viewer"],
    ]);
    const source = {
      id: `ds_${id.slice(2)}`,
      type: "pg",
      alias: null,
      inflection_column: "camelize",
      inflection_table: "camelize",
      connection: { host: "db.example.com", port: 5432, user: "app", database: "shop", ssl: "No" },
      searchPath: ["public"],
      created_at: new Date().toISOString(),
    };
    await env.META.prepare("UPDATE projects SET source = ? WHERE id = ?").bind(JSON.stringify(source), id).run();
    const mine = await api("GET", `${P}/${id}`, { token: owner.token });
    expect(mine.body.bases[0]).toMatchObject({
      type: "pg",
      is_meta: false,
      config: { client: "pg", connection: { host: "db.example.com", user: "app" } },
    });
    const theirs = await api("GET", `${P}/${id}`, { token: viewer.token });
    expect(theirs.body.bases[0]).toMatchObject({ type: "pg", is_meta: false });
    expect(theirs.body.bases[0].config).toBeUndefined();
    const listed = await api("GET", `${P}/${id}/bases`, { token: viewer.token });
    expect(listed.body.list[0].config).toBeUndefined();
    expect(
      (await api("GET", `${P}/${id}/bases/${source.id}`, { token: owner.token })).body.config.connection.database,
    ).toBe("shop");
    expect((await api("GET", `${P}/${id}/bases/ds_other`, { token: owner.token })).status).toBe(404);
    expect((await api("GET", `${P}/${id}/meta-diff`, { token: viewer.token })).status).toBe(403);
  });
});
