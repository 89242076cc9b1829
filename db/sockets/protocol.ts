/**
 * The project room's socket messages, one definition for both ends (issue 12 item 6): the room
 * (realtime/room-socket.ts) sends server messages and reads client ones; the web
 * (web/realtime/protocol.ts) does the opposite. Both read with these zod schemas. Rules:
 * - a message that does not fit is ignored (null), never half-applied; pong, non-JSON and frames
 *   over 64,000 characters are none;
 * - lenient where the web only shows things: a presence list drops users it cannot read, a row id
 *   may come as a number (read as text), a name or colour left out gets a default;
 * - client text is cut to size (paths 500, event names 100 characters).
 */
import { z } from "zod";

export type Row = Record<string, unknown>;

const MAX_FRAME = 64_000;

/**
 * Close codes with which the room refuses a socket (realtime/socket-access.ts): its session ended
 * (sign-out, password change) or its access was revoked. The web does not connect again with the
 * same session: the upgrade would be refused, over and over.
 */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_ACCESS_REVOKED = 4003;
export const isRefusal = (code: number) => code === CLOSE_SESSION_ENDED || code === CLOSE_ACCESS_REVOKED;
const ROW = z.record(z.string(), z.unknown());
const ID_TEXT = z.union([z.string(), z.number()]).transform(String);
const cut = (max: number) => z.string().transform((s) => s.slice(0, max));

/** Who made a change; visitors see no e-mail addresses. */
const actor = z
  .object({ id: z.string(), email: z.string().optional().catch(undefined) })
  .transform((a): { id: string; email?: string } => (a.email === undefined ? { id: a.id } : a));
export type Actor = z.output<typeof actor>;

/** A cell being edited: table id, row key (as text) and column title. */
const editingCell = z.object({
  tableId: cut(500),
  rowId: ID_TEXT.nullish().transform((v) => v ?? ""),
  column: cut(500),
});
export type EditingCell = z.output<typeof editingCell>;

const presenceUser = z
  .object({
    userId: z.string(),
    name: z.string().catch(""),
    email: z.string().optional().catch(undefined),
    color: z.string(),
    path: z.string().nullable().catch(null),
    /** The table title when the user is on a table route. */
    table: z.string().nullable().catch(null),
    editing: editingCell.nullable().catch(null),
  })
  .transform(({ email, ...u }): typeof u & { email?: string } => (email === undefined ? u : { ...u, email }));
export type PresenceUser = z.output<typeof presenceUser>;

const me = z.object({ userId: z.string(), name: z.string().catch(""), color: z.string().catch("#6b7280") });
export type Me = z.output<typeof me>;

const rowEvent = z.union([
  z
    .object({
      type: z.literal("row"),
      op: z.enum(["insert", "update"]),
      tableId: z.string(),
      row: ROW,
      changed: z.array(z.unknown()).optional(),
      by: actor,
    })
    .transform(({ changed, ...e }): typeof e & { changed?: string[] } =>
      changed ? { ...e, changed: changed.filter((c): c is string => typeof c === "string") } : e,
    ),
  z.object({ type: z.literal("row"), op: z.literal("delete"), tableId: z.string(), rowId: ID_TEXT, by: actor }),
]);
export type RowEvent = z.output<typeof rowEvent>;

const dataEvent = z.union([
  rowEvent,
  z.object({ type: z.literal("rows"), tableId: z.string(), by: actor }),
  z.object({ type: z.literal("comment"), tableId: z.string(), rowId: ID_TEXT, by: actor }),
  z.object({ type: z.literal("schema") }),
  /** An automation's runs changed (queued, advanced, finished): builders' run lists refetch. */
  z.object({ type: z.literal("automationRuns"), automationId: z.string() }),
]);
export type DataEvent = z.output<typeof dataEvent>;

const serverMessage = z.union([
  z.object({ type: z.literal("hello"), you: me }),
  z.object({
    type: z.literal("presence"),
    users: z.array(z.unknown()).transform((list) =>
      list.flatMap((u) => {
        const read = presenceUser.safeParse(u);
        return read.success ? [read.data] : [];
      }),
    ),
  }),
  dataEvent,
]);
export type ServerMessage = z.output<typeof serverMessage>;

const clientMessage = z.union([
  z.object({ type: z.literal("page"), path: cut(500).nullable().catch(null), pid: z.string().catch("") }),
  z.object({ type: z.literal("editing"), cell: editingCell.nullable().catch(null) }),
  z.object({
    type: z.literal("event"),
    event: cut(100).nullable().catch(null),
    data: z.unknown().optional(),
    extra: z.unknown().optional(),
    path: cut(500).nullable().catch(null),
    pid: z.string().catch(""),
  }),
]);
export type ClientMessage = z.output<typeof clientMessage>;

function frame<T>(schema: z.ZodType<T>, data: unknown): T | null {
  if (typeof data !== "string" || !data.startsWith("{") || data.length > MAX_FRAME) return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const read = schema.safeParse(value);
  return read.success ? read.data : null;
}

/** A server message from a socket frame; null for `pong`, non-JSON and unknown shapes. */
export const parseServerMessage = (data: unknown): ServerMessage | null => frame(serverMessage, data);

/** A client message from a socket frame; null for `ping`, non-JSON, oversize and unknown shapes. */
export const parseClientMessage = (data: unknown): ClientMessage | null => frame(clientMessage, data);
