/** Project roles a member may hand out or manage (SPEC 6): never above their own rank. */
import { PROJECT_ROLES, projectRank, rankOf, toFlags, type ProjectRole, type RoleFlags } from "../../db/acl/roles";

/** Roles offered in the invite and change-role pickers, highest first. */
export function assignableRoles(flags: RoleFlags): ProjectRole[] {
  const own = projectRank(flags);
  return PROJECT_ROLES.filter((role) => rankOf(role) <= own);
}

/** Whether the caller may change or remove a member holding `memberRole`. */
export function canManageRole(flags: RoleFlags, memberRole: string | null | undefined): boolean {
  const role = highestProjectRole(toFlags(memberRole));
  return role !== null && rankOf(role) <= projectRank(flags);
}

/** The highest project role in the flags (owner before creator ...), or null. */
export function highestProjectRole(flags: RoleFlags): ProjectRole | null {
  return PROJECT_ROLES.find((role) => flags[role]) ?? null;
}
