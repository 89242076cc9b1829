/** Org-level roles (users.roles, a comma list) and project roles (memberships), SPEC 6. */
export const ORG_ROLES = ["super", "admin", "org-level-creator", "org-level-viewer", "guest"] as const;
export const PROJECT_ROLES = ["owner", "creator", "editor", "commenter", "viewer"] as const;

export type OrgRole = (typeof ORG_ROLES)[number];
export type ProjectRole = (typeof PROJECT_ROLES)[number];
export type Role = OrgRole | ProjectRole | "user";

/** Role flags as the API reports them: `{ "owner": true, "creator": true }`. */
export type RoleFlags = Partial<Record<Role, boolean>>;

/**
 * The one role parser (server and web): a stored comma list or an object map (a token's payload)
 * becomes `{role: true}` flags. A role mapped to anything but `true` is not held and is left out, so
 * `{owner: false}` grants nothing wherever flags are listed or merged. Unknown names are kept.
 */
export function toFlags(roles: string | Readonly<Record<string, unknown>> | null | undefined): RoleFlags {
  if (!roles) return {};
  const names = typeof roles === "string" ? roles.split(",") : Object.keys(roles).filter((r) => roles[r] === true);
  const flags: RoleFlags = {};
  for (const part of names) {
    const name = part.trim();
    if (name) flags[name as Role] = true;
  }
  return flags;
}

/** Access is granted when the flags hold at least one of the allowed roles; no list allows all. */
export function holdsAnyRole(flags: RoleFlags, allowed: readonly string[] | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  return flagNames(flags).some((role) => allowed.includes(role));
}

export function flagNames(flags: RoleFlags): Role[] {
  return (Object.keys(flags) as Role[]).filter((r) => flags[r]);
}

/** Higher grants more; nobody may grant a project role above their own rank. */
const RANK: Record<ProjectRole, number> = { viewer: 1, commenter: 2, editor: 3, creator: 4, owner: 5 };

export function projectRank(flags: RoleFlags): number {
  if (flags.super) return RANK.owner;
  return Math.max(0, ...PROJECT_ROLES.filter((r) => flags[r]).map((r) => RANK[r]));
}

export function rankOf(role: ProjectRole): number {
  return RANK[role];
}

export function isProjectRole(value: unknown): value is ProjectRole {
  return typeof value === "string" && (PROJECT_ROLES as readonly string[]).includes(value);
}

/**
 * Effective roles in a project (SPEC 6): the user's org roles merged with the project role.
 * `owner` always carries `creator`; a super admin acts as owner and creator everywhere.
 */
export function effectiveRoles(orgRoles: string | null | undefined, projectRole: ProjectRole | null): RoleFlags {
  const flags = toFlags(orgRoles);
  if (projectRole) flags[projectRole] = true;
  if (projectRole === "owner") flags.creator = true;
  if (flags.super) Object.assign(flags, { owner: true, creator: true });
  return flags;
}

/** Roles a preview may take (SPEC 6 preview-as): an owner or creator views the app as one of these. */
export const PREVIEW_ROLES = ["editor", "commenter", "viewer"] as const satisfies readonly ProjectRole[];
export type PreviewRole = (typeof PREVIEW_ROLES)[number];

export function applyPreview(flags: RoleFlags, preview: string | null | undefined): RoleFlags {
  if (!preview || !(PREVIEW_ROLES as readonly string[]).includes(preview)) return flags;
  if (!flags.owner && !flags.creator && !flags.super) return flags;
  return { [preview]: true } as RoleFlags;
}
