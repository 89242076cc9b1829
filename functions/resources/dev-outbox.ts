import { Hono, type MiddlewareHandler } from "hono";
import { notFound } from "../lib/http-error";
import { need } from "../middleware/acl";
import type { AppEnv } from "../types";

/**
 * Local mode only: the mail the outbox mailer kept, newest first, so a developer (and the
 * end-to-end tests) can follow reset links without a mail server. Anywhere else it does not exist.
 * The links in it reset passwords, so even locally only the super admin (a session) reads it.
 */
const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.env.MODE !== "local") throw notFound();
  return next();
};

export const devOutbox = new Hono<AppEnv>().get("/api/v1/dev/outbox", localOnly, need("devOutbox"), async (c) => {
  const to = c.req.query("to")?.trim().toLowerCase();
  const sql = `SELECT id, to_email, subject, body, link, created_at FROM outbox
    ${to ? "WHERE to_email = ?" : ""} ORDER BY id DESC LIMIT 100`;
  const stmt = c.env.META.prepare(sql);
  const { results } = await (to ? stmt.bind(to) : stmt).all();
  return c.json({ list: results });
});
