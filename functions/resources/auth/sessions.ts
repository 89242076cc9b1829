import { Hono, type Context } from "hono";
import { forgetUserAccess } from "../../lib/access-push";
import { notFound, unauthorized } from "../../lib/http-error";
import { sessionUserOnly } from "../../lib/session";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { clearRefreshCookie, familyOfToken, readRefreshCookie, revokeFamilies } from "./refresh-tokens";
import { sessionTokenFor } from "./start-session";
import { rotateTokenVersion } from "./users";

interface SessionRow {
  family_id: string;
  created_at: number;
  last_seen_at: number;
  address: string | null;
  user_agent: string | null;
}

/** Open sessions: families with a token neither revoked, rotated nor expired; closed ones leave the table. */
async function openSessions(db: D1Database, userId: string): Promise<SessionRow[]> {
  const now = Date.now();
  const open = `EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = s.family_id AND r.revoked_at IS NULL
    AND r.rotated_at IS NULL AND r.expires_at > ?2)`;
  const [, rows] = await db.batch<SessionRow>([
    db.prepare(`DELETE FROM sign_in_sessions AS s WHERE s.user_id = ?1 AND NOT ${open}`).bind(userId, now),
    db
      .prepare(`SELECT * FROM sign_in_sessions AS s WHERE s.user_id = ?1 AND ${open} ORDER BY s.last_seen_at DESC`)
      .bind(userId, now),
  ]);
  return rows!.results;
}

/**
 * Signing other devices out: their refresh families end, and the user's token_version turns so no
 * JWT of theirs works either (a JWT cannot be recalled one by one); the asking tab gets a new JWT
 * and keeps its own family, so it stays signed in.
 */
async function endOthers(c: Context<AppEnv>, userId: string): Promise<string> {
  const updated = await rotateTokenVersion(c.env.META, userId);
  if (!updated) throw unauthorized();
  await forgetUserAccess(c.env, userId);
  return sessionTokenFor(c, updated);
}

/** The signed-in devices of the caller (issue 41): list, sign one out, sign all others out. */
export const sessions = new Hono<AppEnv>()
  .get("/sessions", need("signedIn"), async (c) => {
    const user = await sessionUserOnly(c);
    const current = await familyOfToken(c.env.META, readRefreshCookie(c), user.id);
    const list = (await openSessions(c.env.META, user.id)).map((s) => ({
      id: s.family_id,
      created_at: new Date(s.created_at).toISOString(),
      last_seen_at: new Date(s.last_seen_at).toISOString(),
      address: s.address,
      user_agent: s.user_agent,
      current: s.family_id === current,
    }));
    return c.json({ list });
  })

  .delete("/sessions/:sessionId", need("signedIn"), async (c) => {
    const user = await sessionUserOnly(c);
    const family = c.req.param("sessionId").slice(0, 64);
    if (!(await revokeFamilies(c.env.META, user.id, { only: family }))) throw notFound("Session not found");
    const current = await familyOfToken(c.env.META, readRefreshCookie(c), user.id);
    if (family === current) {
      clearRefreshCookie(c);
      await endOthers(c, user.id);
      return c.json({ msg: "Signed out successfully" });
    }
    return c.json({ msg: "The session has been signed out", token: await endOthers(c, user.id) });
  })

  .post("/sessions/signout-others", need("signedIn"), async (c) => {
    const user = await sessionUserOnly(c);
    const current = await familyOfToken(c.env.META, readRefreshCookie(c), user.id);
    const ended = await revokeFamilies(c.env.META, user.id, { keep: current });
    return c.json({ msg: "Other sessions have been signed out", ended, token: await endOthers(c, user.id) });
  });
