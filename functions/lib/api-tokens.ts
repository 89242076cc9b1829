import { sha256Hex } from "../../db/auth/bytes";
import type { SessionUser } from "../types";

/** The owner of an `xc-token` API token, or null for an unknown one. */
export async function userOfApiToken(db: D1Database, token: string): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return db
    .prepare(
      `SELECT u.id, u.email, u.firstname, u.lastname, u.roles, u.token_version
       FROM api_tokens t JOIN users u ON u.id = t.fk_user_id WHERE t.token_hash = ?`,
    )
    .bind(await sha256Hex(token))
    .first<SessionUser>();
}

/** 40 characters of [A-Za-z0-9_-] (contract 3.3), from 30 random bytes. */
export function newApiToken(): string {
  const bytes = new Uint8Array(30);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}
