/**
 * Navigation targets we accept (SPEC 8: "Navigating to an external URL or a script-protocol URL is
 * refused"). Every redirect taken from a URL parameter or a server answer goes through here.
 *
 * Rules:
 * - the text is parsed as a URL against the current origin, the way the browser would (it drops
 *   tabs and line breaks and treats "\" as "/"), so "java\tscript:" and "/\\evil.com" are caught;
 * - only http(s) URLs of the current origin pass; javascript:, data:, vbscript:, blob:, file: and
 *   any other scheme, protocol-relative "//host" and absolute URLs of other origins are refused;
 * - what passes is returned as an in-app path: pathname + search + hash.
 */

const SCRIPT_SCHEME = /^\s*(javascript|data|vbscript|blob|file|about)\s*:/i;

/** True when the text names a script-capable or local scheme (checked before and after parsing). */
export function isScriptUrl(target: string): boolean {
  // eslint-disable-next-line no-control-regex
  const squeezed = target.replace(/[\u0000-\u001F\u007F]/g, "");
  if (SCRIPT_SCHEME.test(squeezed)) return true;
  try {
    const { protocol } = new URL(squeezed);
    return /^(javascript|data|vbscript|blob|file|about):$/i.test(protocol);
  } catch {
    return false;
  }
}

/** The in-app path for a safe target, or null when the target must be refused. */
export function safeInternalPath(target: string | null | undefined, currentOrigin: string): string | null {
  if (typeof target !== "string") return null;
  const text = target.trim();
  if (!text || isScriptUrl(text)) return null;
  let url: URL;
  try {
    url = new URL(text, currentOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.origin !== new URL(currentOrigin).origin) return null;
  if (url.username || url.password) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** True when `target` may be navigated to from a page on `currentOrigin`. */
export function isSafeNavigationTarget(target: string | null | undefined, currentOrigin: string): boolean {
  return safeInternalPath(target, currentOrigin) !== null;
}
