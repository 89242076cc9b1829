/**
 * The data port's case list (tests/support/data-port-cases.ts) on each external database: the
 * external source (db/data/external-source.ts) over the project's meta (an in-memory store) and a
 * real connection to the machine's PostgreSQL, MariaDB and a local sqld, on the sample records
 * (tests/support/external-sample.ts). tests/integration/data-port.test.ts runs the same list on
 * the project's own tables.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSourceConfig } from "../../db/external/config";
import type { SourceDriver } from "../../db/external/driver";
import { openDriver } from "../../db/external/open-driver";
import { syncSchema } from "../../db/external/schema-sync";
import { ExternalSource } from "../../db/data/external-source";
import { linkOptions } from "../../db/schema/links";
import { modelColumns } from "../../db/schema/meta-read";
import { fullTableRef } from "../../db/rows/table-ref";
import { PORT_CASES, type PortUnderTest } from "../support/data-port-cases";
import { mysqlSample, pgSample, sqldSample, type SampleDb } from "../support/external-sample";
import { nodeProjectStore } from "../support/node-store";

const SQLD_PORT = Number(process.env.PORT_SQLD_PORT ?? 8967);
const ACTOR = { id: "", email: "port@example.com" };

const samples: Array<[string, () => Promise<SampleDb | null>]> = [
  ["PostgreSQL", pgSample],
  ["MariaDB", mysqlSample],
  ["sqld", () => sqldSample(SQLD_PORT)],
];

for (const [engine, open] of samples) {
  const sample = await open();
  describe.skipIf(!sample)(`the data port on ${engine}`, () => {
    let driver: SourceDriver;
    let port: PortUnderTest;

    beforeAll(async () => {
      const store = nodeProjectStore();
      driver = await openDriver(parseSourceConfig(sample!.config, true));
      await syncSchema(
        store,
        await driver.introspect(),
        driver.dialect,
        { table: "camelize", column: "camelize" },
        true,
      );
      const customers = fullTableRef(store, "Customers").model.id;
      const orders = fullTableRef(store, "Orders").model.id;
      const link = modelColumns(store, customers).find(
        (c) =>
          c.uidt === "LinkToAnotherRecord" &&
          linkOptions(c).type === "hm" &&
          linkOptions(c).fk_related_model_id === orders,
      );
      expect(link).toBeTruthy();
      const source = () => new ExternalSource({ store, driver });
      port = {
        read: (req) => Promise.resolve(source().read(req, null)),
        write: (change) => Promise.resolve(source().write(change, ACTOR, null)),
        links: link!.title,
      };
    });

    afterAll(async () => {
      await driver?.close();
      await sample!.drop();
    });

    for (const [name, run] of PORT_CASES) it(name, () => run(port));

    it("routes grouped lists and form submits to the external database's own (db/external), refusing as natively", async () => {
      await expect(
        port.read({ op: "grouped", table: "Customers", columnId: "x", params: { limit: 1, offset: 0 }, scope: {} }),
      ).rejects.toMatchObject({ status: 400, message: "columnId: column 'x' is not a column of this table" });
      await expect(port.write({ op: "formSubmit", table: "Customers", view: "x", body: {} })).rejects.toMatchObject({
        status: 404,
        message: "View not found",
      });
    });
  });
}
