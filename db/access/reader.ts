import { PREVIEW_ROLES, type PreviewRole, type RoleFlags } from "../acl/roles";

/** The roles field permissions and row rules narrow; owners and creators always have everything. */
export const ACCESS_ROLES = PREVIEW_ROLES;
export type AccessRole = PreviewRole;

/** What a narrowed role may do with a field; "editable" is the default and is not stored. */
export const FIELD_MODES = ["editable", "read-only", "hidden"] as const;
export type FieldMode = (typeof FIELD_MODES)[number];

/** Who reads: a narrowed role with their identity (for `@me`); null readers have everything. */
export interface Reader {
  role: AccessRole;
  userId: string;
  email: string;
}

export function readerOf(
  flags: RoleFlags,
  userId: string | null | undefined,
  email: string | null | undefined,
): Reader | null {
  if (flags.owner || flags.creator || flags.super) return null;
  const role: AccessRole = flags.editor ? "editor" : flags.commenter ? "commenter" : "viewer";
  return { role, userId: userId ?? "", email: email ?? "" };
}

/**
 * A visitor of a public shared view (no account): never more than the project's viewer role, so
 * fields hidden from viewers are left out and the viewer's row rule applies; with no identity, a
 * rule naming `@me` matches nothing for them (me.ts).
 */
export const VISITOR: Reader = Object.freeze({ role: "viewer", userId: "", email: "" });
