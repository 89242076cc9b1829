import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Columns3, Eye, LayoutDashboard, Rows3, Table2, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../../api/query-keys";
import { trashApi, type TrashEntry, type TrashType } from "../../../api/trash-api";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { Modal } from "../../../components/ui/modal";
import { SelectField } from "../../../components/ui/select-field";
import { FullPageSpinner } from "../../../components/ui/spinner";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { useProject } from "../project-context";
import { relativeTime } from "./relative-time";

/** Entries per page ("Load more" asks for the next). */
const PAGE = 100;

/** Between the table, the person and the time on an entry's second line (punctuation, not text). */
const SEP = " · ";

const ICONS: Record<TrashType, LucideIcon> = {
  record: Rows3,
  field: Columns3,
  table: Table2,
  view: Eye,
  dashboard: LayoutDashboard,
};
const TYPES: readonly TrashType[] = ["record", "field", "table", "view", "dashboard"];

type Ask = { kind: "purge"; entry: TrashEntry } | { kind: "empty" };

/**
 * The project's trash (issue 35): what was deleted, newest first, restored whole or deleted for
 * good. Who may delete fields, tables, views and dashboards sees them all; an editor sees records
 * only (the server answers only those, this only narrows the type filter to match).
 */
export function TrashDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t, i18n } = useTranslation();
  const { projectId, tables, can } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [type, setType] = useState<TrashType | "">("");
  const [ask, setAsk] = useState<Ask | null>(null);
  const types = can("tableDelete") ? TYPES : TYPES.filter((k) => k === "record");
  const key = ["trash", projectId, type] as const;
  const list = useInfiniteQuery({
    queryKey: key,
    enabled: open,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => trashApi.list(projectId, { type: type || undefined, limit: PAGE, offset: pageParam }),
    getNextPageParam: (last, pages) => (last.pageInfo.isLastPage ? undefined : pages.length * PAGE),
  });
  const entries = list.data?.pages.flatMap((p) => p.list) ?? [];
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ["trash", projectId] });
  };
  const afterSchema = () => {
    void queryClient.invalidateQueries({ queryKey: ["tables", projectId] });
    void queryClient.invalidateQueries({ queryKey: ["table"] });
    void queryClient.invalidateQueries({ queryKey: ["views"] });
    // A dashboard back: the sidebar's list (its page reads it again when opened).
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboards(projectId) });
  };

  const restore = useMutation({
    mutationFn: (e: TrashEntry) => trashApi.restore(projectId, e.id),
    onSuccess: async (report, e) => {
      const what = t(`trash.type.${e.type}`);
      const came = t("trash.restored", { type: what, title: report.title });
      if (report.dropped.length) notify.info([came, ...report.dropped].join("\n"));
      else notify.success(came);
      if (e.type !== "record") afterSchema();
      await refresh();
    },
    onError: notifyError,
  });
  const purge = useMutation({
    mutationFn: (e: TrashEntry) => trashApi.purge(projectId, e.id),
    onSuccess: async () => {
      notify.success(t("trash.purged"));
      setAsk(null);
      await refresh();
    },
    onError: notifyError,
  });
  const empty = useMutation({
    mutationFn: () => trashApi.empty(projectId, type || undefined),
    onSuccess: async () => {
      notify.success(t("trash.emptied"));
      setAsk(null);
      await refresh();
    },
    onError: notifyError,
  });

  const tableTitle = (e: TrashEntry) =>
    // A table is its own entry; a dashboard belongs to no table.
    e.type === "table" || !e.table_id ? "" : (tables.find((x) => x.id === e.table_id)?.title ?? t("trash.tableGone"));

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t("trash.title")}
      description={t("trash.description")}
      width="max-w-3xl"
    >
      <div className="flex flex-col gap-3" data-testid="trash-dialog">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <SelectField
            label={t("trash.filter")}
            value={type}
            onValueChange={(v) => setType(v as TrashType | "")}
            choices={[
              { value: "", label: t("trash.allTypes") },
              ...types.map((k) => ({ value: k, label: t(`trash.type.${k}`) })),
            ]}
          />
          <Button variant="danger" disabled={!entries.length} onClick={() => setAsk({ kind: "empty" })}>
            {t("trash.empty")}
          </Button>
        </div>
        {list.isPending ? (
          <FullPageSpinner />
        ) : entries.length === 0 ? (
          <EmptyState body={t("trash.nothing")} />
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100 rounded-lg border border-gray-200">
            {entries.map((e) => {
              const Icon = ICONS[e.type];
              const table = tableTitle(e);
              return (
                <li
                  key={e.id}
                  className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2"
                  data-testid="trash-entry"
                >
                  <Icon aria-label={t(`trash.type.${e.type}`)} className="size-4 shrink-0 text-gray-500" />
                  <div className="flex min-w-0 flex-1 basis-44 flex-col">
                    <span className="truncate text-sm font-medium text-gray-900">
                      <bdi>{e.title || t("trash.untitled")}</bdi>
                    </span>
                    {/* When first: the longest part, the person, is the one cut short. */}
                    <span className="truncate text-xs text-gray-500">
                      <time dateTime={e.deleted_at} title={new Date(e.deleted_at).toLocaleString(i18n.language)}>
                        {relativeTime(e.deleted_at, i18n.language)}
                      </time>
                      {table ? (
                        <>
                          <span aria-hidden="true">{SEP}</span>
                          <bdi>{table}</bdi>
                        </>
                      ) : null}
                      {e.deleted_by ? (
                        <>
                          <span aria-hidden="true">{SEP}</span>
                          <bdi>{e.deleted_by}</bdi>
                        </>
                      ) : null}
                    </span>
                  </div>
                  <div className="ms-auto flex shrink-0 gap-2">
                    <Button
                      variant="secondary"
                      loading={restore.isPending && restore.variables?.id === e.id}
                      onClick={() => restore.mutate(e)}
                    >
                      {t("trash.restore")}
                    </Button>
                    <Button variant="secondary" onClick={() => setAsk({ kind: "purge", entry: e })}>
                      {t("trash.purge")}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="flex justify-center">
            <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t("trash.loadMore")}
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={ask !== null}
        onOpenChange={(o) => (o ? null : setAsk(null))}
        title={ask?.kind === "empty" ? t("trash.emptyTitle") : t("trash.purgeTitle")}
        body={
          ask?.kind === "purge"
            ? t("trash.purgeBody", { title: ask.entry.title || t("trash.untitled") })
            : t("trash.emptyBody")
        }
        confirmLabel={ask?.kind === "empty" ? t("trash.empty") : t("trash.purge")}
        pending={purge.isPending || empty.isPending}
        onConfirm={() => (ask?.kind === "purge" ? purge.mutate(ask.entry) : ask ? empty.mutate() : undefined)}
      />
    </Modal>
  );
}
