import type { Connection } from "partyserver";
import { can, type Action } from "../db/acl/matrix";
import type { SocketIdentity } from "./identity";

/**
 * Who is in the project and where (SPEC 4 real-time socket; presence avatars). Each connection's
 * state survives hibernation (partyserver keeps it in the socket attachment). Rules:
 * - a user with several tabs is one avatar; their latest page and edited cell win;
 * - colours are stable per user (hash of the id), so everyone sees the same colour for a person;
 * - events are sent only to connections whose roles may see them (the matrix action of the event);
 * - members' e-mails only to those who may list the members (issue 32).
 */
export interface PresenceState extends SocketIdentity {
  color: string;
  path: string | null;
  /** The table title in the path `/{type}/{projectId}/table/{title}`, when on a table. */
  table: string | null;
  /** The cell being edited: table id, row id and column title. */
  editing: { tableId: string; rowId: string; column: string } | null;
  at: number;
}

const COLORS = [
  "#e11d48",
  "#2563eb",
  "#16a34a",
  "#d97706",
  "#7c3aed",
  "#0891b2",
  "#db2777",
  "#65a30d",
  "#ea580c",
  "#4f46e5",
];

export function colorOf(userId: string): string {
  let h = 0;
  for (const ch of userId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return COLORS[h % COLORS.length]!;
}

export function tableOfPath(path: string | null): string | null {
  const m = path?.match(/^\/[^/]+\/[^/]+\/table\/([^/?#]+)/);
  return m ? decodeURIComponent(m[1]!) : null;
}

/** One entry per user: the most recently active of their connections. */
export function presenceList(conns: Iterable<Connection<PresenceState>>) {
  const byUser = new Map<string, PresenceState>();
  for (const c of conns) {
    const s = c.state;
    if (!s) continue;
    const known = byUser.get(s.userId);
    if (!known || s.at > known.at) byUser.set(s.userId, s);
  }
  return [...byUser.values()].map(({ userId, name, email, color, path, table, editing }) => ({
    userId,
    name,
    email,
    color,
    path,
    table,
    editing,
  }));
}

/** A copy without e-mail addresses: shared-base visitors are anonymous and see members' names only. */
function withoutEmails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmails);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== "email")
      .map(([k, v]) => [k, withoutEmails(v)]),
  );
}

export const isVisitor = (s: PresenceState) => s.userId.startsWith("visitor:");

/** Members' e-mails go to those who may list the members (contract 8: owners and creators). */
const mayListMembers = (s: PresenceState) => !isVisitor(s) && can(s.roles, "projectUserList");

/** Sends each connection whose roles allow `action` (optionally not one) the text `textFor` gives its reader. */
function sendEach(
  conns: Iterable<Connection<PresenceState>>,
  action: Action,
  textFor: (s: PresenceState) => string,
  except?: string,
) {
  for (const c of conns) {
    if (c.id === except || !c.state || !can(c.state.roles, action)) continue;
    try {
      c.send(textFor(c.state));
    } catch {
      /* a closing socket; its close handler updates presence */
    }
  }
}

/**
 * Sends a JSON event to every connection whose roles allow `action` (optionally not to one);
 * visitors get it without e-mail addresses.
 */
export function sendTo(conns: Iterable<Connection<PresenceState>>, event: unknown, action: Action, except?: string) {
  let member: string | undefined;
  let visitor: string | undefined;
  sendEach(
    conns,
    action,
    (s) => (isVisitor(s) ? (visitor ??= JSON.stringify(withoutEmails(event))) : (member ??= JSON.stringify(event))),
    except,
  );
}

/**
 * The presence list to every connection that may read data: with e-mails to those who may list
 * the members, names only (the web draws initials and colours from them) to everyone else.
 */
export function sendPresence(conns: Iterable<Connection<PresenceState>>) {
  const all = [...conns];
  const users = presenceList(all);
  let full: string | undefined;
  let named: string | undefined;
  sendEach(all, "dataList", (s) =>
    mayListMembers(s)
      ? (full ??= JSON.stringify({ type: "presence", users }))
      : (named ??= JSON.stringify({ type: "presence", users: users.map(({ email: _, ...u }) => u) })),
  );
}
