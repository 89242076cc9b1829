/**
 * Splits formula text into tokens. Rules:
 * - `{Title}` refers to a column; the title is everything up to the next `}` (spaces and any other
 *   character allowed). `{{name}}` (the stored form, and NocoDB's double braces) refers to `name`.
 * - A bare word (letters, digits, `_`, `$`) is a function name before `(`, `true`/`false`, or else
 *   a column title without braces.
 * - Strings use single or double quotes; `\` escapes the next character (`\n`, `\t`, `\r`, `\uXXXX`
 *   are translated, any other character stands for itself).
 * - Numbers are decimal: `12`, `1.5`, `.5`, `2e-3`. A number beyond the double range is an error.
 * - Anything else (`;`, `#`, a lone `!`, `|`...) is an error naming the character and its position.
 */
import { FormulaError } from "./types";

export type Token =
  | { t: "num"; value: number; start: number; end: number }
  | { t: "str"; value: string; start: number; end: number }
  | { t: "ref"; name: string; start: number; end: number }
  | { t: "ident"; name: string; start: number; end: number }
  | { t: "op"; value: string; start: number; end: number }
  | { t: "eof"; start: number; end: number };

const OPS = ["==", "!=", "<>", "<=", ">=", "(", ")", ",", "+", "-", "*", "/", "&", "=", "<", ">"];
const WORD = /[\p{L}\p{N}_$]/u;
const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", "0": "\0" };

/** How a character is shown in a message. */
export const show = (ch: string) => (ch.trim() === "" ? JSON.stringify(ch) : `'${ch}'`);

function readString(text: string, start: number): Token {
  const quote = text[start]!;
  let value = "";
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === quote) return { t: "str", value, start, end: i + 1 };
    if (ch === "\\" && i + 1 < text.length) {
      const next = text[i + 1]!;
      const hex = next === "u" ? /^[0-9a-fA-F]{4}/.exec(text.slice(i + 2, i + 6)) : null;
      if (hex) {
        value += String.fromCharCode(parseInt(hex[0], 16));
        i += 6;
        continue;
      }
      value += ESCAPES[next] ?? next;
      i += 2;
      continue;
    }
    value += ch;
    i++;
  }
  throw new FormulaError(`Unterminated string (missing ${quote})`, start + 1);
}

function readRef(text: string, start: number): Token {
  const close = text.indexOf("}", start + 1);
  if (close < 0) throw new FormulaError("Unclosed '{'", start + 1);
  if (text[start + 1] === "{" && text[close + 1] === "}") {
    const name = text.slice(start + 2, close);
    if (!name) throw new FormulaError("Empty column reference", start + 1);
    return { t: "ref", name, start, end: close + 2 };
  }
  const name = text.slice(start + 1, close);
  if (!name) throw new FormulaError("Empty column reference", start + 1);
  return { t: "ref", name, start, end: close + 1 };
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    let token: Token | undefined;
    if (ch === "'" || ch === '"') token = readString(text, i);
    else if (ch === "{") token = readRef(text, i);
    else if (/[\d.]/.test(ch) && NUMBER.test(text.slice(i, i + 400))) {
      const raw = NUMBER.exec(text.slice(i))![0];
      const value = Number(raw);
      if (!Number.isFinite(value))
        throw new FormulaError(`Number ${raw.length > 20 ? raw.slice(0, 20) + "…" : raw} is too large`, i + 1);
      token = { t: "num", value, start: i, end: i + raw.length };
    } else if (WORD.test(ch)) {
      let j = i;
      while (j < text.length && WORD.test(text[j]!)) j++;
      token = { t: "ident", name: text.slice(i, j), start: i, end: j };
    } else {
      const op = OPS.find((o) => text.startsWith(o, i));
      if (!op) throw new FormulaError(`Unexpected ${show(String.fromCodePoint(text.codePointAt(i)!))}`, i + 1);
      token = { t: "op", value: op, start: i, end: i + op.length };
    }
    tokens.push(token);
    i = token.end;
  }
  tokens.push({ t: "eof", start: text.length, end: text.length });
  return tokens;
}
