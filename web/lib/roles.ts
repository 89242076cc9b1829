/** Role flags (SPEC 6): a comma string or an object map becomes `{role: true}`. */
export type RoleFlags = Record<string, boolean>;

export function parseRoles(roles: string | Record<string, boolean> | null | undefined): RoleFlags {
  if (!roles) return {};
  if (typeof roles === "string") {
    const flags: RoleFlags = {};
    for (const r of roles.split(",")) {
      const name = r.trim();
      if (name) flags[name] = true;
    }
    return flags;
  }
  const flags: RoleFlags = {};
  for (const [name, on] of Object.entries(roles)) if (on) flags[name] = true;
  return flags;
}

/** Access is granted when the user holds at least one of the allowed roles (SPEC 6). */
export function holdsAnyRole(flags: RoleFlags, allowed: readonly string[] | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((role) => flags[role] === true);
}
