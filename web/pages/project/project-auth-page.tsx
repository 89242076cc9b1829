import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";
import { useTabs } from "./tabs/tabs-context";

/** "/:projectType/:projectId/auth": the project authentication tab (SPEC 2). */
export function ProjectAuthPage() {
  const { t } = useTranslation();
  const { open } = useTabs();
  useEffect(() => {
    open({ id: "auth", type: "auth", title: "auth" });
  }, [open]);
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">{t("project.auth.heading")}</h2>
      <EmptyState body={t("project.auth.emptyBody")} />
    </div>
  );
}
