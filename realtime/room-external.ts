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
import { driftMessage, driftOf, type SchemaDrift } from "../db/external/drift";
import type { DetectedChange } from "../db/external/schema-sync";
import { SyncSchedule, syncIntervalMs } from "../db/external/sync-schedule";
import { hidingNewColumnsAsync } from "../db/views/sync";
import { publicViewIds } from "./public-views";

/**
 * The project's external database as the room uses it (external-source.ts holds the connection
 * itself): the one driver kept open, calls that reopen a dropped connection once, schema changes
 * and writes that tell the tabs as native ones do, attaching the database and syncing its meta.
 */
export class RoomSource {
  /** The project's external database, if it is one (external-source.ts); undefined until read. */
  #row: SourceRow | null | undefined;
  #driver: Promise<SourceDriver> | undefined;
  /** When the database's schema is next read on its own (db/external/sync-schedule.ts). */
  #schedule: SyncSchedule;
  /** A sync under way (scheduled or on drift). */
  #syncing: Promise<RoomResult<DetectedChange[]>> | undefined;

  constructor(
    private readonly room: SocketRoom,
    private readonly env: Env,
    /** Exact row counts per table and filter (the room's); a schema change empties it. */
    private readonly counts: CountCache,
  ) {
    this.#schedule = new SyncSchedule(() => this.store, syncIntervalMs(env.EXTERNAL_SYNC_MINUTES));
  }

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
   * Runs fn on the source; a dropped connection is reopened once. First, when due, the schema is
   * read again (db/external/sync-schedule.ts). A refusal naming a column or table the database
   * no longer has (changed outside the app: db/external/drift.ts) syncs the meta and tells the
   * tabs; a read then runs once more, a write (`write`) answers the 409 naming what is gone.
   */
  async run<T>(
    fn: (ctx: ext.ExtCtx) => Promise<T>,
    reader: Reader | null = null,
    write = false,
  ): Promise<RoomResult<T>> {
    if (this.#schedule.due()) await this.#sync(false);
    let drift: SchemaDrift | null = null;
    const watched = async (ctx: ext.ExtCtx) => {
      try {
        return await fn(ctx);
      } catch (err) {
        drift = driftOf(ctx.driver.dialect, err);
        throw drift ?? err;
      }
    };
    const first = await this.#run(watched, reader);
    const seen = drift as SchemaDrift | null;
    if (first.ok || !seen) return first;
    const synced = await this.#sync(true).catch((err: unknown) => ({
      ok: false as const,
      status: 0,
      msg: String(err),
    }));
    if (!synced.ok) return { ok: false, status: 409, msg: driftMessage(seen.missing, "unsynced") };
    if (write) return first;
    if (!synced.data.length) return { ok: false, status: 409, msg: driftMessage(seen.missing, "stillNamed") };
    drift = null;
    const again = await this.#run(watched, reader);
    const still = drift as SchemaDrift | null;
    return again.ok || !still ? again : { ok: false, status: 409, msg: driftMessage(still.missing, "stillNamed") };
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

  /**
   * A schema change on the source (DDL, then the meta read again); every tab reloads its schema.
   * Fields it makes (or the read finds) start hidden in the views with a public link: `hiddenIn`
   * when the Worker gave them, else read here.
   */
  async schema<T>(fn: (x: extSchema.SchemaCtx) => Promise<T>, hiddenIn?: readonly string[]) {
    const src = this.row!;
    const hidden = hiddenIn ?? (await this.#publicViews());
    const result = await this.run(
      (c) =>
        hidingNewColumnsAsync(c.store, hidden, () =>
          fn({ ...c, inflection: { table: src.inflection_table, column: src.inflection_column } }),
        ),
      null,
      true,
    );
    this.store.schemaCache.clear();
    this.counts.clear();
    if (result.ok) {
      // The change read the whole schema again (schema-ops.ts resync): as good as a sync.
      this.#schedule.mark();
      room.broadcast(this.room, { type: "schema" }, "tableList");
    }
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
      this.#schedule.mark();
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

  /** The manual sync (contract 4.1 meta-diff POST): every tab reloads, changed or not. */
  async metaSync() {
    if (!this.row) return { ok: true as const, data: [] };
    const result = await this.#syncNow();
    if (result.ok && !result.data.length) room.broadcast(this.room, { type: "schema" }, "tableList");
    return withIds(this.store, result);
  }

  /**
   * A sync the room starts itself (`onDrift`: a refusal named something gone; else the schedule);
   * requests arriving meanwhile wait for the one under way. A scheduled sync that fails (the
   * database unreachable) is logged and leaves the request to meet the failure itself.
   */
  #sync(onDrift: boolean): Promise<RoomResult<DetectedChange[]>> {
    this.#syncing ??= this.#syncNow().finally(() => (this.#syncing = undefined));
    return onDrift
      ? this.#syncing
      : this.#syncing.catch((err: unknown) => {
          console.error("external database: the scheduled schema sync failed:", err);
          return { ok: false as const, status: 0, msg: String(err) };
        });
  }

  /** Reads the database's schema into the meta; found fields start hidden in shared views; tabs told of a change. */
  async #syncNow(): Promise<RoomResult<DetectedChange[]>> {
    // Marked first: a database (or D1) failing now is not asked again before the interval.
    this.#schedule.mark();
    const hidden = await this.#publicViews();
    const result = await this.#run((x) =>
      hidingNewColumnsAsync(x.store, hidden, () => introspectInto(x.store, x.driver, this.row!, true)),
    );
    this.store.schemaCache.clear();
    this.counts.clear();
    if (result.ok && result.data.length) room.broadcast(this.room, { type: "schema" }, "tableList");
    return result;
  }

  /** The views with a public link (D1): a field found or made starts hidden in them. */
  #publicViews(): Promise<string[]> {
    return publicViewIds(this.env.META, this.room.name);
  }
}

/** What the Worker may keep in D1 and show builders about a connection. */
function withoutSecrets(cfg: SourceConfig): SourceConfig {
  const { password: _p, authToken: _t, ...rest } = cfg;
  return { ...rest, ssl: { mode: cfg.ssl.mode } };
}
