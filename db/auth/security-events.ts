/** What the security log records (issue 41); the server writes them, the web names them. */
export const SECURITY_EVENT_KINDS = [
  "signin.success",
  "signin.failure",
  "signin.second_factor_failure",
  "two_factor.enabled",
  "two_factor.disabled",
  "two_factor.reset",
  "two_factor.required",
  "passkey.added",
  "passkey.removed",
  "password.changed",
  "password.reset",
  "token.created",
  "token.deleted",
  "token.first_use",
  "role.changed",
  "member.changed",
  "share.created",
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const SECURITY_LOG_RETENTION_DAYS = 90;
