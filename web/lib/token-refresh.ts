/**
 * Token refresh (SPEC 4): POST /auth/token/refresh with the HttpOnly refresh cookie. Single-flight,
 * so a burst of 401s or the ticker and a 401 at once cause one call. On success the new token is
 * signed in; `refreshSession` also ends the session on failure (SPEC 4 "signed out" path).
 */
import { messageFromBody } from "./api-errors";
import type { Session } from "./session";
import { singleFlight } from "./single-flight";

export const REFRESH_PATH = "/auth/token/refresh";

export type RefreshResult = { token: string } | { token: null; message: string | null };

export interface TokenRefresherDeps {
  fetch: typeof fetch;
  baseUrl?: string;
  session: Session;
  /** Called once per failed `refreshSession`, after the session was signed out. */
  onExpired(serverMessage: string | null): void;
}

export interface TokenRefresher {
  /** One attempt, signing in on success; failure changes nothing (used to restore a session quietly). */
  tryRefresh(): Promise<RefreshResult>;
  /** One attempt; on failure signs out and reports. Resolves to the new token or null. */
  refreshSession(): Promise<string | null>;
}

export function createTokenRefresher(deps: TokenRefresherDeps): TokenRefresher {
  const attempt = singleFlight(async (): Promise<RefreshResult> => {
    try {
      const res = await deps.fetch(`${deps.baseUrl ?? ""}${REFRESH_PATH}`, {
        method: "POST",
        credentials: "include",
        headers: { "xc-gui": "true" },
      });
      const text = await res.text();
      let body: unknown = undefined;
      try {
        body = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        body = text;
      }
      const token = res.ok && body && typeof body === "object" ? (body as { token?: unknown }).token : undefined;
      if (typeof token === "string" && deps.session.signIn(token)) return { token };
      return { token: null, message: res.ok ? null : messageFromBody(body) };
    } catch {
      return { token: null, message: null };
    }
  });

  const refreshSession = singleFlight(async (): Promise<string | null> => {
    const result = await attempt();
    if (result.token !== null) return result.token;
    deps.session.signOut("expired");
    deps.onExpired(result.message);
    return null;
  });

  return { tryRefresh: attempt, refreshSession };
}
