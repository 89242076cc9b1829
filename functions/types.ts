import type { Env } from "./env";

export interface SessionUser {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  /** Org roles as stored: a comma list. */
  roles: string;
  token_version: string;
}

/** Hono generics shared by every sub-app. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** Resolved lazily by session.ts; undefined until asked, null when anonymous. */
    user: SessionUser | null | undefined;
  };
}
