import type { Context } from "hono";
import type { Caller } from "../../db/views/kinds";
import type { AppEnv } from "../types";

/** The caller as view kinds see them (db/views/kinds.ts): who they are, and whether they build the project. */
export function callerOf(c: Context<AppEnv>): Caller {
  const flags = c.get("roles") ?? {};
  return { userId: c.get("user")?.id ?? null, builder: Boolean(flags.owner || flags.creator || flags.super) };
}
