/**
 * A dashboard (route /:projectType/:projectId/dashboard/:dashboardId, its own lazy chunk): the
 * widget grid, and for owners and creators adding, editing, deleting, moving and resizing widgets
 * and sharing; everyone else reads. Clicking a bar, slice or cell lists the records behind it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Share2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { queryKeys } from "../api/query-keys";
import { Button } from "../components/ui/button";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { EmptyState } from "../components/ui/empty-state";
import { FormAlert } from "../components/ui/form-alert";
import { FullPageSpinner } from "../components/ui/spinner";
import { errorText } from "../lib/api-errors";
import { notify } from "../lib/toast";
import { useNotifyError } from "../lib/use-notify-error";
import { useProject } from "../pages/project/project-context";
import { DashboardGrid } from "./dashboard-grid";
import { dashboardsApi, type WidgetInput } from "./dashboards-api";
import type { DrillPoint } from "./drill";
import { RecordsDialog } from "./records-dialog";
import { ShareDashboardDialog } from "./share-dashboard-dialog";
import { TimeZoneSelect } from "./time-zone-select";
import type { Cell, Dashboard, Widget } from "./types";
import { WidgetCard } from "./widget-card";
import { widgetBatcher } from "./widget-batch";
import { preloadCharts } from "./widget-body";
import { WidgetDialog } from "./widget-dialog";

export function DashboardPage() {
  const { t } = useTranslation();
  const { dashboardId = "" } = useParams();
  const { projectId, tables, can } = useProject();
  const builder = can("dashboardUpdate");
  const qc = useQueryClient();
  const notifyError = useNotifyError();
  const key = queryKeys.dashboard(dashboardId);
  const board = useQuery({ queryKey: key, queryFn: () => dashboardsApi.read(dashboardId) });
  const [editing, setEditing] = useState<Widget | "new" | null>(null);
  const [deleting, setDeleting] = useState<Widget | null>(null);
  const [drill, setDrill] = useState<{ widget: Widget; point: DrillPoint } | null>(null);
  const [sharing, setSharing] = useState(false);
  useEffect(preloadCharts, []);
  // The widgets' reads in one request per tick (the first paint, a change's re-reads).
  const load = useMemo(() => widgetBatcher((ids) => dashboardsApi.dataMany(dashboardId, ids)), [dashboardId]);

  const save = useMutation({
    mutationFn: async (body: WidgetInput) =>
      editing && editing !== "new"
        ? dashboardsApi.updateWidget(dashboardId, editing.id, body)
        : dashboardsApi.addWidget(dashboardId, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: queryKeys.allWidgets });
      setEditing(null);
      notify.success(t("dashboards.widgetSaved"));
    },
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: (w: Widget) => dashboardsApi.removeWidget(dashboardId, w.id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key });
      setDeleting(null);
      notify.success(t("dashboards.widgetDeleted"));
    },
    onError: notifyError,
  });
  // A new zone re-cuts every date bucket, so each widget reads its data again.
  const zone = useMutation({
    mutationFn: (time_zone: string) => dashboardsApi.update(dashboardId, { time_zone }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: queryKeys.allWidgets });
      notify.success(t("dashboards.timeZoneSaved"));
    },
    onError: notifyError,
  });
  // Positions: shown at once (the cache holds the new cells), saved one PATCH per moved widget.
  const layout = useMutation({
    mutationFn: (changed: { id: string; position: Cell }[]) =>
      Promise.all(changed.map((c) => dashboardsApi.updateWidget(dashboardId, c.id, { position: c.position }))),
    onMutate: (changed) =>
      qc.setQueryData<Dashboard>(key, (d) =>
        d
          ? {
              ...d,
              widgets: d.widgets?.map((w) => {
                const c = changed.find((x) => x.id === w.id);
                return c ? { ...w, position: { ...c.position } } : w;
              }),
            }
          : d,
      ),
    onError: (e) => {
      notifyError(e);
      void qc.invalidateQueries({ queryKey: key });
    },
  });

  if (board.isPending) return <FullPageSpinner />;
  if (board.isError)
    return (
      <div className="max-w-lg p-4">
        <FormAlert tone="error" message={errorText(board.error, t("msg.error.internal"))} />
      </div>
    );
  const d = board.data;
  const widgets = d.widgets ?? [];
  return (
    <div className="flex flex-col gap-3 pt-3" data-testid="dashboard-page">
      <div className="flex flex-wrap items-end gap-2">
        <h1 className="min-w-0 flex-1 truncate self-center text-lg font-semibold text-gray-900">{d.title}</h1>
        {builder ? (
          <>
            <TimeZoneSelect
              value={zone.isPending ? zone.variables : (d.time_zone ?? "UTC")}
              disabled={zone.isPending}
              onChange={(z) => zone.mutate(z)}
            />
            <Button variant="secondary" onClick={() => setSharing(true)}>
              <Share2 className="size-4" aria-hidden />
              {t("dashboards.share")}
            </Button>
            <Button onClick={() => (save.reset(), setEditing("new"))}>
              <Plus className="size-4" aria-hidden />
              {t("dashboards.addWidget")}
            </Button>
          </>
        ) : null}
      </div>
      {widgets.length === 0 ? (
        <EmptyState body={t("dashboards.empty")} />
      ) : (
        <DashboardGrid
          widgets={widgets}
          editable={builder}
          onLayout={(changed) => layout.mutate(changed)}
          render={(w, handles) => (
            <WidgetCard
              dashboardId={dashboardId}
              widget={w}
              load={load}
              onDrill={(widget, point) => setDrill({ widget, point })}
              onEdit={builder ? () => (save.reset(), setEditing(w)) : undefined}
              onDelete={builder ? () => setDeleting(w) : undefined}
              handles={handles}
            />
          )}
        />
      )}
      <WidgetDialog
        open={editing !== null}
        onOpenChange={(o) => (o ? undefined : setEditing(null))}
        tables={tables}
        initial={editing === "new" ? null : editing}
        pending={save.isPending}
        onSubmit={(body) => save.mutate(body)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title={t("dashboards.deleteWidget")}
        body={t("dashboards.deleteWidgetBody", { title: deleting?.title ?? "" })}
        confirmLabel={t("dashboards.deleteWidget")}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
      <RecordsDialog projectId={projectId} drill={drill} onClose={() => setDrill(null)} />
      {builder ? (
        <ShareDashboardDialog
          open={sharing}
          onOpenChange={setSharing}
          dashboardId={dashboardId}
          share={d.share}
          onChanged={(share) => qc.setQueryData<Dashboard>(key, (x) => (x ? { ...x, share } : x))}
        />
      ) : null}
    </div>
  );
}
