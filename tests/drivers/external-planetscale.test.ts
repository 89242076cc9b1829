/**
 * The PlanetScale adapter (@planetscale/database, MySQL over HTTP) against a loopback stand-in of
 * PlanetScale's API that runs the statements on the machine's real MariaDB
 * (tests/support/planetscale-fake.ts). PlanetScale itself is not reachable here: this checks the
 * adapter and the HTTP protocol, not PlanetScale's Vitess.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSourceConfig, type SourceConfig } from "../../db/external/config";
import { SourceError, type SourceDriver } from "../../db/external/driver";
import { openDriver, usesPlanetscale } from "../../db/external/open-driver";
import { pagingAsNumbers, planetscaleUrl } from "../../db/external/planetscale";
import { mysqlSample } from "../support/external-sample";
import { startFakePlanetscale, type FakePlanetscale } from "../support/planetscale-fake";

const sample = await mysqlSample();
const TOKEN = "pscale_pw_test-token";

describe.skipIf(!sample)("PlanetScale adapter over a stand-in HTTP API", () => {
  let fake: FakePlanetscale;
  let cfg: SourceConfig;
  let driver: SourceDriver;
  const conn = sample!.config.connection as Record<string, unknown>;

  beforeAll(async () => {
    fake = await startFakePlanetscale(String(conn.database), "ps-user", TOKEN);
    cfg = parseSourceConfig(
      {
        client: "mysql2",
        connection: {
          host: "127.0.0.1",
          port: fake.port,
          user: "ps-user",
          password: TOKEN,
          database: conn.database,
          params: [{ key: "driver", value: "planetscale" }],
        },
      },
      true,
    );
    driver = await openDriver(cfg);
  });

  afterAll(async () => {
    await driver?.close();
    await fake?.close();
    await sample!.drop();
  });

  it("is chosen for psdb.cloud hosts and for driver=planetscale, over https on the real service", () => {
    const hosted = parseSourceConfig(
      { client: "mysql2", connection: { host: "aws.connect.psdb.cloud", user: "u", password: "p", database: "shop" } },
      false,
    );
    expect(usesPlanetscale(hosted)).toBe(true);
    expect(planetscaleUrl(hosted)).toBe("https://aws.connect.psdb.cloud");
    expect(
      usesPlanetscale(
        parseSourceConfig(
          { client: "mysql2", connection: { host: "db.example.com", user: "u", database: "shop" } },
          false,
        ),
      ),
    ).toBe(false);
    expect(usesPlanetscale(cfg)).toBe(true);
    expect(planetscaleUrl(cfg)).toBe(`http://127.0.0.1:${fake.port}`);
  });

  it("writes LIMIT and OFFSET values as integers and leaves other values alone", () => {
    expect(pagingAsNumbers("SELECT * FROM t WHERE a = ? LIMIT ? OFFSET ?", ["10", "25", "0"])).toEqual(["10", 25, 0]);
  });

  it("introspects the sample like the mysql2 adapter", async () => {
    const schema = await driver.introspect();
    const lines = schema.tables.find((t) => t.name === "order_lines")!;
    expect(lines.columns.filter((c) => c.pk).map((c) => c.name)).toEqual(["order_id", "line_no"]);
    const customers = schema.tables.find((t) => t.name === "customers")!;
    expect(customers.columns.find((c) => c.name === "mood")!.enumValues).toEqual(["happy", "sad", "ok"]);
    expect(customers.columns.find((c) => c.name === "id")!.ai).toBe(true);
    expect(schema.tables.find((t) => t.name === "big_spenders")!.view).toBe(true);
    expect(schema.tables.find((t) => t.name === "orders")!.foreignKeys).toEqual([
      { name: "orders_customer_fk", column: "customer_id", refTable: "customers", refColumn: "id" },
    ]);
  });

  it("reads typed values with bound parameters and paging", async () => {
    const rows = await driver.query(
      "SELECT id, name, active, balance, born FROM customers WHERE active = ? ORDER BY id LIMIT ? OFFSET ?",
      [1, "1", "1"],
    );
    expect(rows).toEqual([{ id: 3, name: "Cy", active: 1, balance: "0.00", born: null }]);
    const [ada] = await driver.query("SELECT name, balance, born FROM customers WHERE name = ?", ["Ada"]);
    expect(ada).toEqual({ name: "Ada", balance: "120.50", born: "1990-05-01" });
    // A value with quotes reaches the database as a value, not as SQL.
    expect(await driver.query("SELECT id FROM customers WHERE name = ?", ["x' OR '1'='1"])).toEqual([]);
  });

  it("inserts with the new id, keeps UTF-8 text, and refuses with the database's message", async () => {
    const res = await driver.execute("INSERT INTO customers (name, mood) VALUES (?, ?)", ["Zoë 🌱", "ok"]);
    expect(res.affected).toBe(1);
    expect(res.insertId).toBeGreaterThan(3);
    expect(await sample!.query("SELECT name FROM customers WHERE id = ?", [res.insertId])).toEqual([
      { name: "Zoë 🌱" },
    ]);
    expect((await driver.query("SELECT name FROM customers WHERE id = ?", [res.insertId]))[0]).toEqual({
      name: "Zoë 🌱",
    });
    const refused = await driver.execute("INSERT INTO tags (label) VALUES (?)", ["gold"]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SourceError);
    expect((refused as Error).message).toMatch(/Duplicate entry 'gold'/);
  });

  it("commits a transaction, and rolls back all of one that fails", async () => {
    await driver.transaction(async (tx) => {
      await tx.execute("INSERT INTO tags (label) VALUES (?)", ["ps-a"]);
      await tx.execute("UPDATE order_lines SET qty = ? WHERE order_id = ? AND line_no = ?", [9, 1, 2]);
    });
    expect(await sample!.query("SELECT label FROM tags WHERE label = 'ps-a'")).toEqual([{ label: "ps-a" }]);
    expect(await sample!.query("SELECT qty FROM order_lines WHERE order_id = 1 AND line_no = 2")).toEqual([{ qty: 9 }]);
    const failed = await driver
      .transaction(async (tx) => {
        await tx.execute("INSERT INTO tags (label) VALUES (?)", ["ps-b"]);
        await tx.execute("INSERT INTO tags (label) VALUES (?)", ["gold"]);
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SourceError);
    expect(await sample!.query("SELECT label FROM tags WHERE label = 'ps-b'")).toEqual([]);
  });

  it("refuses a wrong token when connecting, with the API's message", async () => {
    const wrong = await openDriver({ ...cfg, password: "nope" }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(SourceError);
    expect((wrong as Error).message).toMatch(/invalid password or service token/);
  });
});
