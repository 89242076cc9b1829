/** One compilation of computed columns (db/query/computed.ts): the schema it reads, aliases, cycles. */
import type { Dialect } from "../fields/types";
import type { ColumnRow, ModelRow } from "../store/schema";
import type { Frag } from "./sql";

/** The schema as the compiler reads it: a table's meta row and its columns in order. */
export interface ComputedSchema {
  model(id: string): ModelRow;
  columns(modelId: string): ColumnRow[];
}

/**
 * An extra condition on the records a link reaches in its target table (the reader's row rule
 * there, db/access), with the target named `alias`; null when every record may be seen.
 */
export type Restrict = (targetModelId: string, alias: string) => Frag | null;

/** One compilation: the schema, the dialect, alias numbering and the formulas being compiled. */
export class Aliases {
  n = 0;
  /** Formula columns being compiled, innermost last: a repeat is a cycle. */
  formulas: string[] = [];
  constructor(
    readonly schema: ComputedSchema,
    readonly d: Dialect = "sqlite",
    readonly restrict?: Restrict,
    /** The database schema the linked tables are named in (QueryTable `dbSchema`); absent: bare names. */
    readonly dbSchema?: string,
  ) {}
  next() {
    return `_v${++this.n}`;
  }
}
