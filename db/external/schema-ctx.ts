import type { ProjectStore } from "../store/store";
import type { SourceDriver } from "./driver";
import type { Inflection } from "./schema-sync";

/** What schema changes on a source need: the project's store, the source's driver, its naming rules. */
export interface SchemaCtx {
  store: ProjectStore;
  driver: SourceDriver;
  inflection: { table: Inflection; column: Inflection };
}
