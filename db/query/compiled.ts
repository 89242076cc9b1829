/**
 * What the SQL builder (sql.ts) needs below the compiler's shapes (types.ts), so the two do not
 * import each other: a finished statement and the error every refused request raises.
 */
/** A statement ready for a driver: placeholders in `sql`, values in `params`. */
export interface Compiled {
  sql: string;
  params: unknown[];
}

export class QueryError extends Error {
  readonly status = 400;
  /** 1-based character position in the where text, when the problem is a syntax error. */
  readonly position?: number;
  constructor(message: string, position?: number) {
    super(message);
    this.name = "QueryError";
    if (position !== undefined) this.position = position;
  }
}
