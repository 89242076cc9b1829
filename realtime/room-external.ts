import type { Reader } from "../db/access/reader";
import type { CountCache } from "../db/rows/read";
import { DbError } from "../db/errors";
import * as ext from "../db/external/rows";
import { extTable } from "../db/external/table";
import * as extSchema from "../db/external/schema-ops";
import { sourceError, type SourceDriver } from "../db/external/driver";
import type { Env } from "./env";
import { updatedConfig } from "../db/external/reconnect";
import { connectionSecret, encryptJson } from "../db/external/secrets";
import type { SourceConfig } from "../db/external/config";
import { guardAsync, introspectInto, openSource, sourceConfig, sourceRow, type SourceRow } from "./external-source";
import type { SocketRoom } from "./room-fanout";
import { withIds } from "./room-ids";
import type { RoomResult } from "./room-result";
import * as room from "./room-socket";

/**
 * The project's external database as the room uses it (external-source.ts holds the connection
 * itself): the one driver kept open, calls that reopen a dropped connection once, schema changes
 * and writes that tell the tabs as native ones do, attaching the database and syncing its meta.
 */
export class RoomSource {
  /** The project's external database, if it is one (external-source.ts); undefined until read. */
  #row: SourceRow | null | undefined;
  #driver: Promise<SourceDriver> | undefined;

  constructor(
    private readonly room: SocketRoom,
    private readonly env: Env,
    /** Exact row counts per table and filter (the room's); a schema change empties it. */
    private readonly counts: CountCache,
  ) {}

  private get store() {
    return this.room.store;
  }

  get row(): SourceRow | null {
    if (this.#row === undefined) this.#row = sourceRow(this.store);
    return this.#row;
  }

  #openDriver(): Promise<SourceDriver> {
    if (!this.#driver) {
      const opening = openSource(this.env, this.row!.config);
      this.#driver = opening;
      opening.catch(() => {
        if (this.#driver === opening) this.#driver = undefined;
      });
    }
    return this.#driver;
  }

  /**
   * Runs fn on the source; a dropped connection is reopened once. A refusal naming a column or
   * table the database no longer has (changed outside the app) syncs the meta and runs fn once
   * more: the tabs reload their schema, and a request that named the gone field is refused as
   * any unknown field is.
   */
  async run<T>(fn: (ctx: ext.ExtCtx) => Promise<T>, reader: Reader | null = null): Promise<RoomResult<T>> {
    const first = await this.#run(fn, reader);
    if (first.ok || !isDrift(first.msg)) return first;
    const synced = await this.metaSync();
    return synced.ok && synced.data.length ? this.#run(fn, reader) : first;
  }

  /** `reader`: who reads or writes (db/access), in the context of every attempt. */
  async #run<T>(fn: (ctx: ext.ExtCtx) => Promise<T>, reader: Reader | null = null): Promise<RoomResult<T>> {
    const attempt = async () => fn({ store: this.store, driver: await this.#openDriver(), reader });
    const first = await guardAsync(attempt).catch((err: unknown) => ({
      ok: false as const,
      status: 0,
      msg: String(err),
      err,
    }));
    if (
      first.ok ||
      (first.status !== 0 &&
        !/terminated|closed|ECONNRESET|EPIPE|not connected|Cannot perform I\/O|socket/i.test(first.msg))
    ) {
      if (!first.ok && first.status === 0) throw (first as { err: unknown }).err;
      return first;
    }
    const stale = this.#driver;
    this.#driver = undefined;
    void stale?.then((d) => d.close()).catch(() => undefined);
    return guardAsync(attempt);
  }

  /** A schema change on the source (DDL, then the meta read again); every tab reloads its schema. */
  async schema<T>(fn: (x: extSchema.SchemaCtx) => Promise<T>) {
    const src = this.row!;
    const result = await this.run((c) =>
      fn({ ...c, inflection: { table: src.inflection_table, column: src.inflection_column } }),
    );
    this.store.schemaCache.clear();
    this.counts.clear();
    if (result.ok) room.broadcast(this.room, { type: "schema" }, "tableList");
    return withIds(this.store, result);
  }

  tableId(tableKey: string) {
    return extTable(this.store, tableKey).ref.model.id;
  }

  async attach(projectId: string, input: SourceRow) {
    const result = await guardAsync(async () => {
      if (this.row) throw new DbError(400, "This project already has a database");
      const driver = await openSource(this.env, input.config);
      try {
        await introspectInto(this.store, driver, input, true);
      } catch (err) {
        await driver.close();
        throw err;
      }
      this.store.exec(
        "INSERT INTO _nc_source (id, client, config, inflection_table, inflection_column, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        input.id,
        input.client,
        input.config,
        input.inflection_table,
        input.inflection_column,
        new Date().toISOString(),
      );
      this.#row = undefined;
      this.#driver = Promise.resolve(driver);
      // The schema's ids stay in the journal: the project is not in D1 yet (pendingIds).
      return true;
    });
    void projectId;
    return result;
  }

  /**
   * A new connection for the same database (db/external/reconnect.ts says what is kept): opened
   * and asked its version first, so a refused password changes nothing; then it replaces the
   * stored one and the driver, and every tab reloads. Answers the config without its secrets.
   */
  async reconnect(raw: unknown) {
    return guardAsync(async () => {
      const row = this.row;
      if (!row) throw new DbError(400, "This project's base is its own: it has no connection to change");
      const next = updatedConfig(await sourceConfig(this.env, row.config), raw, this.env.MODE === "local");
      const sealed = await encryptJson(connectionSecret(this.env), next);
      const driver = await openSource(this.env, sealed);
      try {
        await driver.version();
      } catch (err) {
        await driver.close();
        throw sourceError(err);
      }
      this.store.exec("UPDATE _nc_source SET config = ? WHERE id = ?", sealed, row.id);
      const stale = this.#driver;
      this.#row = undefined;
      this.#driver = Promise.resolve(driver);
      void stale?.then((d) => d.close()).catch(() => undefined);
      this.store.schemaCache.clear();
      this.counts.clear();
      room.broadcast(this.room, { type: "schema" }, "tableList");
      return withoutSecrets(next);
    });
  }

  metaDiff() {
    if (!this.row) return Promise.resolve({ ok: true as const, data: [] });
    return this.#run((x) => introspectInto(x.store, x.driver, this.row!, false));
  }

  async metaSync() {
    if (!this.row) return { ok: true as const, data: [] };
    const result = await this.#run((x) => introspectInto(x.store, x.driver, this.row!, true));
    this.store.schemaCache.clear();
    this.counts.clear();
    if (result.ok) room.broadcast(this.room, { type: "schema" }, "tableList");
    return withIds(this.store, result);
  }
}

/** What the Worker may keep in D1 and show builders about a connection. */
function withoutSecrets(cfg: SourceConfig): SourceConfig {
  const { password: _p, authToken: _t, ...rest } = cfg;
  return { ...rest, ssl: { mode: cfg.ssl.mode } };
}

/** A database's refusal that names a column or table it does not have (PostgreSQL, MySQL, SQLite, SQL Server). */
const isDrift = (msg: string) =>
  /column .* does not exist|relation .* does not exist|Unknown column|Table .* doesn't exist|no such (column|table)|Invalid (column|object) name/i.test(
    msg,
  );
