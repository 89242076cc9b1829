/**
 * The driver adapters (db/external) against the machine's real PostgreSQL and MariaDB and a local
 * sqld, on the sample schema: introspection (tables, views, keys, defaults, enum values, foreign
 * keys), type mapping, junction detection, transactions, the database's own error messages.
 */
import { afterAll, describe, expect, it } from "vitest";
import { parseSourceConfig } from "../../db/external/config";
import { type SourceDriver, type SourceSchema } from "../../db/external/driver";
import { openDriver } from "../../db/external/open-driver";
import { mapColumnType } from "../../db/external/map-type";
import { isJunction } from "../../db/external/schema-sync";
import { mysqlSample, pgSample, sqldSample, type SampleDb } from "../support/external-sample";

const SQLD_PORT = Number(process.env.SQLD_PORT ?? 8873);

const engines: Array<[string, () => Promise<SampleDb | null>]> = [
  ["PostgreSQL", pgSample],
  ["MariaDB", mysqlSample],
  ["sqld", () => sqldSample(SQLD_PORT)],
];

for (const [name, open] of engines) {
  const sample = await open();
  describe.skipIf(!sample)(`${name} adapter`, () => {
    let driver: SourceDriver;
    let schema: SourceSchema;
    const table = (n: string) => schema.tables.find((t) => t.name === n)!;
    const column = (t: string, c: string) => table(t).columns.find((x) => x.name === c)!;
    const uidt = (t: string, c: string) => mapColumnType(column(t, c), driver.dialect).uidt;

    afterAll(async () => {
      await driver?.close();
      await sample!.drop();
    });

    it("connects and introspects tables, views, keys and foreign keys", async () => {
      driver = await openDriver(parseSourceConfig(sample!.config, true));
      expect(await driver.version()).toMatch(/\d+\.\d+/);
      schema = await driver.introspect();
      expect(schema.tables.map((t) => t.name).sort()).toEqual([
        "big_spenders",
        "customer_tags",
        "customers",
        "order_lines",
        "orders",
        "tags",
      ]);
      expect(table("big_spenders").view).toBe(true);
      expect(column("customers", "id")).toMatchObject({ pk: 1, ai: true });
      expect(column("customers", "name").nullable).toBe(false);
      expect(column("customers", "email").nullable).toBe(true);
      expect(column("order_lines", "order_id").pk).toBe(1);
      expect(column("order_lines", "line_no").pk).toBe(2);
      expect(column("order_lines", "line_no").ai).toBe(false);
      expect(table("orders").foreignKeys).toEqual([
        expect.objectContaining({ column: "customer_id", refTable: "customers", refColumn: "id" }),
      ]);
      expect(isJunction(table("customer_tags"))).toBe(true);
      expect(isJunction(table("order_lines"))).toBe(false);
      expect(column("customers", "active").default).not.toBeNull();
    });

    it("maps column types to field types", () => {
      expect(uidt("customers", "id")).toBe("Number");
      expect(uidt("customers", "name")).toBe("SingleLineText");
      expect(uidt("customers", "email")).toBe("LongText");
      expect(uidt("customers", "active")).toBe("Checkbox");
      expect(uidt("customers", "born")).toBe("Date");
      expect(uidt("customers", "created_at")).toBe("DateTime");
      expect(uidt("customers", "balance")).toBe("Decimal");
      expect(uidt("customers", "profile")).toBe("JSON");
      if (driver.dialect !== "sqlite") {
        expect(uidt("customers", "mood")).toBe("SingleSelect");
        expect(mapColumnType(column("customers", "mood"), driver.dialect).colOptions).toMatchObject({
          options: [{ title: "happy" }, { title: "sad" }, { title: "ok" }],
        });
      }
      if (driver.dialect === "pg")
        expect(mapColumnType(column("customers", "ext_id"), "pg")).toMatchObject({
          uidt: "SpecificDBType",
          meta: { dt: "uuid" },
        });
    });

    it("rolls a failed transaction back and answers with the database's message", async () => {
      const ph = (i: number) => (driver.dialect === "pg" ? `$${i}` : "?");
      const failing = driver.transaction(async (tx) => {
        await tx.execute(`INSERT INTO tags (label) VALUES (${ph(1)})`, ["temp"]);
        await tx.execute(`INSERT INTO tags (label) VALUES (${ph(1)})`, ["gold"]);
      });
      await expect(failing).rejects.toThrow(/unique|duplicate/i);
      const rows = await driver.query(`SELECT count(*) AS n FROM tags WHERE label = ${ph(1)}`, ["temp"]);
      expect(Number(rows[0]!.n)).toBe(0);
    });

    it("refuses a constraint with the constraint's name", async () => {
      const ph = (i: number) => (driver.dialect === "pg" ? `$${i}` : "?");
      const err = await driver
        .execute(
          `INSERT INTO order_lines (order_id, line_no, product, qty) VALUES (${ph(1)}, ${ph(2)}, ${ph(3)}, ${ph(4)})`,
          [1, 9, "bad", -1],
        )
        .catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect(String((err as Error).message)).toMatch(
        driver.dialect === "sqlite" ? /CHECK constraint failed/i : /qty_positive/,
      );
    });
  });
}

describe("connection refusals", () => {
  it("a wrong password is refused with the database's message", async () => {
    const sample = await pgSample();
    if (!sample) return;
    try {
      const cfg = parseSourceConfig(
        {
          client: "pg",
          connection: { host: "127.0.0.1", port: 5432, user: "no_such_user_gb", password: "x", database: "postgres" },
        },
        true,
      );
      await expect(openDriver(cfg)).rejects.toThrow(/no_such_user_gb|authentication|role/i);
      const unknownDb = parseSourceConfig(
        { client: "pg", connection: { host: "127.0.0.1", port: 5432, user: "postgres", database: "no_such_db_gb" } },
        true,
      );
      await expect(openDriver(unknownDb)).rejects.toThrow(/no_such_db_gb/);
    } finally {
      await sample.drop();
    }
  });

  it("an unreachable host is refused", async () => {
    const cfg = parseSourceConfig(
      { client: "mysql2", connection: { host: "127.0.0.1", port: 1, user: "root", database: "x" } },
      true,
    );
    await expect(openDriver(cfg)).rejects.toThrow(/ECONNREFUSED|connect|reached/i);
  });
});
