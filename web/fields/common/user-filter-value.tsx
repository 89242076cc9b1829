import { useQuery } from "@tanstack/react-query";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { ME } from "../../../db/fields/common/users";
import { membersApi } from "../../api/members-api";
import { queryKeys } from "../../api/query-keys";
import { ProjectContext } from "../../pages/project/project-context";

interface UserFilterValueProps {
  label: string;
  className: string;
  value: string | undefined;
  onChange(value: string): void;
}

/**
 * The value of a filter on a person column: "Me" (`@me`, whoever views: a row rule or a shared
 * filter works for each reader) or one of the project's members, by id. Members are listed for
 * those who may see them; a value saved for someone no longer listed stays shown as their id.
 */
export function UserFilterValue({ label, className, value, onChange }: UserFilterValueProps) {
  const { t } = useTranslation();
  const project = useContext(ProjectContext);
  const projectId = project?.projectId ?? "";
  const listed = Boolean(project?.can("projectUserList"));
  const members = useQuery({
    queryKey: queryKeys.members(projectId, ""),
    queryFn: () => membersApi.list(projectId, ""),
    enabled: listed,
    staleTime: 60_000,
  });
  const list = (members.data?.users.list ?? []).filter((m) => !m.pending);
  const known = value === undefined || value === "" || value === ME || list.some((m) => m.id === value);
  return (
    <select aria-label={label} className={className} value={value ?? ""} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t("grid.filter.chooseOption")}</option>
      <option value={ME}>{t("fields.user.meFilter")}</option>
      {list.map((m) => {
        const name = [m.firstname, m.lastname].filter(Boolean).join(" ");
        return (
          <option key={m.id} value={m.id}>
            {name ? `${name} (${m.email})` : m.email}
          </option>
        );
      })}
      {known ? null : <option value={value}>{value}</option>}
    </select>
  );
}
