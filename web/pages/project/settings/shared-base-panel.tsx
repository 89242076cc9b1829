import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { projectsApi } from "../../../api/projects-api";
import { queryKeys } from "../../../api/query-keys";
import type { SharedBase } from "../../../api/types";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { SelectField } from "../../../components/ui/select-field";
import { FullPageSpinner } from "../../../components/ui/spinner";
import { copyText } from "../../../lib/clipboard";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { useProject } from "../project-context";

const SHARED_ROLES = ["viewer", "editor"] as const;

/** The shared base link: enable with a role, change the role, copy, disable (confirmed). */
export function SharedBasePanel() {
  const { t } = useTranslation();
  const { projectId } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [role, setRole] = useState<string>("viewer");
  const [confirming, setConfirming] = useState(false);
  const shared = useQuery({
    queryKey: queryKeys.sharedBase(projectId),
    queryFn: () => projectsApi.sharedBase(projectId),
  });
  const store = (data: SharedBase) => queryClient.setQueryData(queryKeys.sharedBase(projectId), data);

  const enable = useMutation({
    mutationFn: () => projectsApi.enableSharedBase(projectId, role),
    onSuccess: (data) => (store(data), notify.success(t("project.shared.enabled"))),
    onError: notifyError,
  });
  const update = useMutation({
    mutationFn: (next: string) => projectsApi.updateSharedBase(projectId, next),
    onSuccess: (data) => (
      store(data),
      notify.success(t("project.shared.updated", { role: t(`roles.${data.roles === "editor" ? "editor" : "viewer"}`) }))
    ),
    onError: notifyError,
  });
  const disable = useMutation({
    mutationFn: () => projectsApi.disableSharedBase(projectId),
    onSuccess: () => {
      store({ uuid: null, roles: role });
      setConfirming(false);
      notify.success(t("project.shared.disabled"));
    },
    onError: notifyError,
  });

  if (shared.isPending) return <FullPageSpinner />;
  const data = shared.data;
  const choices = SHARED_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }));
  const url = data?.uuid ? (data.url ?? `${window.location.origin}/base/${data.uuid}`) : null;

  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-sm font-semibold text-gray-900">{t("project.shared.heading")}</h3>
      {url && data ? (
        <>
          <p className="text-sm text-gray-600">
            {t("project.shared.on", { role: t(`roles.${data.roles === "editor" ? "editor" : "viewer"}`) })}
          </p>
          <div className="flex gap-2">
            <input
              readOnly
              aria-label={t("project.shared.link")}
              value={url}
              onFocus={(e) => e.target.select()}
              className="min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs"
            />
            <Button
              variant="secondary"
              onClick={() =>
                void copyText(url).then((ok) =>
                  ok ? notify.success(t("common.copied")) : notify.error(t("common.copyFailed")),
                )
              }
            >
              <Copy aria-hidden="true" className="size-4" />
              {t("project.shared.copy")}
            </Button>
          </div>
          <SelectField
            label={t("project.shared.role")}
            className="max-w-xs"
            value={data.roles}
            choices={choices}
            disabled={update.isPending}
            onValueChange={(r) => update.mutate(r)}
          />
          <div>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t("project.shared.disable")}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-gray-600">{t("project.shared.off")}</p>
          <SelectField
            label={t("project.shared.role")}
            className="max-w-xs"
            value={role}
            choices={choices}
            onValueChange={setRole}
          />
          <div>
            <Button loading={enable.isPending} onClick={() => enable.mutate()}>
              {t("project.shared.enable")}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("project.shared.disableTitle")}
        body={t("project.shared.disableBody")}
        confirmLabel={t("project.shared.disable")}
        pending={disable.isPending}
        onConfirm={() => disable.mutate()}
      />
    </div>
  );
}
