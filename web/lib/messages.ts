/**
 * Server messages the web knows, shown in the reader's language (SPEC 8). The server speaks
 * English; a message whose text is the English of a key under `msg` or `server` in en.json (with
 * any {{values}} in it) is shown as that key in the current language. Other messages (a row's
 * validation text naming a column, a driver's error) are shown as the server sent them.
 * The English side is read from the loaded en messages, so en.json is not bundled twice.
 */
type Messages = Record<string, unknown>;
type Translate = (key: string, values: Record<string, string>) => string;

interface Pattern {
  key: string;
  names: string[];
  re: RegExp;
}

const GROUPS = ["msg", "server"];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function patternsOf(en: Messages): Pattern[] {
  const out: Pattern[] = [];
  const walk = (node: unknown, path: string) => {
    if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
    else if (typeof node === "string") {
      const names: string[] = [];
      const parts = node.split(/\{\{\s*([^}]+?)\s*\}\}/);
      const source = parts.map((p, i) => (i % 2 ? (names.push(p), "(.+?)") : escape(p))).join("");
      out.push({ key: path.slice(1), names, re: new RegExp(`^${source}$`, "i") });
    }
  };
  for (const g of GROUPS) walk(en[g], `.${g}`);
  return out;
}

let cache: { en: Messages; patterns: Pattern[] } | null = null;

/** The key (and values) of a known English message, or null. */
export function knownMessage(text: string, en: Messages): { key: string; values: Record<string, string> } | null {
  if (cache?.en !== en) cache = { en, patterns: patternsOf(en) };
  const clean = text.trim();
  for (const p of cache.patterns) {
    const m = p.re.exec(clean);
    if (m) return { key: p.key, values: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]!])) };
  }
  return null;
}

/** The message in the reader's language when it is a known one, else as it came. */
export function localMessage(text: string, en: Messages | undefined, t: Translate): string {
  const known = en ? knownMessage(text, en) : null;
  return known ? t(known.key, known.values) : text;
}
