import { Hono } from "hono";
import { notFound } from "../lib/http-error";
import { need } from "../middleware/acl";
import type { AppEnv } from "../types";

/**
 * Local mode only: the mail the outbox mailer kept, newest first, so a developer (and the
 * end-to-end tests) can follow reset links without a mail server. Anywhere else it does not exist.
 */
export const devOutbox = new Hono<AppEnv>().get("/api/v1/dev/outbox", need("public"), async (c) => {
  if (c.env.MODE !== "local") throw notFound();
  const to = c.req.query("to")?.trim().toLowerCase();
  const sql = `SELECT id, to_email, subject, body, link, created_at FROM outbox
    ${to ? "WHERE to_email = ?" : ""} ORDER BY id DESC LIMIT 100`;
  const stmt = c.env.META.prepare(sql);
  const { results } = await (to ? stmt.bind(to) : stmt).all();
  return c.json({ list: results });
});
