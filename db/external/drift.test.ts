import { describe, expect, it } from "vitest";
import { SourceError } from "./driver";
import { driftOf } from "./drift";

/** Each dialect's own refusals, as its driver reports them (messages taken from the servers). */
const CASES: Array<[Parameters<typeof driftOf>[0], SourceError, { kind: string; name: string } | null]> = [
  ["pg", new SourceError("column t.prefs does not exist", "42703"), { kind: "column", name: "prefs" }],
  [
    "pg",
    new SourceError('column "prefs" of relation "users" does not exist', "42703"),
    { kind: "column", name: "prefs" },
  ],
  ["pg", new SourceError('relation "users" does not exist', "42P01"), { kind: "table", name: "users" }],
  ["pg", new SourceError('duplicate key value violates unique constraint "x"', "23505"), null],
  // The message alone is not enough: the code says what the refusal is.
  ["pg", new SourceError('column "prefs" does not exist'), null],
  [
    "mysql",
    new SourceError("Unknown column 't.prefs' in 'SELECT'", "ER_BAD_FIELD_ERROR", 1054),
    { kind: "column", name: "prefs" },
  ],
  [
    "mysql",
    new SourceError("Table 'shop.users' doesn't exist", "ER_NO_SUCH_TABLE", 1146),
    { kind: "table", name: "users" },
  ],
  // PlanetScale's HTTP API: the errno only in the message.
  [
    "mysql",
    new SourceError(
      "target: shop.-.primary: vttablet: Unknown column 'prefs' in 'field list' (errno 1054) (sqlstate 42S22)",
    ),
    { kind: "column", name: "prefs" },
  ],
  ["mysql", new SourceError("Duplicate entry 'a' for key 'label'", "ER_DUP_ENTRY", 1062), null],
  ["sqlite", new SourceError("SQLITE_ERROR: no such column: prefs", "SQLITE_ERROR"), { kind: "column", name: "prefs" }],
  [
    "sqlite",
    new SourceError("SQLITE_ERROR: no such table: main.users", "SQLITE_ERROR"),
    { kind: "table", name: "users" },
  ],
  ["sqlite", new SourceError("SQLITE_CONSTRAINT: NOT NULL constraint failed: users.name", "SQLITE_CONSTRAINT"), null],
  ["mssql", new SourceError("Invalid column name 'prefs'.", "EREQUEST", 207), { kind: "column", name: "prefs" }],
  ["mssql", new SourceError("Invalid object name 'dbo.users'.", "EREQUEST", 208), { kind: "table", name: "users" }],
  ["mssql", new SourceError("Violation of PRIMARY KEY constraint", "EREQUEST", 2627), null],
];

describe("schema drift", () => {
  it("is recognised by each dialect's own codes and names what is gone", () => {
    for (const [dialect, err, missing] of CASES)
      expect(driftOf(dialect, err)?.missing ?? null, err.message).toEqual(missing);
  });

  it("answers 409 naming the column, and only for a database's refusal", () => {
    const d = driftOf("pg", new SourceError("column t.prefs does not exist", "42703"))!;
    expect(d.status).toBe(409);
    expect(d.message).toBe(
      'The database\'s schema changed outside the app: the column "prefs" no longer exists. The fields were synced from the database; check the change and try again.',
    );
    expect(driftOf("pg", new Error("column t.prefs does not exist"))).toBeNull();
  });
});
