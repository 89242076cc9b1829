/**
 * One widget on the dashboard: its title, its data (a TanStack query keyed by its table, so the
 * room's events for that table re-query it), exports, and for builders edit and delete.
 */
import { useQuery } from "@tanstack/react-query";
import { FileCode, FileSpreadsheet, Image, Pencil, Trash2 } from "lucide-react";
import { useCallback, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../api/query-keys";
import { IconButton } from "../components/ui/icon-button";
import { downloadBlob } from "../export/download";
import { errorText } from "../lib/api-errors";
import type { DrillPoint } from "./drill";
import type { Widget, WidgetData } from "./types";
import { WidgetBody } from "./widget-body";
import { widgetCsv } from "./widget-csv";

export type LoadData = (widget: Widget, signal: AbortSignal) => Promise<WidgetData>;

interface Props {
  dashboardId: string;
  widget: Widget;
  load: LoadData;
  onDrill?(widget: Widget, point: DrillPoint): void;
  onEdit?(): void;
  onDelete?(): void;
  /** The move and resize handles, for builders. */
  handles?: ReactNode;
}

const fileName = (title: string) => title.replace(/[\\/:*?"<>|]+/g, "_").slice(0, 80) || "widget";

export function WidgetCard({ dashboardId, widget, load, onDrill, onEdit, onDelete, handles }: Props) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.widgetData(widget.table_id ?? "", dashboardId, widget.id),
    queryFn: ({ signal }) => load(widget, signal),
    enabled: widget.type !== "text",
  });
  const exporter = useRef<((kind: "png" | "svg") => string) | null>(null);
  const onExporter = useCallback((e: (kind: "png" | "svg") => string) => void (exporter.current = e), []);
  const chart = ["bar", "line", "area", "pie"].includes(widget.type);

  const saveImage = async (kind: "png" | "svg") => {
    const url = exporter.current?.(kind);
    if (!url) return;
    downloadBlob(await (await fetch(url)).blob(), `${fileName(widget.title)}.${kind}`);
  };
  const saveCsv = () => {
    if (!query.data) return;
    const csv = widgetCsv(query.data, {
      x: t("dashboards.x"),
      value: t("dashboards.value"),
      total: t("dashboards.total"),
    });
    downloadBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), `${fileName(widget.title)}.csv`);
  };

  return (
    <section
      aria-label={widget.title}
      data-testid="dashboard-widget"
      className="group relative flex size-full min-h-0 flex-col rounded-lg border border-gray-200 bg-white shadow-sm"
    >
      <header className="flex items-center gap-1 border-b border-gray-100 px-2 py-1">
        <h3 className="min-w-0 flex-1 truncate text-sm font-medium text-gray-800">{widget.title}</h3>
        {chart && query.data ? (
          <>
            <IconButton label={t("dashboards.png")} icon={Image} onClick={() => void saveImage("png")} />
            <IconButton label={t("dashboards.svg")} icon={FileCode} onClick={() => void saveImage("svg")} />
          </>
        ) : null}
        {widget.type !== "text" && query.data ? (
          <IconButton label={t("export.csv")} icon={FileSpreadsheet} onClick={saveCsv} />
        ) : null}
        {onEdit ? <IconButton label={t("dashboards.editWidget")} icon={Pencil} onClick={onEdit} /> : null}
        {onDelete ? (
          <IconButton label={t("dashboards.deleteWidget")} icon={Trash2} tone="danger" onClick={onDelete} />
        ) : null}
        {handles}
      </header>
      <div className="flex min-h-0 flex-1 p-2">
        {query.isError ? (
          <p role="alert" className="m-auto text-center text-sm text-red-700">
            {errorText(query.error, t("dashboards.loadError"))}
          </p>
        ) : query.isPending && widget.type !== "text" ? (
          <div className="size-full animate-pulse rounded bg-gray-50" />
        ) : (
          <WidgetBody
            widget={widget}
            data={query.data}
            onDrill={onDrill ? (p) => onDrill(widget, p) : undefined}
            onExporter={onExporter}
          />
        )}
      </div>
    </section>
  );
}
