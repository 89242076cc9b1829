/**
 * Rules a share's options set for the visitor (issue 22): when the link expires, which sites may
 * frame the visitor's page, and who may submit a shared form. Pure functions: the share routes
 * validate with these lists, the public routes and the page apply them.
 */

/** Who may submit a shared form. */
export const SUBMIT_ACCESS = ["anyone", "signedIn", "members"] as const;
export type SubmitAccess = (typeof SUBMIT_ACCESS)[number];

/** An origin a builder allows to embed: scheme, host (a leading `*.` for its subdomains), optional port. */
export const EMBED_ORIGIN =
  /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

/** The options of a share that the public side reads (the rest are display options). */
export interface ShareRules {
  allowCSVDownload?: boolean;
  expiresAt?: string | null;
  allowEmbed?: boolean;
  embedOrigins?: string[];
  submitAccess?: SubmitAccess;
  minFillSeconds?: number;
}

export function rulesOf(metaJson: string): ShareRules {
  try {
    const parsed = JSON.parse(metaJson) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as ShareRules) : {};
  } catch {
    return {};
  }
}

/** True once the share's expiry time has passed. */
export function isExpired(rules: ShareRules, now = Date.now()): boolean {
  if (!rules.expiresAt) return false;
  const at = Date.parse(rules.expiresAt);
  return Number.isFinite(at) && at <= now;
}

/**
 * The `frame-ancestors` source list of the visitor's page: only this site unless the builder turned
 * embedding on; then the listed sites (with this one), or any site when the list is empty.
 */
export function frameAncestors(rules: ShareRules | null): string {
  if (!rules?.allowEmbed) return "'self'";
  const listed = rules.embedOrigins ?? [];
  if (!listed.length) return "*";
  // A stored value that is not an origin never reaches the header (no `;` adding a directive).
  return ["'self'", ...listed.filter((o) => EMBED_ORIGIN.test(o))].join(" ");
}

export const submitAccessOf = (rules: ShareRules): SubmitAccess => rules.submitAccess ?? "anyone";
