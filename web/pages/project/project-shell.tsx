import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { FullPageSpinner } from "../../components/ui/spinner";
import { errorText } from "../../lib/api-errors";
import { notify } from "../../lib/toast";
import { ProjectLayout } from "./project-layout";
import { useProjectLoad } from "./use-project-load";

/** SPEC 8: a caller without a project role is told so and sent home. */
function Refused() {
  const { t } = useTranslation();
  useEffect(() => {
    notify.error(t("msg.error.notEnoughPermissionProject"), "forbidden-project");
  }, [t]);
  return <Navigate to="/" replace />;
}

/**
 * "/:projectType/:projectId": loads the project (SPEC 4), then shows its layout with the table
 * list, tabs and the child route. projectType "base" opens a shared base by its uuid.
 */
export function ProjectShell() {
  const { t } = useTranslation();
  const { projectType = "nc", projectId: routeId = "" } = useParams();
  const load = useProjectLoad(projectType, routeId);
  const { outcome } = load;

  if (outcome.kind === "redirect") return outcome.refuse ? <Refused /> : <Navigate to={outcome.to} replace />;
  if (outcome.kind === "error") {
    return (
      <div className="flex max-w-lg flex-col gap-4">
        <h1 className="text-xl font-semibold text-gray-900">{t("project.loadError")}</h1>
        <FormAlert tone="error" message={errorText(outcome.error, t("msg.error.internal"))} />
        <div>
          <Button variant="secondary" onClick={load.retry}>
            {t("common.retry")}
          </Button>
        </div>
      </div>
    );
  }
  if (outcome.kind === "loading" || !load.project || !load.roles) return <FullPageSpinner />;
  return (
    <ProjectLayout
      key={load.projectId}
      projectType={projectType}
      routeId={routeId}
      projectId={load.projectId}
      project={load.project}
      roles={load.roles}
      tables={load.tables.data ?? []}
      tablesLoading={load.tables.isPending}
    />
  );
}
