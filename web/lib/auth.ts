/**
 * The app's session: one session store over the local settings, the token refresher and the
 * refresh ticker, wired to toasts and messages. Pure logic lives in session.ts, token-refresh.ts
 * and refresh-ticker.ts.
 */
import { i18n } from "./i18n";
import { startRefreshTicker } from "./refresh-ticker";
import { createSession } from "./session";
import { SETTINGS_KEY, settings } from "./settings";
import { notify } from "./toast";
import { createTokenRefresher, type RefreshResult } from "./token-refresh";

export const session = createSession(settings);

export const tokenRefresher = createTokenRefresher({
  fetch: (input, init) => fetch(input, init),
  session,
  onExpired: (serverMessage) => notify.error(serverMessage ?? i18n.t("msg.error.signedOut"), "session-expired"),
});

let restoring: Promise<RefreshResult> | null = null;

/**
 * API-CONTRACT 2 "GUI token flow": without a token the refresh cookie may still hold a session.
 * Tried at most once per page load, and never after a sign-out in this page.
 */
export function restoreSessionOnce(): Promise<RefreshResult> {
  if (session.snapshot().signOutReason !== null) return Promise.resolve({ token: null, message: null });
  restoring ??= tokenRefresher.tryRefresh();
  return restoring;
}

/** Starts the 100 ms refresh clock and follows sign-in/out in other tabs; returns a stop function. */
export function startSessionKeeping(): () => void {
  const stopTicker = startRefreshTicker({ getToken: session.getToken, refresh: tokenRefresher.refreshSession });
  const onStorage = (e: StorageEvent) => {
    if (e.key !== SETTINGS_KEY) return;
    settings.reload();
    session.reload();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    stopTicker();
    window.removeEventListener("storage", onStorage);
  };
}
