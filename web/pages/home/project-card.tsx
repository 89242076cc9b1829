import { Copy, Download, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { can } from "../../../db/acl/matrix";
import { toFlags } from "../../../db/acl/roles";
import { DEFAULT_THEME, isHexColor } from "../../../db/project/rules";
import type { Project } from "../../api/types";
import { IconButton } from "../../components/ui/icon-button";
import { RoleBadge } from "../../components/ui/role-badge";

/**
 * One project in the list: its colour, title (opens it), the caller's role, duplicate and export
 * for owners and creators, and delete for owners.
 */
export function ProjectCard({
  project,
  onDelete,
  onDuplicate,
  onExport,
}: {
  project: Project;
  onDelete(): void;
  onDuplicate?(): void;
  onExport?(): void;
}) {
  const { t } = useTranslation();
  const color = isHexColor(project.color) ? project.color : DEFAULT_THEME.primaryColor;
  return (
    <li
      data-testid="project-card"
      className="group relative flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-xs transition-shadow hover:shadow-md"
    >
      <span
        aria-hidden="true"
        data-testid="project-colour"
        data-colour={color}
        className="size-10 shrink-0 rounded-lg"
        style={{ backgroundColor: color }}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={`/nc/${encodeURIComponent(project.id)}`}
          className="block truncate font-medium text-gray-900 after:absolute after:inset-0 hover:text-primary"
        >
          {project.title}
        </Link>
        <div className="mt-1">
          {project.roles ? (
            <RoleBadge roles={project.roles} />
          ) : (
            <span data-testid="role-badge" className="text-xs text-gray-500">
              {t("home.projects.notMember")}
            </span>
          )}
        </div>
      </div>
      {onDuplicate && can(toFlags(project.roles), "projectDuplicate") ? (
        <IconButton
          label={t("projectTransfer.duplicate", { title: project.title })}
          icon={Copy}
          className="relative z-10"
          onClick={onDuplicate}
        />
      ) : null}
      {onExport && can(toFlags(project.roles), "projectExport") ? (
        <IconButton
          label={t("projectTransfer.export", { title: project.title })}
          icon={Download}
          className="relative z-10"
          onClick={onExport}
        />
      ) : null}
      {can(toFlags(project.roles), "projectDelete") ? (
        <IconButton
          label={t("home.projects.delete", { title: project.title })}
          icon={Trash2}
          tone="danger"
          className="relative z-10"
          onClick={onDelete}
        />
      ) : null}
    </li>
  );
}
