/**
 * The app's realtime client: one partysocket connection for the open project, bound to the
 * session, the query cache, the open grids, the presence store and toasts. The logic lives in
 * connection.ts, apply-event.ts, conflicts.ts and presence-store.ts; this file only wires them.
 */
import { PartySocket } from "partysocket";
import { session } from "../lib/auth";
import { i18n } from "../lib/i18n";
import { queryClient } from "../lib/query-client";
import { notify } from "../lib/toast";
import { applyDataEvent, type GridBinding } from "./apply-event";
import { ConflictTracker, type EditingHere } from "./conflicts";
import { createConnection, type Connection } from "./connection";
import { nameOf, presence } from "./presence-store";
import type { Row, ServerMessage } from "./protocol";
import { installJitter, socketOptions } from "./reconnect-policy";

const grids = new Map<string, Set<GridBinding>>();
const conflicts = new ConflictTracker();
let current: Connection | null = null;

function onMessage(message: ServerMessage, projectId: string) {
  if (message.type === "hello") return presence.setMe(message.you);
  if (message.type === "presence") return presence.setUsers(message.users);
  applyDataEvent(message, { projectId, queryClient, grids: (tableId) => [...(grids.get(tableId) ?? [])] });
  if (message.type !== "row" || message.op !== "update") return;
  const { me, users } = presence.get();
  for (const c of conflicts.check(message, me?.userId ?? null, Date.now())) {
    const name = nameOf(users, message.by) ?? i18n.t("realtime.someone");
    const text = c.editing
      ? i18n.t("realtime.conflict.editing", { name, column: c.column })
      : i18n.t("realtime.conflict.saved", { name, column: c.column });
    notify.info(text, `conflict:${c.tableId}:${c.rowId}:${c.column}`);
  }
}

/** Connects to the project's room while the project is open; returns the stop function. */
export function startRealtime(projectId: string, sharedId: string | null, previewAs: string | null): () => void {
  const connection = createConnection({
    projectId,
    sharedId,
    getToken: () => session.getToken(),
    getPreview: () => previewAs,
    subscribeSession: session.subscribe,
    createSocket(query, protocols) {
      const socket = new PartySocket({
        host: window.location.host,
        protocol: window.location.protocol === "https:" ? "wss" : "ws",
        party: "project",
        room: projectId,
        query,
        protocols,
        ...socketOptions(),
      });
      installJitter(socket);
      return socket;
    },
    onMessage: (m) => onMessage(m, projectId),
    onStatus: presence.setStatus,
  });
  current = connection;
  connection.start();
  return () => {
    connection.stop();
    if (current === connection) current = null;
    conflicts.setEditing(null);
    presence.reset();
  };
}

/** SPEC 7 `page`: the path the user is on now. */
export function setPage(path: string): void {
  current?.setPage(path);
}

/** SPEC 7 `event`: a usage event, with the current path and project. */
export function track(event: string, data?: unknown, extra?: unknown): void {
  current?.track(event, data, extra);
}

/** The grid cell this tab edits (others see it outlined), or null. */
export function setEditing(cell: EditingHere | null): void {
  conflicts.setEditing(cell);
  current?.setEditing(cell ? { tableId: cell.tableId, rowId: cell.rowId, column: cell.column } : null);
}

/** Cells this tab saved (the server accepted them): rows of `{[keyTitle]: key, column: value}`. */
export function noteSaved(tableId: string, keyTitle: string, rows: readonly Row[]): void {
  conflicts.noteSaved(tableId, keyTitle, rows, Date.now());
}

/** An open grid receives the table's row events until the returned function is called. */
export function registerGrid(binding: GridBinding): () => void {
  const set = grids.get(binding.tableId) ?? new Set();
  set.add(binding);
  grids.set(binding.tableId, set);
  return () => {
    set.delete(binding);
    if (set.size === 0 && grids.get(binding.tableId) === set) grids.delete(binding.tableId);
  };
}
