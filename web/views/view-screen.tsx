/** A table tab's content: the view named in the route (any type), else the default grid. */
import { useQuery } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { View } from "../api/view-types";
import { useProject } from "../pages/project/project-context";
import { queryKeys } from "../api/query-keys";
import { viewsApi } from "../api/views-api";
import { FullPageSpinner } from "../components/ui/spinner";
import { CalendarView } from "./calendar/calendar-view";
import { TimelineView } from "./timeline/timeline-view";
import { FormBuilder } from "./form/form-builder";
import { GalleryView } from "./gallery/gallery-view";
import { TableGridPage } from "./grid/table-grid-page";
import { KanbanView } from "./kanban/kanban-view";
import { kindOfType } from "./view-kinds";

export function ViewScreen({ tableId, viewTitle }: { tableId: string; viewTitle?: string | null }) {
  const { t } = useTranslation();
  const { can } = useProject();
  const views = useQuery({ queryKey: queryKeys.views(tableId), queryFn: () => viewsApi.list(tableId), retry: false });
  if (views.isPending) return <FullPageSpinner />;
  const view = viewTitle ? views.data?.find((v) => v.title === viewTitle || v.id === viewTitle) : undefined;
  const shown = view ?? views.data?.find((v) => v.is_default);
  // A locked view says so to those who cannot change its layout (the server refuses them).
  const lockNote =
    shown?.lock_type === "locked" && !can("viewUpdate") ? (
      <p data-testid="view-locked" className="mb-1 flex items-center gap-1 text-xs text-gray-500">
        <Lock aria-hidden="true" className="size-3" />
        {t("views.lockedNote")}
      </p>
    ) : null;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {lockNote}
      <div className="flex min-h-0 flex-1 flex-col">{screen(tableId, viewTitle, view)}</div>
    </div>
  );
}

function screen(tableId: string, viewTitle: string | null | undefined, view: View | undefined) {
  const kind = view ? kindOfType(view.type).kind : "grid";
  if (!view || kind === "grid") return <TableGridPage tableId={tableId} viewTitle={viewTitle} />;
  if (kind === "kanban") return <KanbanView key={view.id} tableId={tableId} view={view} />;
  if (kind === "calendar") return <CalendarView key={view.id} tableId={tableId} view={view} />;
  if (kind === "timeline") return <TimelineView key={view.id} tableId={tableId} view={view} />;
  if (kind === "gallery") return <GalleryView key={view.id} tableId={tableId} view={view} />;
  return <FormBuilder key={view.id} tableId={tableId} view={view} />;
}
