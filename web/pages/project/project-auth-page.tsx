import { KeyRound, Share2, Users, type LucideIcon } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useProject } from "./project-context";
import { ApiTokensPanel } from "./settings/api-tokens-panel";
import { MembersPanel } from "./settings/members-panel";
import { settingsSections } from "./settings/sections";
import { SharedBasePanel } from "./settings/shared-base-panel";
import { useTabs } from "./tabs/tabs-context";

function Section({ title, icon: Icon, children }: { title: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:p-5">
      <h3 className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <Icon aria-hidden="true" className="size-4 text-gray-500" />
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * "/:projectType/:projectId/auth", opened as a tab (SPEC 2, 4): the project's team and access:
 * members, invitations and roles; the shared-base link; the caller's API tokens. Each part shows
 * only to roles that may use it (the same panels as the settings dialog).
 */
export function ProjectAuthPage() {
  const { t } = useTranslation();
  const { open } = useTabs();
  const { can, isPublicBase } = useProject();
  useEffect(() => {
    open({ id: "auth", type: "auth", title: "auth" });
  }, [open]);
  const sections = settingsSections(can);
  const tokens = !isPublicBase && can("apiTokenList");
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold text-gray-900">{t("project.auth.heading")}</h2>
        <p className="text-sm text-gray-500">{t("project.auth.subheading")}</p>
      </div>
      {sections.includes("members") ? (
        <Section title={t("project.auth.members")} icon={Users}>
          <MembersPanel />
        </Section>
      ) : null}
      {sections.includes("sharedBase") ? (
        <Section title={t("project.auth.sharedBase")} icon={Share2}>
          <SharedBasePanel />
        </Section>
      ) : null}
      {tokens ? (
        <Section title={t("project.auth.tokens")} icon={KeyRound}>
          <ApiTokensPanel />
        </Section>
      ) : null}
      {!tokens && !sections.includes("members") && !sections.includes("sharedBase") ? (
        <p className="text-sm text-gray-500">{t("project.auth.nothing")}</p>
      ) : null}
    </div>
  );
}
