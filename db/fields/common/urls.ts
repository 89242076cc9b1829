/**
 * Link checks for URL cells and attachment URLs. Rules:
 * - Script-capable and local schemes (javascript:, data:, vbscript:, file:) are refused, also when
 *   hidden behind whitespace or control characters, which browsers drop before reading a scheme.
 * - Accepted: http(s)://host..., ftp(s)://host..., mailto:..., and bare hosts such as
 *   example.com/x, www.example.com, localhost:3000 or 10.0.0.1/x (no scheme: the web adds https).
 * - No whitespace inside a URL.
 */

const SCRIPT_SCHEME = /^(?:javascript|data|vbscript|file):/i;
const WITH_SCHEME =
  /^(?:https?|ftps?):\/\/(?:[^\s/?#@]+@)?(?:\[[0-9a-f:.]+\]|[^\s/?#@:[\]]+)(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const MAILTO = /^mailto:\S+$/i;
const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?";
const BARE_HOST = new RegExp(
  `^(?:localhost|(?:${LABEL}\\.)+\\p{L}{2,}|\\d{1,3}(?:\\.\\d{1,3}){3})(?::\\d{1,5})?(?:[/?#]\\S*)?$`,
  "iu",
);

/** True when the text would run script or read local files if used as a link. */
export function isScriptUrl(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return SCRIPT_SCHEME.test(text.replace(/[\u0000-\u0020\u007f-\u009f]/g, ""));
}

/** "unsafe", "invalid", or null for an acceptable URL cell value. */
export function urlProblem(text: string): "unsafe" | "invalid" | null {
  if (isScriptUrl(text)) return "unsafe";
  if (WITH_SCHEME.test(text) || MAILTO.test(text) || BARE_HOST.test(text)) return null;
  return "invalid";
}

/** An absolute http(s) URL, as attachments need. */
export function isHttpUrl(text: string): boolean {
  return !isScriptUrl(text) && /^https?:\/\//i.test(text) && WITH_SCHEME.test(text);
}
