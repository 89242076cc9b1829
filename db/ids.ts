const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Ids of the contract's form: `<prefix><14 of [0-9a-z]>` (API-CONTRACT 1.8). */
export function newId(
  prefix:
    | "us_"
    | "p_"
    | "ds_"
    | "md_"
    | "cl_"
    | "vw_"
    | "fi_"
    | "so_"
    | "nc_"
    | "adt_"
    | "hk_"
    | "tr_"
    | "sn_"
    | "db_"
    | "wd_"
    | "au_",
): string {
  const bytes = new Uint8Array(14);
  crypto.getRandomValues(bytes);
  let out = prefix;
  for (const b of bytes) out += ALPHABET[b % 36];
  return out;
}

/** Hex string of n random bytes. */
export function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
}

let sequence = Math.floor(Math.random() * 36 ** 5);

/**
 * An id of the contract's form whose order follows time (9 characters of milliseconds, then a
 * sequence): history rows then append to the end of their primary-key index rather than dirtying
 * a random page of it on every write, which kept single-row updates slow on large tables.
 */
export function timeOrderedId(prefix: "adt_"): string {
  sequence = (sequence + 1) % 36 ** 5;
  return prefix + Date.now().toString(36).padStart(9, "0").slice(-9) + sequence.toString(36).padStart(5, "0");
}
