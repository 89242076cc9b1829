import { useTranslation } from "react-i18next";
import { highestProjectRole } from "../../lib/role-options";
import { toFlags } from "../../../db/acl/roles";

/** Project role colours (SPEC 3 Theme: owner, creator, editor, commenter, viewer, super admin). */
const ROLE_STYLE: Record<string, string> = {
  owner: "bg-purple-100 text-purple-800",
  creator: "bg-blue-100 text-blue-800",
  editor: "bg-green-100 text-green-800",
  commenter: "bg-amber-100 text-amber-800",
  viewer: "bg-gray-100 text-gray-700",
  super: "bg-red-100 text-red-800",
};

/** The highest project role of a role list or map, as a coloured badge. */
export function RoleBadge({ roles }: { roles: string | Record<string, boolean> | null | undefined }) {
  const { t } = useTranslation();
  const role = highestProjectRole(toFlags(roles)) ?? (toFlags(roles).super ? "super" : null);
  if (!role) return null;
  return (
    <span
      data-testid="role-badge"
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${ROLE_STYLE[role]}`}
    >
      {t(`roles.${role}`)}
    </span>
  );
}
