/**
 * A sample database (external-sample.ts) as a project on it sees it, in Node: its meta synced
 * into an in-memory project store (node-store.ts), over an open connection of the app's drivers.
 */
import { parseSourceConfig } from "../../db/external/config";
import { openDriver } from "../../db/external/open-driver";
import { syncSchema } from "../../db/external/schema-sync";
import type { SampleDb } from "./external-sample";
import { nodeProjectStore } from "./node-store";

export async function sampleProject(sample: SampleDb) {
  const store = nodeProjectStore();
  const driver = await openDriver(parseSourceConfig(sample.config, true));
  await syncSchema(store, await driver.introspect(), driver.dialect, { table: "camelize", column: "camelize" }, true);
  return { store, driver };
}
