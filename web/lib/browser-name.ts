/**
 * A short name for a browser from its User-Agent, for the list of signed-in devices. Rules, in
 * order (the first that matches wins, because Chromium-based browsers also say "Chrome" and
 * "Safari"): Edge (Edg/), Opera (OPR/), Firefox, Chrome or Chromium, Safari; then the system:
 * Android, iPhone/iPad (iOS), Windows, macOS, Linux. Anything else: null (shown as unknown).
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrom(e|ium)\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux|X11/, "Linux"],
];

const first = (rules: Array<[RegExp, string]>, ua: string) => rules.find(([re]) => re.test(ua))?.[1] ?? null;

export function browserName(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system;
}
