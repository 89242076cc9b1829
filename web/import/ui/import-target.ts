import type { TableMeta } from "../../api/types";

/** Where an import goes: new tables, or rows of an existing one. */
export type ImportTarget = { mode: "new" } | { mode: "existing"; table: TableMeta };
