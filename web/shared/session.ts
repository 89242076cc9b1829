import { SETTINGS_KEY } from "../lib/settings";

/**
 * What the app left in this browser (web/lib/settings.ts, one storage key): its language choice
 * and, when someone is signed in, the session token a members-only or signed-in-only form sends.
 */
function stored(): { lang?: unknown; token?: unknown } {
  try {
    const record = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "null") as {
      settings?: { lang?: unknown; token?: unknown };
    } | null;
    return record?.settings ?? {};
  } catch {
    return {};
  }
}

export const storedLanguage = (): string | null =>
  typeof stored().lang === "string" ? (stored().lang as string) : null;
export const storedToken = (): string | null =>
  typeof stored().token === "string" && stored().token ? (stored().token as string) : null;

/** The app's sign-in page, coming back to this page afterwards. */
export const signInUrl = () => `/signin?redirect=${encodeURIComponent(location.pathname + location.search)}`;
