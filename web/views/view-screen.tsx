/** A table tab's content: the view named in the route (any type), else the default grid. */
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../api/query-keys";
import { viewsApi } from "../api/views-api";
import { FullPageSpinner } from "../components/ui/spinner";
import { CalendarView } from "./calendar/calendar-view";
import { FormBuilder } from "./form/form-builder";
import { GalleryView } from "./gallery/gallery-view";
import { TableGridPage } from "./grid/table-grid-page";
import { KanbanView } from "./kanban/kanban-view";
import { kindOfType } from "./view-kinds";

export function ViewScreen({ tableId, viewTitle }: { tableId: string; viewTitle?: string | null }) {
  const views = useQuery({ queryKey: queryKeys.views(tableId), queryFn: () => viewsApi.list(tableId), retry: false });
  if (views.isPending) return <FullPageSpinner />;
  const view = viewTitle ? views.data?.find((v) => v.title === viewTitle || v.id === viewTitle) : undefined;
  const kind = view ? kindOfType(view.type).kind : "grid";
  if (!view || kind === "grid") return <TableGridPage tableId={tableId} viewTitle={viewTitle} />;
  if (kind === "kanban") return <KanbanView key={view.id} tableId={tableId} view={view} />;
  if (kind === "calendar") return <CalendarView key={view.id} tableId={tableId} view={view} />;
  if (kind === "gallery") return <GalleryView key={view.id} tableId={tableId} view={view} />;
  return <FormBuilder key={view.id} tableId={tableId} view={view} />;
}
