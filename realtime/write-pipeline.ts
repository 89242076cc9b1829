import type { Reader } from "../db/access/reader";
import type { RowChange } from "../db/data/requests";
import type { Actor } from "../db/rows/audit";
import type { FileSink } from "../db/rows/files";
import type { CountCache } from "../db/rows/read";
import { rowKey } from "../db/rows/row-key";
import type { RoomFiles } from "./room-files";
import type { RoomResult } from "./room-result";
import type * as room from "./room-socket";
import type { HookKeys, RoomTables } from "./room-tables";

type Op = RowChange["op"];
type Change<K extends Op> = Extract<RowChange, { op: K }>;

/** What one kind of change does besides the write itself: its webhooks' keys, its files, its events. */
interface Step<K extends Op> {
  hook?: (c: Change<K>, actor: Actor) => HookKeys;
  /** keep: uploads the body names stay; remove: uploads of deleted records go once committed. */
  files?: "keep" | "remove";
  events: (c: Change<K>, data: never, t: (table: string) => string, actor: Actor) => room.RoomEvent[];
}

/** Many rows changed (bulk, filtered, links): tabs showing the table refetch what they show. */
const rows = (tableId: string, by: Actor): room.RoomEvent => ({ type: "rows", tableId, by });

const insertedRow = (c: { table: string }, row: unknown, t: (table: string) => string, by: Actor): room.RoomEvent => ({
  type: "row",
  op: "insert",
  tableId: t(c.table),
  row: row as Record<string, unknown>,
  by,
});

type FormAnswer = { row: Record<string, unknown> };

const STEPS: { [K in Op]: Step<K> } = {
  insert: {
    hook: (c) => ({ op: "insert", after: (s, row) => s.keysOf(c.table, [row]) }),
    files: "keep",
    events: (c, row: unknown, t, by) => [insertedRow(c, row, t, by)],
  },
  insertMany: {
    hook: () => ({ op: "bulkInsert", after: (_s, ids) => (ids as object[]).map((r) => Number(Object.values(r)[0])) }),
    files: "keep",
    events: (c, _d, t, by) => [rows(t(c.table), by)],
  },
  update: {
    hook: (c) => ({ op: "update", before: () => [rowKey(c.rowId)] }),
    files: "keep",
    events: (c, row: unknown, t, by) => [
      {
        type: "row",
        op: "update",
        tableId: t(c.table),
        row: row as Record<string, unknown>,
        changed: Object.keys((c.body ?? {}) as object),
        by,
      },
    ],
  },
  updateMany: {
    hook: (c) => ({ op: "bulkUpdate", before: (s) => s.keysOf(c.table, c.bodies) }),
    files: "keep",
    events: (c, _d, t, by) => [rows(t(c.table), by)],
  },
  updateWhere: {
    hook: (c, actor) => ({ op: "bulkUpdate", before: (s) => s.whereIds(c.table, c.where, actor.id || null) }),
    files: "keep",
    events: (c, _d, t, by) => [rows(t(c.table), by)],
  },
  delete: {
    hook: (c) => ({ op: "delete", before: () => [rowKey(c.rowId)] }),
    files: "remove",
    events: (c, _d, t, by) => [{ type: "row", op: "delete", tableId: t(c.table), rowId: c.rowId, by }],
  },
  deleteMany: {
    hook: (c) => ({ op: "bulkDelete", before: (s) => s.keysOf(c.table, c.bodies) }),
    files: "remove",
    events: (c, _d, t, by) => [rows(t(c.table), by)],
  },
  deleteWhere: {
    hook: (c, actor) => ({ op: "bulkDelete", before: (s) => s.whereIds(c.table, c.where, actor.id || null) }),
    files: "remove",
    events: (c, _d, t, by) => [rows(t(c.table), by)],
  },
  // Both sides show the link: tabs on either table refetch.
  link: {
    events: (c, res: { relatedTableId: string }, t, by) => [rows(t(c.table), by), rows(t(res.relatedTableId), by)],
  },
  links: {
    events: (c, res: { relatedTableId: string }, t, by) => [rows(t(c.table), by), rows(t(res.relatedTableId), by)],
  },
  // A form's record is an insert like the API's: the table's insert webhooks hear of it (#42).
  formSubmit: {
    hook: (c) => ({ op: "insert", after: (s, res) => s.keysOf(c.table, [(res as FormAnswer).row]) }),
    // A form's link answers changed the linked tables' rows too.
    events: (c, res: FormAnswer & { relatedTableIds?: string[] }, t, by) => [
      insertedRow(c, res.row, t, by),
      ...(res.relatedTableIds ?? []).map((id) => rows(t(id), by)),
    ],
  },
  sharedFormSubmit: {
    hook: (c) => ({ op: "insert", after: (s, res) => s.keysOf(c.table, [(res as FormAnswer).row]) }),
    events: (c, res: FormAnswer & { relatedTableIds: string[] }, t, by) => [
      insertedRow(c, res.row, t, by),
      ...res.relatedTableIds.map((id) => rows(t(id), by)),
    ],
  },
};

/**
 * The one write pipeline of the room (issue 34), the same for the project's own tables and an
 * external database: access is settled before a change gets here (room-gating.ts); then the
 * write in one transaction of its database with the table's webhooks around it (room-tables.ts),
 * then its files (kept, or scheduled for removal: room-files.ts), then its events to the tabs.
 * Counts cached before any write are no longer true.
 */
export class WritePipeline {
  constructor(
    private readonly counts: CountCache,
    private readonly files: RoomFiles,
  ) {}

  async write(tables: RoomTables, change: RowChange, actor: Actor, reader: Reader | null) {
    const step = STEPS[change.op] as Step<Op>;
    const sink: FileSink = [];
    this.counts.clear();
    let result = await tables.commit(change, actor, reader, step.hook?.(change, actor), sink);
    if (step.files === "keep") this.files.keeping(result, bodyOf(change));
    if (step.files === "remove") this.files.removing(result, sink);
    if (!result.ok) return result;
    tables.tell(step.events(change, result.data as never, (t) => tables.tableId(t), actor));
    if (change.op === "sharedFormSubmit") result = sharedAnswer(tables, change.table, result.data as FormAnswer);
    return result;
  }
}

/** What a shared form's visitor reads back: the record without viewer-hidden fields, and whom to tell. */
function sharedAnswer(tables: RoomTables, table: string, res: FormAnswer & { notify?: unknown }): RoomResult<unknown> {
  return { ok: true, data: { row: tables.visitorAnswer(table, res.row), notify: res.notify ?? null } };
}

const bodyOf = (c: RowChange): unknown => ("body" in c ? c.body : "bodies" in c ? c.bodies : undefined);
