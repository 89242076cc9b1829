import { FileCode, Globe, KeyRound, Menu, Settings } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { DEFAULT_THEME, isHexColor } from "../../../db/project/rules";
import { Button, buttonClass } from "../../components/ui/button";
import { RoleBadge } from "../../components/ui/role-badge";
import { PresenceAvatars } from "../../realtime";
import { PreviewSelect } from "./preview/preview-select";
import { useProject } from "./project-context";
import { ProjectSettingsDialog } from "./settings/project-settings-dialog";
import { settingsSections } from "./settings/sections";
import { TrashButton } from "./trash/trash-button";
import { AutomationsButton } from "./automations/automations-button";

/** Title, colour and role of the project; preview-as and the settings button for those who may. */
export function ProjectHeader({ sidebarOpen, onToggleSidebar }: { sidebarOpen: boolean; onToggleSidebar(): void }) {
  const { t } = useTranslation();
  const project = useProject();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const sections = settingsSections(project.can, project.project.bases?.[0]?.is_meta === false);
  const color = isHexColor(project.project.color) ? project.project.color : DEFAULT_THEME.primaryColor;
  return (
    <header className="flex min-w-0 flex-wrap items-center gap-2 px-3 py-1.5">
      <button
        type="button"
        className="rounded-md p-1.5 text-gray-600 hover:bg-gray-100 md:hidden"
        aria-label={sidebarOpen ? t("views.closeSidebar") : t("views.openSidebar")}
        aria-expanded={sidebarOpen}
        aria-controls="project-sidebar"
        onClick={onToggleSidebar}
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <span aria-hidden="true" className="size-5 shrink-0 rounded" style={{ backgroundColor: color }} />
      <h1 className="min-w-0 truncate text-base font-semibold text-gray-900">{project.project.title}</h1>
      {project.isPublicBase ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-medium text-gray-800">
          <Globe aria-hidden="true" className="size-3.5" />
          {t("project.shell.sharedBase")}
        </span>
      ) : null}
      <span className="hidden sm:inline-flex">
        <RoleBadge roles={project.realFlags} />
      </span>
      <div className="ms-auto flex shrink-0 items-center gap-2">
        <PresenceAvatars />
        {project.canPreview ? (
          <span className="hidden sm:block">
            <PreviewSelect />
          </span>
        ) : null}
        {!project.isPublicBase ? (
          <Link
            to={`${project.basePath}/auth`}
            className={buttonClass("secondary")}
            aria-label={t("project.auth.open")}
          >
            <KeyRound aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{t("project.auth.open")}</span>
          </Link>
        ) : null}
        {project.isPublicBase ? null : (
          <a
            href={`/api/v1/db/meta/projects/${encodeURIComponent(project.project.id)}/swagger`}
            target="_blank"
            rel="noreferrer"
            className={buttonClass("secondary")}
            aria-label={t("project.shell.restApis")}
          >
            <FileCode aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{t("project.shell.restApis")}</span>
          </a>
        )}
        <AutomationsButton />
        <TrashButton />
        {sections.length > 0 ? (
          <Button variant="secondary" onClick={() => setSettingsOpen(true)} aria-label={t("project.shell.settings")}>
            <Settings aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{t("project.shell.settings")}</span>
          </Button>
        ) : null}
      </div>
      {sections.length > 0 ? (
        <ProjectSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} sections={sections} />
      ) : null}
    </header>
  );
}
