/**
 * Proactive refresh (SPEC 4, 9): a 100 ms clock; while signed in with fewer than 5 minutes left,
 * refresh once per token. The refresh itself is single-flight and handles its own failure.
 */
import { tokenTimeLeft } from "./jwt";

export const REFRESH_TICK_MS = 100;
export const REFRESH_THRESHOLD_MS = 5 * 60 * 1000;

/** Signed in (future expiry) and fewer than 5 minutes left. */
export function needsRefresh(token: string | null, nowMs: number): boolean {
  const left = tokenTimeLeft(token, nowMs);
  return left !== null && left > 0 && left < REFRESH_THRESHOLD_MS;
}

export interface RefreshTickerDeps {
  getToken(): string | null;
  refresh(): Promise<unknown>;
  now?: () => number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/** Starts the clock; returns the function that stops it. */
export function startRefreshTicker(deps: RefreshTickerDeps): () => void {
  const now = deps.now ?? Date.now;
  const set = deps.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const clear = deps.clearInterval ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>));
  let attemptedFor: string | null = null;
  const handle = set(() => {
    const token = deps.getToken();
    if (!token || token === attemptedFor || !needsRefresh(token, now())) return;
    attemptedFor = token;
    void deps.refresh();
  }, REFRESH_TICK_MS);
  return () => clear(handle);
}
