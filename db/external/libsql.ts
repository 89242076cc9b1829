/**
 * SQLite through `@libsql/client` (its web build: HTTP/WebSocket to libSQL servers: Turso, sqld).
 * Reads its schema through sqlite_schema and the pragma table functions. A single-column
 * INTEGER PRIMARY KEY is the rowid: auto-increment.
 */
import { createClient, type InStatement } from "@libsql/client/web";
import type { SourceConfig } from "./config";
import { serial } from "./serial";
import {
  sourceError,
  type Queryable,
  type Row,
  type SourceDriver,
  type SourceSchema,
  type SourceTable,
} from "./driver";

type LibsqlClient = ReturnType<typeof createClient>;
type Tx = Awaited<ReturnType<LibsqlClient["transaction"]>>;

function rowsOf(rs: { rows: ArrayLike<unknown>[]; columns: string[] }): Row[] {
  return Array.from(rs.rows, (r) => {
    const o: Row = {};
    rs.columns.forEach((c, i) => {
      const v = (r as unknown as unknown[])[i];
      o[c] = typeof v === "bigint" ? Number(v) : v instanceof ArrayBuffer ? new Uint8Array(v) : v;
    });
    return o;
  });
}

function wrap(target: LibsqlClient | Tx): Queryable {
  const run = async (sql: string, params?: readonly unknown[]) => {
    try {
      return await target.execute({ sql, args: (params ?? []) as never } as InStatement);
    } catch (err) {
      throw sourceError(err);
    }
  };
  return {
    query: async (sql, params) => rowsOf(await run(sql, params)),
    execute: async (sql, params) => {
      const rs = await run(sql, params);
      return {
        rows: rowsOf(rs),
        affected: rs.rowsAffected,
        insertId: rs.lastInsertRowid === undefined ? undefined : Number(rs.lastInsertRowid),
      };
    },
  };
}

export async function openLibsql(cfg: SourceConfig): Promise<SourceDriver> {
  const client = createClient({ url: cfg.url!, authToken: cfg.authToken, intMode: "number" });
  const q = wrap(client);
  const line = serial();
  // createClient connects lazily: ask once so a wrong URL or token fails here.
  await q.query("SELECT 1");
  return {
    dialect: "sqlite",
    query: (sql, params) => line(() => q.query(sql, params)),
    execute: (sql, params) => line(() => q.execute(sql, params)),
    transaction: (fn) =>
      line(async () => {
        let tx: Tx;
        try {
          tx = await client.transaction("write");
        } catch (err) {
          throw sourceError(err);
        }
        try {
          const out = await fn(wrap(tx));
          await tx.commit();
          return out;
        } catch (err) {
          await tx.rollback().catch(() => undefined);
          throw sourceError(err);
        } finally {
          tx.close();
        }
      }),
    version: () => line(async () => `SQLite ${(await q.query("SELECT sqlite_version() AS v"))[0]?.v ?? ""} (libSQL)`),
    // SQLite keeps no row estimate; an exact count over a libSQL table is what there is.
    estimate: async () => null,
    introspect: () => line(() => introspectSqlite(q)),
    close: async () => client.close(),
  };
}

async function introspectSqlite(q: Queryable): Promise<SourceSchema> {
  const rels = await q.query(
    "SELECT name, type, sql FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_litestream%' ESCAPE '\\' AND name NOT LIKE 'libsql\\_%' ESCAPE '\\' ORDER BY name",
  );
  const tables: SourceTable[] = [];
  for (const r of rels) {
    const name = String(r.name);
    const info = await q.query('SELECT name, type, "notnull" AS nn, dflt_value AS def, pk FROM pragma_table_info(?)', [
      name,
    ]);
    const fks =
      r.type === "table"
        ? await q.query('SELECT id, seq, "table" AS rt, "from" AS c, "to" AS rc FROM pragma_foreign_key_list(?)', [
            name,
          ])
        : [];
    const pkCount = info.filter((c) => Number(c.pk) > 0).length;
    const autoinc = /AUTOINCREMENT/i.test(String(r.sql ?? ""));
    const widths = new Map<number, number>();
    for (const f of fks) widths.set(Number(f.id), (widths.get(Number(f.id)) ?? 0) + 1);
    tables.push({
      name,
      view: r.type === "view",
      columns: info.map((c) => {
        const type = String(c.type ?? "");
        const pk = Number(c.pk);
        const def = c.def === null || c.def === undefined ? null : String(c.def).replace(/^'(.*)'$/s, "$1");
        return {
          name: String(c.name),
          dt: type.toLowerCase().replace(/\(.*$/, "").trim(),
          type,
          nullable: !Number(c.nn) && !(pk && pkCount === 1 && /^integer$/i.test(type)),
          default: def,
          ai: pk > 0 && pkCount === 1 && (/^integer$/i.test(type) || autoinc),
          pk,
        };
      }),
      foreignKeys: fks
        .filter((f) => widths.get(Number(f.id)) === 1)
        .map((f) => ({
          name: `fk_${name}_${f.c}`,
          column: String(f.c),
          refTable: String(f.rt),
          refColumn: String(f.rc ?? ""),
        })),
    });
  }
  // A foreign key without a named target column points at the target's primary key.
  for (const t of tables) {
    for (const fk of t.foreignKeys) {
      if (!fk.refColumn)
        fk.refColumn = tables.find((x) => x.name === fk.refTable)?.columns.find((c) => c.pk === 1)?.name ?? "rowid";
    }
  }
  return { tables };
}
