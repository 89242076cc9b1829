const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Ids of the contract's form: `<prefix><14 of [0-9a-z]>` (API-CONTRACT 1.8). */
export function newId(prefix: "us_" | "p_" | "ds_" | "md_" | "cl_" | "vw_" | "fi_" | "so_" | "nc_" | "adt_" | "hk_"): string {
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
