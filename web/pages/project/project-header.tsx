import { FileCode, Globe, KeyRound, Settings } from "lucide-react";
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

/** Title, colour and role of the project; preview-as and the settings button for those who may. */
export function ProjectHeader() {
  const { t } = useTranslation();
  const project = useProject();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const sections = settingsSections(project.can, project.project.bases?.[0]?.is_meta === false);
  const color = isHexColor(project.project.color) ? project.project.color : DEFAULT_THEME.primaryColor;
  return (
    <header className="flex flex-wrap items-center gap-3">
      <span aria-hidden="true" className="size-8 shrink-0 rounded-lg" style={{ backgroundColor: color }} />
      <h1 className="text-2xl font-semibold text-gray-900">{project.project.title}</h1>
      {project.isPublicBase ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-medium text-gray-800">
          <Globe aria-hidden="true" className="size-3.5" />
          {t("project.shell.sharedBase")}
        </span>
      ) : null}
      <RoleBadge roles={project.realFlags} />
      <div className="ms-auto flex flex-wrap items-center gap-2">
        <PresenceAvatars />
        {project.canPreview ? <PreviewSelect /> : null}
        {!project.isPublicBase ? (
          <Link to={`${project.basePath}/auth`} className={buttonClass("secondary")}>
            <KeyRound aria-hidden="true" className="size-4" />
            {t("project.auth.open")}
          </Link>
        ) : null}
        {project.isPublicBase ? null : (
          <a
            href={`/api/v1/db/meta/projects/${encodeURIComponent(project.project.id)}/swagger`}
            target="_blank"
            rel="noreferrer"
            className={buttonClass("secondary")}
          >
            <FileCode aria-hidden="true" className="size-4" />
            {t("project.shell.restApis")}
          </a>
        )}
        {sections.length > 0 ? (
          <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
            <Settings aria-hidden="true" className="size-4" />
            {t("project.shell.settings")}
          </Button>
        ) : null}
      </div>
      {sections.length > 0 ? <ProjectSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} sections={sections} /> : null}
    </header>
  );
}
