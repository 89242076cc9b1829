/**
 * Editing help for formula text, read at the cursor. Rules (the lexer's, db/formula/lexer.ts):
 * - Text inside quotes ('..' or "..", `\` escapes) and inside `{..}` references is never code.
 * - The call under the cursor is the innermost open `NAME(` before it; its argument is the number
 *   of top-level commas since that parenthesis. Plain `(` groups count as calls without a name.
 * - A reference is being typed when the cursor is after a `{` whose `}` is not before the cursor;
 *   completing it writes `{Title}` and swallows the rest of the old reference up to its `}`.
 * - Inserting a function writes `NAME()` with the cursor between the parentheses, replacing a
 *   partly typed name of it just before the cursor.
 */
import { formulaTypeOf, type FormulaFunctionInfo } from "../../../db/formula";
import { isVirtual } from "../../../db/fields/registry";

export interface CallAtCursor {
  name: string;
  argIndex: number;
}

export interface RefAtCursor {
  /** Where the `{` is. */
  start: number;
  query: string;
}

export interface Edit {
  text: string;
  cursor: number;
}

const WORD = /[\p{L}\p{N}_$]/u;

interface Scan {
  calls: Array<{ name: string | null; argIndex: number }>;
  ref: RefAtCursor | null;
}

function wordBefore(text: string, end: number): { word: string; start: number } {
  let i = end;
  while (i > 0 && /\s/.test(text[i - 1]!)) i--;
  const stop = i;
  while (i > 0 && WORD.test(text[i - 1]!)) i--;
  return { word: text.slice(i, stop), start: i };
}

function scan(text: string, cursor: number): Scan {
  const calls: Scan["calls"] = [];
  let i = 0;
  while (i < cursor) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== ch) j += text[j] === "\\" ? 2 : 1;
      if (j >= cursor) return { calls, ref: null };
      i = j + 1;
      continue;
    }
    if (ch === "{") {
      const close = text.indexOf("}", i + 1);
      if (close < 0 || close >= cursor) {
        const query = text.slice(i + 1, cursor);
        return { calls, ref: query.startsWith("{") ? null : { start: i, query } };
      }
      i = text[i + 1] === "{" && text[close + 1] === "}" ? close + 2 : close + 1;
      continue;
    }
    if (ch === "(") {
      const { word } = wordBefore(text, i);
      calls.push({ name: word && !/^\d/.test(word) ? word.toUpperCase() : null, argIndex: 0 });
    } else if (ch === ",") {
      const top = calls[calls.length - 1];
      if (top) top.argIndex += 1;
    } else if (ch === ")") {
      calls.pop();
    }
    i += 1;
  }
  return { calls, ref: null };
}

/** The function call the cursor is in, and which of its arguments. */
export function callAt(text: string, cursor: number): CallAtCursor | null {
  const { calls, ref } = scan(text, cursor);
  if (ref) return null;
  for (let k = calls.length - 1; k >= 0; k--) {
    const c = calls[k]!;
    if (c.name) return { name: c.name, argIndex: c.argIndex };
  }
  return null;
}

/** The field reference being typed at the cursor, if any. */
export function refAt(text: string, cursor: number): RefAtCursor | null {
  return scan(text, cursor).ref;
}

/** Completes the reference at the cursor with a field title. */
export function completeRef(text: string, ref: RefAtCursor, cursor: number, title: string): Edit {
  const rest = /^[^{}]*\}/.exec(text.slice(cursor));
  const after = text.slice(cursor + (rest ? rest[0].length : 0));
  const inserted = `{${title}}`;
  return { text: text.slice(0, ref.start) + inserted + after, cursor: ref.start + inserted.length };
}

/** Writes `NAME()` over the selection, the cursor between the parentheses. */
export function insertCall(text: string, selStart: number, selEnd: number, name: string): Edit {
  let start = selStart;
  const { word, start: wordStart } = wordBefore(text, selStart);
  if (word && wordStart + word.length === selStart && name.toUpperCase().startsWith(word.toUpperCase()))
    start = wordStart;
  const call = `${name}(`;
  return { text: `${text.slice(0, start)}${call})${text.slice(selEnd)}`, cursor: start + call.length };
}

/** Titles of fields a formula may use that match what is typed, best matches first. */
export function suggestFields(
  columns: ReadonlyArray<{ title: string; uidt: string }>,
  query: string,
  limit = 8,
): string[] {
  const q = query.trim().toLowerCase();
  const usable = columns.filter(
    (c) => c.uidt !== "ForeignKey" && (isVirtual(c.uidt) || formulaTypeOf(c.uidt as never) !== undefined),
  );
  const hits = usable.filter((c) => c.title.toLowerCase().includes(q));
  const rank = (t: string) => (t.toLowerCase().startsWith(q) ? 0 : 1);
  return hits
    .sort((a, b) => rank(a.title) - rank(b.title))
    .slice(0, limit)
    .map((c) => c.title);
}

export const CATEGORIES = ["numeric", "string", "date", "logical"] as const;
export type FunctionCategory = (typeof CATEGORIES)[number];

/** Functions matching the search (name or description as shown), by category in a fixed order. */
export function groupFunctions(
  list: readonly FormulaFunctionInfo[],
  query: string,
  describe: (f: FormulaFunctionInfo) => string = (f) => f.description,
): Array<{ category: FunctionCategory; functions: FormulaFunctionInfo[] }> {
  const q = query.trim().toLowerCase();
  const hit = (f: FormulaFunctionInfo) =>
    !q || f.name.toLowerCase().includes(q) || describe(f).toLowerCase().includes(q);
  return CATEGORIES.map((category) => ({
    category,
    functions: list.filter((f) => f.category === category && hit(f)).sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((g) => g.functions.length > 0);
}

export interface HintPart {
  text: string;
  active: boolean;
}

/** The function's syntax in parts, the argument at `argIndex` marked (repeating ones cycle). */
export function argHint(info: FormulaFunctionInfo, argIndex: number): HintPart[] {
  const repeats = info.args.map((a, i) => (a.repeat ? i : -1)).filter((i) => i >= 0);
  let active = argIndex;
  if (repeats.length > 0 && argIndex >= repeats[0]!) active = repeats[0]! + ((argIndex - repeats[0]!) % repeats.length);
  else if (argIndex >= info.args.length) active = -1;
  const parts: HintPart[] = [{ text: `${info.name}(`, active: false }];
  info.args.forEach((a, i) => {
    if (i > 0) parts.push({ text: ", ", active: false });
    const name = a.repeat ? `${a.name}...` : a.name;
    parts.push({ text: a.optional ? `[${name}]` : name, active: i === active });
  });
  parts.push({ text: ")", active: false });
  return parts;
}

/** The function's entry by a name as typed (case-insensitive). */
export function functionNamed(list: readonly FormulaFunctionInfo[], name: string): FormulaFunctionInfo | undefined {
  const upper = name.toUpperCase();
  return list.find((f) => f.name === upper) ?? (upper === "REPEAT" ? list.find((f) => f.name === "REPT") : undefined);
}
