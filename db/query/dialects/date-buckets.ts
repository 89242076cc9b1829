/**
 * Date buckets of the dashboards' charts (compile-aggregate.ts), one function per dialect, each
 * answering the bucket's first day as `YYYY-MM-DD` text so every dialect answers the same. Rules:
 * - weeks start on Monday (ISO 8601), quarters in January, April, July and October;
 * - a date is its own local day; an instant is read in the widget's time zone: PostgreSQL by the
 *   zone's name (bound), the others by adding the offset `local.offsets` picks for the instant (a
 *   CASE tree over the zone's changes of offset, ../time-zone.ts); UTC adds nothing;
 * - SQLite reads the canonical ISO text: in UTC a day, month or year is a prefix of it (no date
 *   function per row: a 1M-row monthly line stays one scan).
 */
import { join, lit, param, sql, type Frag } from "../frag";
import { isoOf } from "../time-zone";

export type DateBucket = "day" | "week" | "month" | "quarter" | "year";

/** How a stored date or instant is read as a local calendar day. */
export type LocalTime =
  | { kind: "date" }
  | {
      kind: "instant";
      zone: string;
      /** The zone is UTC all along: nothing to add. */
      utc: boolean;
      /** The offset in force at the instant, in seconds, as SQL (../time-zone.ts offsetCase). */
      offsets(instant: (ms: number) => Frag, leaf: (seconds: number) => Frag): Frag;
    };

const call = (name: string, args: Frag[]) => sql`${lit(name)}(${join(args, ", ")})`;
const text = (s: string) => lit(`'${s}'`);

export function sqliteBucket(x: Frag, bucket: DateBucket, local: LocalTime): Frag {
  const shifted = local.kind === "instant" && !local.utc;
  if (!shifted && bucket === "day") return sql`substr(${x}, 1, 10)`;
  if (!shifted && bucket === "month") return sql`(substr(${x}, 1, 7) || '-01')`;
  if (!shifted && bucket === "year") return sql`(substr(${x}, 1, 4) || '-01-01')`;
  const mods: Frag[] = shifted
    ? [
        local.offsets(
          (ms) => text(isoOf(ms)),
          (s) => text(`${s >= 0 ? "+" : ""}${Math.trunc(s)} seconds`),
        ),
      ]
    : [];
  const f = (format: string, ...more: Frag[]) => call("strftime", [text(format), x, ...mods, ...more]);
  switch (bucket) {
    case "day":
      return f("%Y-%m-%d");
    case "week":
      return f("%Y-%m-%d", text("-6 days"), text("weekday 1"));
    case "month":
      return f("%Y-%m-01");
    case "year":
      return f("%Y-01-01");
    case "quarter":
      return sql`(${f("%Y-")} || printf('%02d', (CAST(${f("%m")} AS INTEGER) - 1) / 3 * 3 + 1) || '-01')`;
  }
}

export function pgBucket(x: Frag, bucket: DateBucket, local: LocalTime): Frag {
  const t = local.kind === "instant" ? sql`timezone(${param(local.zone)}, ${x})` : sql`CAST(${x} AS timestamp)`;
  return sql`to_char(date_trunc(${text(bucket)}, ${t}), 'YYYY-MM-DD')`;
}

/** Shifts an instant by the zone's offset with the dialect's own date arithmetic. */
function shiftedBy(x: Frag, local: LocalTime, instant: (ms: number) => Frag, add: (x: Frag, s: Frag) => Frag): Frag {
  if (local.kind === "date" || local.utc) return x;
  return add(
    x,
    local.offsets(instant, (s) => lit(String(Math.trunc(s)))),
  );
}

export function mysqlBucket(x: Frag, bucket: DateBucket, local: LocalTime): Frag {
  const s = shiftedBy(
    x,
    local,
    (ms) => text(isoOf(ms).slice(0, 23).replace("T", " ")),
    (v, n) => sql`DATE_ADD(${v}, INTERVAL ${n} SECOND)`,
  );
  switch (bucket) {
    case "day":
      return sql`DATE_FORMAT(${s}, '%Y-%m-%d')`;
    case "week":
      return sql`DATE_FORMAT(DATE_SUB(${s}, INTERVAL WEEKDAY(${s}) DAY), '%Y-%m-%d')`;
    case "month":
      return sql`DATE_FORMAT(${s}, '%Y-%m-01')`;
    case "year":
      return sql`DATE_FORMAT(${s}, '%Y-01-01')`;
    case "quarter":
      return sql`CONCAT(YEAR(${s}), '-', LPAD((QUARTER(${s}) - 1) * 3 + 1, 2, '0'), '-01')`;
  }
}

export function mssqlBucket(x: Frag, bucket: DateBucket, local: LocalTime): Frag {
  const s = shiftedBy(
    x,
    local,
    (ms) => text(isoOf(ms).slice(0, 23)),
    (v, n) => sql`DATEADD(second, ${n}, ${v})`,
  );
  const iso = (n: number, v: Frag = s) => sql`CONVERT(varchar(${lit(String(n))}), ${v}, 23)`;
  switch (bucket) {
    case "day":
      return iso(10);
    case "week":
      // DATEDIFF from a Monday (1900-01-01) counts days whatever DATEFIRST says.
      return iso(10, sql`DATEADD(day, -(DATEDIFF(day, '19000101', ${s}) % 7), ${s})`);
    case "month":
      return sql`(${iso(7)} + '-01')`;
    case "year":
      return sql`(${iso(4)} + '-01-01')`;
    case "quarter":
      return sql`(${iso(4)} + '-' + RIGHT('0' + CAST((DATEPART(quarter, ${s}) - 1) * 3 + 1 AS varchar(2)), 2) + '-01')`;
  }
}
