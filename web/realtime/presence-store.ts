/**
 * Who is in the project, as the room last said (SPEC 4 real-time socket), for the avatars and
 * the cell outlines. One project is open at a time, so one store; it empties when the project's
 * connection stops. Selectors are pure for tests.
 */
import type { Status } from "./connection";
import type { Me, PresenceUser } from "./protocol";

export interface PresenceState {
  status: Status;
  me: Me | null;
  users: readonly PresenceUser[];
}

const EMPTY: PresenceState = { status: "closed", me: null, users: [] };

export function createPresenceStore() {
  let state = EMPTY;
  const listeners = new Set<() => void>();
  const set = (next: Partial<PresenceState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };
  return {
    get: () => state,
    setStatus: (status: Status) => state.status !== status && set({ status }),
    setMe: (me: Me) => set({ me }),
    setUsers: (users: readonly PresenceUser[]) => set({ users }),
    reset: () => set(EMPTY),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const presence = createPresenceStore();

/** One or two capitals: "Ana Lima" -> "AL", "ana.lima" -> "AL", "ana" -> "A". */
export function initials(name: string): string {
  const words = name.split(/[\s._@-]+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join("") || "?"
  );
}

/** The others on a table (by the title in their path), in the room's order. */
export function othersOnTable(users: readonly PresenceUser[], title: string, me: Me | null): PresenceUser[] {
  return users.filter((u) => u.table === title && u.userId !== me?.userId);
}

export interface RemoteCell {
  userId: string;
  name: string;
  color: string;
  rowId: string;
  column: string;
}

/** Cells of a table that other users are editing. */
export function remoteCells(users: readonly PresenceUser[], tableId: string, me: Me | null): RemoteCell[] {
  return users
    .filter((u) => u.editing?.tableId === tableId && u.userId !== me?.userId)
    .map((u) => ({
      userId: u.userId,
      name: u.name,
      color: u.color,
      rowId: u.editing!.rowId,
      column: u.editing!.column,
    }));
}

/** A user's display name from the room, else the actor's e-mail, else null. */
export function nameOf(users: readonly PresenceUser[], by: { id: string; email?: string }): string | null {
  return users.find((u) => u.userId === by.id)?.name || by.email || null;
}
