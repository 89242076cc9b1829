/**
 * Date buckets in group-by (issue 37) on PostgreSQL and MariaDB: a table with a Date and a
 * DateTime column grouped by day, month and year through the compiler, checked against the
 * grouping computed here from the inserted values.
 */
import { afterAll, describe, expect, it } from "vitest";
import { fieldType } from "../../db/fields/registry";
import { compileGroupBy, type DateBucket } from "../../db/query/compile-group";
import { col } from "../../db/query/test-table";
import type { QueryTable } from "../../db/query/types";
import { mysqlScratch, pgScratch, type Scratch } from "./servers";

const TABLE: QueryTable = {
  tableName: "h3_buckets",
  columns: [col("Id", "ID", { pk: true }), col("Due", "Date"), col("At", "DateTime")],
};
const DAYS = ["2023-12-31", "2024-01-01", "2024-01-15", "2024-01-15", "2024-02-29", "2024-03-01", null];
const STAMPS = [
  "2023-12-31 23:00:00",
  "2024-01-01 00:00:00",
  "2024-01-15 12:30:00",
  null,
  "2024-02-29 08:00:00",
  "2024-03-01 18:45:00",
  "2024-03-02 00:00:01",
];
const CHARS: Record<DateBucket, number> = { year: 4, month: 7, day: 10 };

/** The groups computed apart from SQL: bucket text -> count, the empty group as "null". */
function expected(values: ReadonlyArray<string | null>, bucket: DateBucket): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) {
    const key = v === null ? "null" : v.slice(0, CHARS[bucket]);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

const servers: Array<[string, "pg" | "mysql", Scratch | null]> = [
  ["PostgreSQL", "pg", await pgScratch()],
  ["MariaDB", "mysql", await mysqlScratch()],
];

afterAll(async () => {
  for (const [, , db] of servers) await db?.close();
});

describe.each(servers)("date buckets on %s", (_name, dialect, db) => {
  it.skipIf(!db)("groups a Date and a DateTime by day, month and year as the values say", async () => {
    const q = (text: string) => (dialect === "pg" ? `"${text}"` : `\`${text}\``);
    await db!.exec({ sql: `DROP TABLE IF EXISTS ${q("h3_buckets")}`, params: [] });
    const dateType = fieldType("Date").storage(dialect, {} as never);
    const stampType = fieldType("DateTime").storage(dialect, {} as never);
    await db!.exec({
      sql: `CREATE TABLE ${q("h3_buckets")} (${q("id")} integer PRIMARY KEY, ${q("due")} ${dateType}, ${q("at")} ${stampType})`,
      params: [],
    });
    for (let i = 0; i < DAYS.length; i++) {
      const p = dialect === "pg" ? ["$1", "$2", "$3"] : ["?", "?", "?"];
      await db!.exec({
        sql: `INSERT INTO ${q("h3_buckets")} (${q("id")}, ${q("due")}, ${q("at")}) VALUES (${p.join(", ")})`,
        params: [i + 1, DAYS[i], STAMPS[i]],
      });
    }
    for (const [title, values] of [
      ["Due", DAYS],
      ["At", STAMPS],
    ] as const) {
      for (const bucket of ["day", "month", "year"] as const) {
        const compiled = compileGroupBy({ dialect, table: TABLE, column: title, bucket, limit: 100, offset: 0 });
        const rows = await db!.exec(compiled.list);
        const got = Object.fromEntries(rows.map((r) => [String(r[title.toLowerCase()] ?? "null"), Number(r.count)]));
        expect(got, `${title} by ${bucket}`).toEqual(expected(values, bucket));
        const count = await db!.exec(compiled.count);
        expect(Number(count[0]!.count)).toBe(Object.keys(expected(values, bucket)).length);
      }
    }
    await db!.exec({ sql: `DROP TABLE ${q("h3_buckets")}`, params: [] });
  });
});
