/**
 * SQL Server through `tedious` (TDS over `node:net`; in workerd through nodejs_compat). NOT
 * verified against a real server: none could run here (README). What was checked: it loads in
 * workerd, and a refused connection answers with tedious's own message (a 400).
 * - Statements run with sp_executesql (execSql): values bind by name, @p1..@pn as the compiler
 *   writes them (db/query/sql.ts), typed from the JavaScript value.
 * - Transactions use TDS's own requests (beginTransaction...), not BEGIN TRANSACTION text, which
 *   inside sp_executesql would leave a mismatched transaction count.
 * - Tables are those of one schema: the connection's search path (`schema`), else the login's
 *   default (SCHEMA_NAME()). T-SQL has no per-session default schema, so on a schema other than
 *   the default every statement names its tables `[schema].[table]` (the driver's `dbSchema`,
 *   db/query/sql.ts tableIdent); on the default one they stay bare, as unqualified names reach it.
 *   A schema that does not exist, or that the login cannot see, is refused when connecting.
 * - date, datetime2 and time come back as Date objects in UTC (useUTC); dialect-values.ts reads them.
 * - SSL modes: No/Allowed/Preferred send no encryption request (encrypt false; SQL Server may still
 *   encrypt the login), Required trusts any certificate, Required-CA and Required-Identity check it
 *   against the given ca (and present cert/key).
 */
import { Connection, Request, TYPES } from "tedious";
import type { SourceConfig } from "./config";
import { serial } from "./serial";
import {
  SourceError,
  sourceError,
  type Queryable,
  type Row,
  type SourceDriver,
  type SourceSchema,
  type SourceTable,
} from "./driver";

/** Extra parameters passed to tedious as they are (all take text). */
const PASSED = ["instanceName", "appName", "applicationIntent", "tdsVersion"] as const;

function tlsOptions(cfg: SourceConfig) {
  const { mode, ca, cert, key } = cfg.ssl;
  if (mode === "No" || mode === "Allowed" || mode === "Preferred") return { encrypt: false };
  if (mode === "Required") return { encrypt: true, trustServerCertificate: true };
  return { encrypt: true, trustServerCertificate: false, cryptoCredentialsDetails: { ca, cert, key } };
}

/**
 * A bound value with the TDS type its JavaScript type asks for. A whole number beyond bigint's
 * range (a formula's 1e20) binds as a float: tedious refuses it as a BigInt.
 */
export function tdsParam(value: unknown): { type: (typeof TYPES)[keyof typeof TYPES]; value: unknown } {
  if (value === null || value === undefined) return { type: TYPES.NVarChar, value: null };
  if (typeof value === "boolean") return { type: TYPES.Bit, value };
  if (typeof value === "bigint") return { type: TYPES.BigInt, value: value.toString() };
  if (typeof value === "number") {
    if (!Number.isInteger(value) || Math.abs(value) >= 2 ** 63) return { type: TYPES.Float, value };
    return Math.abs(value) <= 2147483647 ? { type: TYPES.Int, value } : { type: TYPES.BigInt, value };
  }
  if (value instanceof Date) return { type: TYPES.DateTime2, value };
  if (value instanceof Uint8Array) return { type: TYPES.VarBinary, value };
  if (typeof value === "string") return { type: TYPES.NVarChar, value };
  return { type: TYPES.NVarChar, value: JSON.stringify(value) };
}

const done = (fn: (cb: (err?: Error | null) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(sourceError(err)) : resolve())));

export async function openMssql(cfg: SourceConfig): Promise<SourceDriver> {
  const extra = Object.fromEntries(PASSED.filter((k) => cfg.params[k] !== undefined).map((k) => [k, cfg.params[k]]));
  const conn = new Connection({
    server: cfg.host!,
    authentication: { type: "default", options: { userName: cfg.user, password: cfg.password ?? "" } },
    options: {
      ...extra,
      ...tlsOptions(cfg),
      port: extra.instanceName ? undefined : cfg.port,
      database: cfg.database,
      connectTimeout: 10_000,
      requestTimeout: 30_000,
      useUTC: true,
      rowCollectionOnRequestCompletion: false,
    },
  });
  conn.on("error", () => undefined);
  await done((cb) => conn.connect(cb));
  const run = (sql: string, params: readonly unknown[] = []) =>
    new Promise<{ rows: Row[]; affected: number }>((resolve, reject) => {
      const rows: Row[] = [];
      const req = new Request(sql, (err, rowCount) =>
        err ? reject(sourceError(err)) : resolve({ rows, affected: rowCount ?? 0 }),
      );
      params.forEach((v, i) => {
        const p = tdsParam(v);
        req.addParameter(`p${i + 1}`, p.type, p.value);
      });
      req.on("row", (columns: Array<{ value: unknown; metadata: { colName: string } }>) => {
        const row: Row = {};
        for (const c of columns) row[c.metadata.colName] = c.value;
        rows.push(row);
      });
      conn.execSql(req);
    });
  const q: Queryable = {
    query: async (sql, params) => (await run(sql, params)).rows,
    execute: (sql, params) => run(sql, params),
  };
  let schema: { name: string; dbSchema?: string };
  try {
    schema = await schemaOf(q, cfg.schema);
  } catch (err) {
    conn.close();
    throw err;
  }
  const line = serial();
  return {
    dialect: "mssql",
    ...(schema.dbSchema ? { dbSchema: schema.dbSchema } : {}),
    query: (sql, params) => line(() => q.query(sql, params)),
    execute: (sql, params) => line(() => q.execute(sql, params)),
    transaction: (fn) =>
      line(async () => {
        await done((cb) => conn.beginTransaction(cb));
        try {
          const out = await fn(q);
          await done((cb) => conn.commitTransaction(cb));
          return out;
        } catch (err) {
          await done((cb) => conn.rollbackTransaction(cb)).catch(() => undefined);
          throw err;
        }
      }),
    version: () => line(async () => String((await q.query("SELECT @@VERSION AS v"))[0]?.v ?? "")),
    estimate: (table) => line(() => estimateMssql(q, table, schema.name)),
    introspect: () => line(() => introspectMssql(q, schema.name)),
    close: async () => conn.close(),
  };
}

/**
 * The schema the tables are read from: the one named (`wanted`, as sys.schemas spells it), else the
 * login's default. `dbSchema` is set when it is not the default: statements must then name it.
 */
export async function schemaOf(q: Queryable, wanted: string | undefined): Promise<{ name: string; dbSchema?: string }> {
  const named = wanted?.trim() || null;
  const [row] = await q.query("SELECT SCHEMA_NAME() AS d, (SELECT name FROM sys.schemas WHERE name = @p1) AS s", [
    named,
  ]);
  const dflt = String(row?.d ?? "");
  if (!named) return { name: dflt };
  if (row?.s === null || row?.s === undefined)
    throw new SourceError(`SQL Server: schema ${named} does not exist or this login cannot see it`);
  const name = String(row.s);
  return name === dflt ? { name } : { name, dbSchema: name };
}

/** The row count SQL Server keeps per table (sys.partitions of the heap or clustered index). */
export async function estimateMssql(q: Queryable, table: string, schema: string): Promise<number | null> {
  const r = await q.query(
    `SELECT SUM(p.rows) AS n FROM sys.partitions p JOIN sys.tables t ON t.object_id = p.object_id
     WHERE t.schema_id = SCHEMA_ID(@p2) AND t.name = @p1 AND p.index_id IN (0, 1)`,
    [table, schema],
  );
  const n = r[0]?.n;
  return n === null || n === undefined ? null : Number(n);
}

/** A default constraint's text, `((0))` or `(N'abc')`, to its value text; expressions (getdate()) stay as written. */
export function mssqlDefault(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  let s = String(raw).trim();
  while (/^\(.*\)$/s.test(s) && balanced(s.slice(1, -1))) s = s.slice(1, -1).trim();
  if (/^NULL$/i.test(s)) return null;
  const quoted = /^N?'(.*)'$/s.exec(s);
  return quoted ? quoted[1]!.replace(/''/g, "'") : s;
}

function balanced(s: string): boolean {
  let depth = 0;
  for (const ch of s) {
    if (ch === "(") depth++;
    if (ch === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/** The full type text as SQL Server writes it: nvarchar(255), nvarchar(max), decimal(10,2). */
export function mssqlTypeText(dt: string, len: unknown, precision: unknown, scale: unknown): string {
  if (/char|binary/.test(dt) && len !== null && len !== undefined)
    return `${dt}(${Number(len) === -1 ? "max" : Number(len)})`;
  if ((dt === "decimal" || dt === "numeric") && precision !== null && precision !== undefined)
    return `${dt}(${Number(precision)},${Number(scale ?? 0)})`;
  return dt;
}

/** The tables and views of `schema` (bound as a value, @p1, like every other value). */
export async function introspectMssql(q: Queryable, schema: string): Promise<SourceSchema> {
  const rels = await q.query(
    `SELECT TABLE_NAME AS name, TABLE_TYPE AS kind FROM INFORMATION_SCHEMA.TABLES
     WHERE TABLE_SCHEMA = @p1 ORDER BY TABLE_NAME`,
    [schema],
  );
  const cols = await q.query(
    `SELECT c.TABLE_NAME AS t, c.COLUMN_NAME AS c, c.DATA_TYPE AS dt, c.IS_NULLABLE AS nullable,
            c.CHARACTER_MAXIMUM_LENGTH AS len, c.NUMERIC_PRECISION AS prec, c.NUMERIC_SCALE AS scale,
            sc.is_identity AS ai, dc.definition AS def
     FROM INFORMATION_SCHEMA.COLUMNS c
     JOIN sys.objects o ON o.name = c.TABLE_NAME AND o.schema_id = SCHEMA_ID(@p1)
     JOIN sys.columns sc ON sc.object_id = o.object_id AND sc.name = c.COLUMN_NAME
     LEFT JOIN sys.default_constraints dc ON dc.object_id = sc.default_object_id
     WHERE c.TABLE_SCHEMA = @p1 ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
    [schema],
  );
  const pks = await q.query(
    `SELECT t.name AS t, c.name AS c, ic.key_ordinal AS ord
     FROM sys.indexes i JOIN sys.tables t ON t.object_id = i.object_id
     JOIN sys.index_columns ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id
     JOIN sys.columns c ON c.object_id = ic.object_id AND c.column_id = ic.column_id
     WHERE i.is_primary_key = 1 AND t.schema_id = SCHEMA_ID(@p1)`,
    [schema],
  );
  const fks = await q.query(
    `SELECT fk.name AS name, tp.name AS t, cp.name AS c, tr.name AS rt, cr.name AS rc,
            (SELECT COUNT(*) FROM sys.foreign_key_columns x WHERE x.constraint_object_id = fk.object_id) AS width
     FROM sys.foreign_keys fk
     JOIN sys.foreign_key_columns k ON k.constraint_object_id = fk.object_id
     JOIN sys.tables tp ON tp.object_id = k.parent_object_id
     JOIN sys.columns cp ON cp.object_id = k.parent_object_id AND cp.column_id = k.parent_column_id
     JOIN sys.tables tr ON tr.object_id = k.referenced_object_id
     JOIN sys.columns cr ON cr.object_id = k.referenced_object_id AND cr.column_id = k.referenced_column_id
     WHERE tp.schema_id = SCHEMA_ID(@p1) AND tr.schema_id = SCHEMA_ID(@p1) ORDER BY fk.name`,
    [schema],
  );
  const tables = new Map<string, SourceTable>();
  for (const r of rels)
    tables.set(String(r.name), {
      name: String(r.name),
      view: String(r.kind).toUpperCase() === "VIEW",
      columns: [],
      foreignKeys: [],
    });
  const pkPos = new Map(pks.map((p) => [`${p.t}\u0000${p.c}`, Number(p.ord)]));
  for (const c of cols) {
    const t = tables.get(String(c.t));
    if (!t) continue;
    const dt = String(c.dt).toLowerCase();
    t.columns.push({
      name: String(c.c),
      dt,
      type: mssqlTypeText(dt, c.len, c.prec, c.scale),
      nullable: c.nullable === "YES",
      default: mssqlDefault(c.def),
      ai: c.ai === true || c.ai === 1,
      pk: pkPos.get(`${c.t}\u0000${c.c}`) ?? 0,
      maxLength: c.len === null || c.len === undefined ? null : Number(c.len),
    });
  }
  for (const f of fks) {
    if (Number(f.width) !== 1) continue;
    tables.get(String(f.t))?.foreignKeys.push({
      name: String(f.name),
      column: String(f.c),
      refTable: String(f.rt),
      refColumn: String(f.rc),
    });
  }
  return { tables: [...tables.values()] };
}
