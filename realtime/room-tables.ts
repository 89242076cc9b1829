import type { Reader } from "../db/access/reader";
import { ExternalSource } from "../db/data/external-source";
import { NativeSource } from "../db/data/native-source";
import type { ReadRequest, RowChange } from "../db/data/requests";
import { visitorAnswer } from "../db/data/shared-form";
import type { HookOperation } from "../db/hooks/inputs";
import { externalAfter, externalAutomationsFor, externalBefore } from "../db/automations/external-trigger";
import type { Actor } from "../db/rows/audit";
import type { FileSink } from "../db/rows/files";
import type { CountCache } from "../db/rows/read";
import type { ProjectStore } from "../db/store/store";
import type { RoomSource } from "./room-external";
import type { RoomFanout, SocketRoom } from "./room-fanout";
import { guard } from "./room-guard";
import type { RoomResult } from "./room-result";
import * as room from "./room-socket";
import type { RoomHooks } from "./room-webhooks";

/** Which rows a change's webhooks name (write-pipeline.ts): read before the write, or from its answer. */
export type HookKeys =
  | { op: HookOperation; before: (s: NativeSource) => number[] }
  | { op: HookOperation; after: (s: NativeSource, data: unknown) => number[] };

/**
 * A source (db/data) as the room drives it: its reads guarded into answers, a write committed in
 * one transaction of its database with the webhooks around it, and committed events told to the
 * tabs. The room picks one when it opens (project-room.ts); the write pipeline runs the same
 * steps on either (write-pipeline.ts).
 */
export interface RoomTables {
  read(req: ReadRequest, reader: Reader | null): RoomResult<unknown> | Promise<RoomResult<unknown>>;
  commit(
    change: RowChange,
    actor: Actor,
    reader: Reader | null,
    hook: HookKeys | undefined,
    files: FileSink,
  ): RoomResult<unknown> | Promise<RoomResult<unknown>>;
  tableId(table: string): string;
  tell(events: room.RoomEvent[]): void;
  /** A shared form's stored record as its visitor may read it back. */
  visitorAnswer(table: string, row: unknown): unknown;
}

/** The project's own SQLite: synchronous, so the write, its webhooks' reads and its answer share one transaction. */
export class NativeTables implements RoomTables {
  readonly source: NativeSource;

  constructor(
    private readonly store: ProjectStore,
    counts: CountCache,
    private readonly hooks: RoomHooks,
    private readonly fanout: RoomFanout,
  ) {
    this.source = new NativeSource(store, counts);
  }

  read(req: ReadRequest, reader: Reader | null) {
    return guard(() => this.source.read(req, reader));
  }

  /**
   * One transaction around the write and the read of its answer: when the answer cannot be read
   * (a formula's result over the size limit), the write is undone rather than kept behind a
   * refusal. The webhooks' keys are read as the writer reads (a row rule limits a bulk change).
   */
  commit(change: RowChange, actor: Actor, reader: Reader | null, hook: HookKeys | undefined, files: FileSink) {
    const s = this.source;
    const write = () => s.write(change, actor, reader, files);
    return guard(() =>
      s.as(reader, () =>
        this.store.transaction(() => {
          if (!hook) return write();
          if ("before" in hook)
            return this.hooks.hooked(
              change.table,
              hook.op,
              write,
              (_d, pre) => pre,
              () => hook.before(s),
              { change: change.op, actor },
            );
          return this.hooks.hooked(change.table, hook.op, write, (data) => hook.after(s, data), undefined, {
            change: change.op,
            actor,
          });
        }),
      ),
    );
  }

  tableId(table: string) {
    return this.source.tableId(table);
  }

  tell(events: room.RoomEvent[]) {
    this.fanout.tell(events);
  }

  visitorAnswer(table: string, row: unknown) {
    return visitorAnswer(this.store, table, row);
  }
}

/** An external database (room-external.ts keeps its connection); it runs its own transaction per write. */
export class ExternalTables implements RoomTables {
  constructor(
    private readonly room: SocketRoom,
    private readonly src: RoomSource,
    /** Where an external write's automation runs are told of (room-webhooks.ts). */
    private readonly runs: Pick<RoomHooks, "runsQueued" | "maxDepth">,
  ) {}

  read(req: ReadRequest, reader: Reader | null) {
    return this.src.run((x) => new ExternalSource(x).read(req, reader), reader);
  }

  /**
   * Webhooks read the project's own tables: an external table's writes have none (as before).
   * Automations do (db/automations/external-trigger.ts): their conditions are read from the
   * database around the write, their runs queued in the room once it committed. A run that cannot
   * be queued then is logged: the database's commit stands (no transaction spans both).
   * A write is not repeated after a sync on drift (room-external.ts): the person tries again.
   */
  commit(change: RowChange, actor: Actor, reader: Reader | null) {
    return this.src.run(
      async (x) => {
        const plan = externalAutomationsFor(x, change);
        const before = plan ? await externalBefore(x, change, plan) : null;
        const data = await new ExternalSource(x).write(change, actor, reader);
        if (plan)
          try {
            this.runs.runsQueued(await externalAfter(x, change, data, plan, before, actor, this.runs.maxDepth()));
          } catch (err) {
            console.error(`automations: could not queue the runs of ${change.op} on ${change.table}:`, err);
          }
        return data;
      },
      reader,
      true,
    );
  }

  tableId(table: string) {
    return this.src.tableId(table);
  }

  tell(events: room.RoomEvent[]) {
    for (const e of events) room.broadcast(this.room, this.#event(e), "dataList");
  }

  /**
   * With field permissions or row rules anywhere in the project (db/access), an external row
   * event carries no record: each tab refetches what its reader may see through the API, so no
   * socket receives a hidden field or a record outside its rule (the record was read for the writer).
   */
  #event(e: room.RoomEvent): room.RoomEvent {
    if (e.type !== "row" || !this.room.store.exec("SELECT 1 FROM _nc_table_access LIMIT 1").length) return e;
    return { type: "rows", tableId: e.tableId, by: e.by };
  }

  visitorAnswer(table: string, row: unknown) {
    return visitorAnswer(this.room.store, table, row);
  }
}
