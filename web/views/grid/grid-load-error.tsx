import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { projectsApi } from "../../api/projects-api";
import { queryKeys } from "../../api/query-keys";
import { ApiError, errorText } from "../../lib/api-errors";
import { notify } from "../../lib/toast";
import { ProjectContext } from "../../pages/project/project-context";
import type { RowStore } from "./data/row-store";

/**
 * The grid's records failed to load. A 409 is an external database whose schema changed outside
 * the app (db/external/drift.ts: the server already synced once and still cannot read): its
 * message names the column, and a builder gets "Sync with the database" here rather than in the
 * project's settings. Any other failure: the generic text and Retry.
 */
export function GridLoadError({ store }: { store: RowStore }) {
  const { t } = useTranslation();
  const project = useContext(ProjectContext);
  const queryClient = useQueryClient();
  const drift = store.error instanceof ApiError && store.error.status === 409;
  const external = project?.project.bases?.[0]?.is_meta === false;
  const canSync = drift && external && Boolean(project?.can("projectUpdate"));
  const sync = useMutation({
    mutationFn: () => projectsApi.metaSync(project!.projectId),
    onSuccess: async () => {
      notify.success(t("project.settings.databaseSynced"));
      await queryClient.invalidateQueries({ queryKey: queryKeys.tables(project!.projectId) });
      store.retry();
    },
    onError: (err) => notify.error(errorText(err, t("msg.error.internal"))),
  });
  const button = "rounded px-2 py-0.5 text-gray-700 underline hover:bg-gray-100 disabled:opacity-50";
  return (
    <span role="alert" className="flex flex-wrap items-center gap-2 text-red-600">
      {drift ? errorText(store.error, t("grid.loadError")) : t("grid.loadError")}
      {canSync ? (
        <button type="button" className={button} disabled={sync.isPending} onClick={() => sync.mutate()}>
          {t("project.settings.databaseSync")}
        </button>
      ) : null}
      <button type="button" className={button} onClick={() => store.retry()}>
        {t("common.retry")}
      </button>
    </span>
  );
}
