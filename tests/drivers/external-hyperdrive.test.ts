/**
 * A base with `hyperdrive: true`: the pg adapter connects with the binding's connectionString
 * instead of the base's host. Cloudflare's Hyperdrive cannot run here, so the "binding" is an
 * object carrying the machine's PostgreSQL URL, as a Hyperdrive binding carries its own; the
 * base's host is an address nothing answers on, so only the connection string can succeed.
 */
import { afterAll, describe, expect, it } from "vitest";
import { parseSourceConfig } from "../../db/external/config";
import { openDriver } from "../../db/external/open-driver";
import { hyperdriveString } from "../../db/external/hyperdrive";
import { PG_URL } from "./servers";
import { pgSample } from "../support/external-sample";

const sample = await pgSample();

describe.skipIf(!sample)("pg through a Hyperdrive binding's connection string", () => {
  afterAll(() => sample!.drop());

  it("reads the base's schema through the binding, not the base's host", async () => {
    const schema = (sample!.config.searchPath as string[])[0]!;
    const cfg = parseSourceConfig(
      {
        client: "pg",
        connection: {
          host: "origin.example.com",
          port: 5999,
          user: "nobody",
          password: "x",
          database: "shop",
          hyperdrive: true,
        },
        searchPath: [schema],
      },
      false,
    );
    const driver = await openDriver(cfg, {
      hyperdrive: hyperdriveString(cfg, { HYPERDRIVE: { connectionString: PG_URL } }),
    });
    try {
      const rows = await driver.query("SELECT name FROM customers WHERE id = $1", [1]);
      expect(rows).toEqual([{ name: "Ada" }]);
      expect((await driver.introspect()).tables.map((t) => t.name)).toContain("order_lines");
    } finally {
      await driver.close();
    }
  });
});
