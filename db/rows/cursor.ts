import { bad } from "../errors";
import { keyValue, type KeyValue } from "../query";

/**
 * The opaque `cursor` of keyset pages (issue 36): base64url of JSON `{s, v}`, where `v` holds the
 * sort-key values of a page's last row (its primary key last) and `s` a hash of what the order and
 * the filter were. A cursor is only good for the list it came from: under another sort or filter
 * its values would name a position in another order and the page would skip or repeat rows, so
 * such a cursor is refused rather than answered.
 */
export interface Cursor {
  signature: string;
  values: KeyValue[];
}

const STALE = "The cursor does not belong to this sort and filter; start again without it";
const MALFORMED = "The cursor is not one a list answer gave; start again without it";

/** Two 32-bit FNV-1a hashes of the text: a signature, not a secret (the values are the reader's own). */
export function signature(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

const toBase64Url = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const fromBase64Url = (text: string) => {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
    Uint8Array.from(bin, (ch) => ch.charCodeAt(0)),
  );
};

/** The cursor after a row whose raw key values are `raw`, or null when one is no cursor value (a blob). */
export function encodeCursor(sig: string, raw: readonly unknown[]): string | null {
  const values = raw.map(keyValue);
  if (values.some((v) => v === undefined)) return null;
  return toBase64Url(JSON.stringify({ s: sig, v: values }));
}

/** The values of a cursor given for a list of `keyCount` keys signed `sig`; 400 when it is not one. */
export function decodeCursor(text: string, sig: string, keyCount: number): KeyValue[] {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error(MALFORMED);
    parsed = JSON.parse(fromBase64Url(text));
  } catch {
    throw bad(MALFORMED);
  }
  const { s, v } = (parsed ?? {}) as { s?: unknown; v?: unknown };
  if (typeof s !== "string" || !Array.isArray(v) || v.some((x) => keyValue(x) === undefined)) throw bad(MALFORMED);
  if (s !== sig || v.length !== keyCount) throw bad(STALE);
  return v as KeyValue[];
}
