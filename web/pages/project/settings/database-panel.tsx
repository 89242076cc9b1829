import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { projectsApi } from "../../../api/projects-api";
import { queryKeys } from "../../../api/query-keys";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { notify } from "../../../lib/toast";
import { useErrorText } from "../../auth/use-error-text";
import { useProject } from "../project-context";
import { ConnectionEdit, type ShownConnection } from "./connection-edit";

/**
 * An external project's database (issue 20): where it is (never the password), a new connection
 * when a password was rotated (connection-edit.tsx), what changed in it outside the app
 * (meta-diff), and a sync on request.
 */
export function DatabasePanel() {
  const { t } = useTranslation();
  const { project, projectId } = useProject();
  const queryClient = useQueryClient();
  const errorOf = useErrorText();
  const base = project.bases?.[0];
  const conn = (base?.config as { connection?: ShownConnection } | undefined)?.connection;
  const [editing, setEditing] = useState(false);
  const diff = useQuery({ queryKey: ["metaDiff", projectId], queryFn: () => projectsApi.metaDiff(projectId) });
  const sync = useMutation({
    mutationFn: () => projectsApi.metaSync(projectId),
    onSuccess: async () => {
      notify.success(t("project.settings.databaseSynced"));
      await queryClient.invalidateQueries({ queryKey: queryKeys.tables(projectId) });
      await diff.refetch();
    },
    onError: (err) => notify.error(errorOf(err) ?? t("msg.error.internal")),
  });
  const changes = diff.data ?? [];
  const hostPort = [conn?.host, conn?.port].filter((p) => p !== undefined).join(":");
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-500">{t("home.createExternal.engine")}</dt>
        <dd>{base?.type}</dd>
        {conn?.url ? (
          <>
            <dt className="text-gray-500">{t("home.createExternal.libsqlUrl")}</dt>
            <dd className="break-all">{conn.url}</dd>
          </>
        ) : (
          <>
            <dt className="text-gray-500">{t("home.createExternal.host")}</dt>
            <dd className="break-all">{hostPort}</dd>
            <dt className="text-gray-500">{t("home.createExternal.database")}</dt>
            <dd>{conn?.database}</dd>
            <dt className="text-gray-500">{t("home.createExternal.user")}</dt>
            <dd>{conn?.user}</dd>
          </>
        )}
      </dl>
      {editing && base?.id && conn ? (
        <ConnectionEdit projectId={projectId} baseId={base.id} conn={conn} onDone={() => setEditing(false)} />
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <KeyRound aria-hidden="true" className="size-4" />
            {t("project.settings.databaseEdit")}
          </Button>
        </div>
      )}
      <h3 className="text-sm font-medium text-gray-800">{t("project.settings.databaseChanges")}</h3>
      {diff.isPending ? <p className="text-sm text-gray-500">{t("grid.loading")}</p> : null}
      {diff.isError ? <FormAlert tone="error" message={errorOf(diff.error)} /> : null}
      {diff.isSuccess && changes.length === 0 ? (
        <p className="text-sm text-gray-500">{t("project.settings.databaseInSync")}</p>
      ) : null}
      {changes.length ? (
        <ul className="flex max-h-64 flex-col gap-2 overflow-auto text-sm" data-testid="meta-diff">
          {changes.map((c) => (
            <li key={c.table_name}>
              <span className="font-medium">{c.table_name}</span>
              <ul className="ms-4 list-disc text-gray-600">
                {c.detectedChanges.map((d, i) => (
                  <li key={i}>{d.msg}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Button variant="secondary" loading={diff.isFetching && !diff.isPending} onClick={() => void diff.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t("project.settings.databaseCheck")}
        </Button>
        <Button loading={sync.isPending} disabled={!changes.length} onClick={() => sync.mutate()}>
          {t("project.settings.databaseSync")}
        </Button>
      </div>
    </div>
  );
}
