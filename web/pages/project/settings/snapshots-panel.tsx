import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Camera, CopyPlus, RotateCcw, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { queryKeys } from "../../../api/query-keys";
import { snapshotsApi, type SnapshotItem } from "../../../api/snapshots-api";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormAlert } from "../../../components/ui/form-alert";
import { IconButton } from "../../../components/ui/icon-button";
import { FullPageSpinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { errorText } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { useProject } from "../project-context";

/**
 * The project's snapshots (issue 35): take one under a name; restore one as a new project (which
 * then opens) or, for owners, in place after confirming (a safety snapshot of the current state
 * is taken first); delete one after confirming. Automatic ones (daily, before a table or field is
 * deleted or a field's type changed) are listed with their kind.
 */
export function SnapshotsPanel({ onOpened }: { onOpened(): void }) {
  const { t, i18n } = useTranslation();
  const { projectId, can } = useProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [title, setTitle] = useState("");
  const [inPlace, setInPlace] = useState<SnapshotItem | null>(null);
  const [deleting, setDeleting] = useState<SnapshotItem | null>(null);
  const key = queryKeys.snapshots(projectId);
  const list = useQuery({ queryKey: key, queryFn: () => snapshotsApi.list(projectId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const take = useMutation({
    mutationFn: () => snapshotsApi.take(projectId, title.trim()),
    onSuccess: (made) => {
      setTitle("");
      notify.success(t("snapshots.taken", { title: made.title }));
      void refresh();
    },
    onError: notifyError,
  });
  const asNew = useMutation({
    mutationFn: (s: SnapshotItem) => snapshotsApi.restore(projectId, s.id, true),
    onSuccess: async (done) => {
      notify.success(t("snapshots.restoredAsNew"));
      await queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
      onOpened();
      await navigate(`/nc/${encodeURIComponent((done as { project_id: string }).project_id)}`);
    },
    onError: notifyError,
  });
  const here = useMutation({
    mutationFn: (s: SnapshotItem) => snapshotsApi.restore(projectId, s.id, false),
    onSuccess: async () => {
      setInPlace(null);
      notify.success(t("snapshots.restoredHere"));
      // Everything the project shows may have changed: tables, fields, views and rows.
      await queryClient.invalidateQueries();
    },
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: (s: SnapshotItem) => snapshotsApi.remove(projectId, s.id),
    onSuccess: () => {
      setDeleting(null);
      notify.success(t("snapshots.deleted"));
      void refresh();
    },
    onError: notifyError,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (title.trim()) take.mutate();
  };
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const busy = asNew.isPending || here.isPending;
  // One the app took by itself is named after its cause, in the reader's language.
  const nameOf = (s: SnapshotItem) =>
    s.reason ? t(`snapshots.reason.${s.reason}`, { name: s.subject ?? "" }) : s.title;
  const snapshots = list.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-600">{t("snapshots.intro")}</p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <TextField
          label={t("snapshots.name")}
          value={title}
          onValueChange={setTitle}
          maxLength={255}
          required
          className="min-w-48 flex-1"
        />
        <Button type="submit" loading={take.isPending} disabled={!title.trim() || busy}>
          <Camera aria-hidden="true" className="size-4" />
          {t("snapshots.take")}
        </Button>
      </form>
      {busy ? (
        <p role="status" className="text-sm text-primary">
          {t("snapshots.restoring")}
        </p>
      ) : null}
      {list.isPending ? <FullPageSpinner /> : null}
      {list.isError ? <FormAlert tone="error" message={errorText(list.error, t("msg.error.internal"))} /> : null}
      {list.isSuccess && snapshots.length === 0 ? (
        <p className="text-sm text-gray-500">{t("snapshots.empty")}</p>
      ) : null}
      {snapshots.length > 0 ? (
        <ul aria-label={t("snapshots.listLabel")} className="divide-y divide-gray-100">
          {snapshots.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium text-gray-900">{nameOf(s)}</span>
                <span className="flex flex-wrap gap-x-2 text-xs text-gray-500">
                  <span>{t(`snapshots.kind.${s.kind}`)}</span>
                  <time dateTime={s.created_at}>{when(s.created_at)}</time>
                  <span>{t("snapshots.rows", { count: s.rows })}</span>
                </span>
              </div>
              <Button
                variant="secondary"
                disabled={busy}
                loading={asNew.isPending && asNew.variables?.id === s.id}
                onClick={() => asNew.mutate(s)}
              >
                <CopyPlus aria-hidden="true" className="size-4" />
                {t("snapshots.restoreAsNew")}
              </Button>
              {can("snapshotRestoreInPlace") ? (
                <IconButton
                  label={t("snapshots.restoreHere", { title: nameOf(s) })}
                  icon={RotateCcw}
                  disabled={busy}
                  onClick={() => setInPlace(s)}
                />
              ) : null}
              <IconButton
                label={t("snapshots.delete", { title: nameOf(s) })}
                icon={Trash2}
                tone="danger"
                disabled={busy}
                onClick={() => setDeleting(s)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={inPlace !== null}
        onOpenChange={(open) => (open ? undefined : setInPlace(null))}
        title={t("snapshots.restoreHereTitle")}
        body={t("snapshots.restoreHereBody", { title: inPlace ? nameOf(inPlace) : "" })}
        confirmLabel={t("snapshots.restoreHereConfirm")}
        pending={here.isPending}
        onConfirm={() => inPlace && here.mutate(inPlace)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t("snapshots.deleteTitle")}
        body={t("snapshots.deleteBody", { title: deleting ? nameOf(deleting) : "" })}
        confirmLabel={t("snapshots.deleteConfirm")}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
