import { Database, History, Share2, SlidersHorizontal, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/ui/modal";
import { useProject } from "../project-context";
import { GeneralSettings } from "./general-settings";
import { MembersPanel } from "./members-panel";
import type { SettingsSection } from "./sections";
import { SharedBasePanel } from "./shared-base-panel";
import { DatabasePanel } from "./database-panel";
import { SnapshotsPanel } from "./snapshots-panel";

const ICONS = {
  general: SlidersHorizontal,
  database: Database,
  members: Users,
  sharedBase: Share2,
  snapshots: History,
} as const;
/** Each section's name; snapshots keep their strings in a locale section of their own. */
const LABEL = (s: SettingsSection) => (s === "snapshots" ? "snapshots.section" : (`project.settings.${s}` as const));

/** Project settings (owner, creator): general, members and shared base, one section at a time. */
export function ProjectSettingsDialog({
  open,
  onOpenChange,
  sections,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  sections: SettingsSection[];
}) {
  const { t } = useTranslation();
  const { project } = useProject();
  const [chosen, setChosen] = useState<SettingsSection>(sections[0]!);
  const section = sections.includes(chosen) ? chosen : sections[0]!;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t("project.settings.title")}
      description={t("project.settings.description", { title: project.title })}
      width="max-w-3xl"
    >
      <div className="flex min-h-[26rem] flex-col gap-6 sm:flex-row">
        <nav aria-label={t("project.settings.sections")} className="flex shrink-0 gap-1 sm:w-40 sm:flex-col">
          {sections.map((s) => {
            const Icon = ICONS[s];
            return (
              <button
                key={s}
                type="button"
                aria-current={s === section ? "page" : undefined}
                onClick={() => setChosen(s)}
                className={`flex items-center gap-2 rounded-md px-3 py-2 text-start text-sm ${s === section ? "bg-primary/10 font-medium text-primary" : "text-gray-600 hover:bg-gray-100"}`}
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(LABEL(s))}
              </button>
            );
          })}
        </nav>
        <div className="min-w-0 flex-1">
          {section === "general" ? <GeneralSettings onSaved={() => onOpenChange(false)} /> : null}
          {section === "database" ? <DatabasePanel /> : null}
          {section === "members" ? <MembersPanel /> : null}
          {section === "sharedBase" ? <SharedBasePanel /> : null}
          {section === "snapshots" ? <SnapshotsPanel onOpened={() => onOpenChange(false)} /> : null}
        </div>
      </div>
    </Modal>
  );
}
