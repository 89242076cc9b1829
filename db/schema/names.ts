/**
 * Table and column name rules (SPEC 5, API-CONTRACT 4.2/4.3) and the physical names derived from
 * titles. Physical names only ever reach SQL quoted, and are made from [a-z0-9_] anyway.
 */
import { bad } from "../errors";

export const NAME_MAX = 255;
const PHYSICAL_MAX = 60;
const FORBIDDEN_TABLE_CHARS = [".", "/", "\\"];
/**
 * Titles become keys of row objects and of maps keyed by title everywhere (API rows, formula
 * names, CSV headers); these would reach an object's prototype instead of a property.
 */
const RESERVED_TITLES = ["__proto__", "prototype", "constructor"];
// NUL, CR and LF break CSV export, HTTP headers and the SQL text of identifiers.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000\r\n]/;

/** Refuses reserved titles and control characters, naming the kind of title (`Table name`). */
function checkTitleChars(kind: string, title: string): void {
  if (RESERVED_TITLES.includes(title)) throw bad(`${kind} '${title}' is reserved; choose another name`);
  if (CONTROL_CHARS.test(title)) throw bad(`${kind} may not contain control characters (NUL, CR, LF)`);
}

/** Throws the first table title rule broken. */
export function checkTableTitle(title: unknown): string {
  if (typeof title !== "string" || title.trim() === "") throw bad("Table name is required");
  if (title !== title.trim()) throw bad("Leading or trailing whitespace not allowed in table names");
  const found = FORBIDDEN_TABLE_CHARS.filter((ch) => title.includes(ch));
  if (found.length) throw bad(`The following characters are not allowed: ${found.join(" ")}`);
  if (title.length > NAME_MAX) throw bad(`Table name exceeds ${NAME_MAX} characters`);
  checkTitleChars("Table name", title);
  return title;
}

export function checkColumnTitle(title: unknown): string {
  if (typeof title !== "string" || title.trim() === "") throw bad("Column name is required");
  if (title.length > NAME_MAX) throw bad(`Column name ${title.slice(0, 40)}… exceeds ${NAME_MAX} characters`);
  checkTitleChars("Column name", title);
  return title;
}

/** A physical name from a title: lower-case [a-z0-9_], never empty, never reserved, unique among `taken`. */
export function physicalName(title: string, taken: Iterable<string>, fallback: string): string {
  let base = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, PHYSICAL_MAX);
  if (!base || /^\d/.test(base)) base = `${fallback}${base ? `_${base}` : ""}`.slice(0, PHYSICAL_MAX);
  if (base.startsWith("sqlite_") || base.startsWith("_nc_")) base = `t_${base}`;
  const used = new Set([...taken].map((t) => t.toLowerCase()));
  let name = base;
  for (let n = 1; used.has(name); n++) name = `${base.slice(0, PHYSICAL_MAX - 4)}_${n}`;
  return name;
}

/** Quotes an identifier for SQLite and PostgreSQL. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
