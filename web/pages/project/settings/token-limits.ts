import type { TokenScope } from "../../../../db/acl/token-scope";

/**
 * What the token form offers (issue 41): the scopes, widest first, and expiries as days from now
 * (0: never), each with its locale key.
 */
export const SCOPE_LABELS = {
  full: "project.tokens.scopeFull",
  records: "project.tokens.scopeRecords",
  read: "project.tokens.scopeRead",
} as const satisfies Record<TokenScope, string>;

export const EXPIRY_CHOICES = [
  { days: 0, label: "project.tokens.expiryNever" },
  { days: 7, label: "project.tokens.expiry7" },
  { days: 30, label: "project.tokens.expiry30" },
  { days: 90, label: "project.tokens.expiry90" },
  { days: 365, label: "project.tokens.expiry365" },
] as const;

/** The instant a token made now with this choice expires, or null for never. */
export function expiryAt(days: number, now = Date.now()): string | null {
  return days > 0 ? new Date(now + days * 86_400_000).toISOString() : null;
}
