/**
 * D1 read replicas through the Sessions API (Cloudflare D1 "Global read replication"): each
 * request runs its D1 queries in one session, so a visitor far from the primary reads a nearby
 * replica, and the session's bookmark travels back to the client, which returns it on its next
 * request so that it never reads older data than it has seen (its own writes included).
 * Rules:
 * - the bookmark comes from the `x-d1-bookmark` request header, else the `d1_bookmark` cookie
 *   (the web app carries it without code), and goes back in both;
 * - without one, GET and HEAD start `first-unconstrained` (any replica), writes `first-primary`;
 * - access decisions never read a replica (`primaryDb`): a revocation must hold on the next
 *   request, whichever replica the caller lands on.
 * Locally (Miniflare) there are no replicas: sessions and bookmarks work, every read is the primary.
 */
export const BOOKMARK_HEADER = "x-d1-bookmark";
const BOOKMARK_COOKIE = "d1_bookmark";
/** Bookmarks are opaque, short, printable tokens; anything else is ignored. */
const BOOKMARK = /^[A-Za-z0-9._:-]{1,200}$/;

function requestBookmark(request: Request): string | null {
  const header = request.headers.get(BOOKMARK_HEADER);
  if (header && BOOKMARK.test(header)) return header;
  const cookie = /(?:^|;\s*)d1_bookmark=([^;]+)/.exec(request.headers.get("cookie") ?? "")?.[1];
  return cookie && BOOKMARK.test(cookie) ? cookie : null;
}

/** The binding, with prepare and batch running in `session`. */
function inSession(db: D1Database, session: D1DatabaseSession): D1Database {
  return {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraint?: D1SessionConstraint | D1SessionBookmark) => db.withSession(constraint),
  } as unknown as D1Database;
}

/**
 * The request's D1: one session, started from the client's bookmark when it sent one. The session
 * opens on the first query: a data request answered by the project room alone (the one-hop path)
 * never touches D1 and pays nothing for it (measured: opening a session cost about a tenth of a
 * plain list request's Worker time). An unused session has no bookmark to hand back.
 */
export function sessionDb(db: D1Database, request: Request): { db: D1Database; bookmark: () => string | null } {
  if (typeof db.withSession !== "function") return { db, bookmark: () => null };
  let session: D1DatabaseSession | undefined;
  const open = () =>
    (session ??= db.withSession(
      requestBookmark(request) ??
        (request.method === "GET" || request.method === "HEAD" ? "first-unconstrained" : "first-primary"),
    ));
  const lazy = {
    prepare: (query: string) => open().prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => open().batch<T>(statements),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraint?: D1SessionConstraint | D1SessionBookmark) => db.withSession(constraint),
  } as unknown as D1Database;
  return { db: lazy, bookmark: () => session?.getBookmark() ?? null };
}

/** For access decisions: the primary, never a replica. */
export function primaryDb(db: D1Database): D1Database {
  return typeof db.withSession === "function" ? inSession(db, db.withSession("first-primary")) : db;
}

/** Hands the session's bookmark back to the client. */
export function withBookmark(request: Request, response: Response, bookmark: string | null): Response {
  if (!bookmark || !BOOKMARK.test(bookmark) || bookmark === requestBookmark(request) || response.status === 101)
    return response;
  const res = new Response(response.body, response);
  res.headers.set(BOOKMARK_HEADER, bookmark);
  res.headers.append("set-cookie", `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Secure`);
  return res;
}
