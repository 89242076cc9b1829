import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { projectTransferApi, projectTrashKey } from "../../../api/project-transfer-api";
import { queryKeys } from "../../../api/query-keys";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormAlert } from "../../../components/ui/form-alert";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";

type TrashItem = Awaited<ReturnType<typeof projectTransferApi.trash>>["list"][number];

/**
 * The project trash on the home page: the caller's deleted projects, each with the day it goes
 * for good, "Restore" and "Delete forever" (asks first). Shown only when something is in it.
 */
export function ProjectTrashSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const trash = useQuery({ queryKey: projectTrashKey, queryFn: () => projectTransferApi.trash() });
  const [purging, setPurging] = useState<TrashItem | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
  const restore = useMutation({
    mutationFn: (id: string) => projectTransferApi.restore(id),
    onSuccess: async (restored) => {
      notify.success(t("projectTransfer.restored", { title: restored.title }));
      await refresh();
    },
    onError: notifyError,
  });
  const purge = useMutation({
    mutationFn: (id: string) => projectTransferApi.purge(id),
    onSuccess: async () => {
      notify.success(t("projectTransfer.purged"));
      setPurging(null);
      await refresh();
    },
    onError: notifyError,
  });
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: "medium" });

  if (trash.isError) return <FormAlert tone="error" message={t("projectTransfer.trashError")} />;
  const list = trash.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="project-trash-heading" className="mt-10">
      <h2 id="project-trash-heading" className="text-base font-semibold text-gray-900">
        {t("projectTransfer.trashHeading")}
      </h2>
      <p className="mt-1 text-sm text-gray-500">{t("projectTransfer.trashBody")}</p>
      <ul className="mt-4 divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
        {list.map((p) => (
          <li key={p.id} data-testid="trashed-project" className="flex flex-wrap items-center gap-3 px-4 py-3">
            {/* At least 12rem: on a phone the buttons wrap below rather than squeeze the title. */}
            <div className="min-w-48 flex-1">
              <p className="truncate font-medium text-gray-900">{p.title}</p>
              <p className="flex flex-wrap gap-x-3 text-xs text-gray-500">
                <span>{t("projectTransfer.deletedOn", { date: date(p.deleted_at) })}</span>
                <span>{t("projectTransfer.purgeOn", { date: date(p.purge_at) })}</span>
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                aria-label={t("projectTransfer.restoreLabel", { title: p.title })}
                loading={restore.isPending && restore.variables === p.id}
                onClick={() => restore.mutate(p.id)}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {t("projectTransfer.restore")}
              </Button>
              <Button
                variant="ghost"
                className="text-red-700"
                aria-label={t("projectTransfer.purgeLabel", { title: p.title })}
                onClick={() => setPurging(p)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t("projectTransfer.purge")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => (open ? undefined : setPurging(null))}
        title={t("projectTransfer.purgeTitle")}
        body={t("projectTransfer.purgeBody", { title: purging?.title ?? "" })}
        confirmLabel={t("projectTransfer.purge")}
        pending={purge.isPending}
        onConfirm={() => purging && purge.mutate(purging.id)}
      />
    </section>
  );
}
