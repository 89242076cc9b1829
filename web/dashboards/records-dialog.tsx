/**
 * Click through: the records behind a bar, slice, point or pivot cell, read through the data API
 * with the widget's filters and the clicked values (./drill.ts), so the caller's access rules apply;
 * 50 at a time, every one of them reachable with "Load more", and how many there are said.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { rowsApi } from "../api/rows-api";
import { Button } from "../components/ui/button";
import { Modal } from "../components/ui/modal";
import { errorText } from "../lib/api-errors";
import { drillFilters, type DrillPoint } from "./drill";
import type { Widget } from "./types";
import { WidgetBody } from "./widget-body";

const PAGE = 50;

interface Props {
  projectId: string;
  drill: { widget: Widget; point: DrillPoint } | null;
  onClose(): void;
}

export function RecordsDialog({ projectId, drill, onClose }: Props) {
  const { t } = useTranslation();
  const widget = drill?.widget;
  const filters = drill ? drillFilters(drill.widget.config, drill.point) : [];
  const query = useInfiniteQuery({
    queryKey: ["drill", widget?.table_id, widget?.view_id, JSON.stringify(filters)],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      rowsApi.list(
        { projectId, tableId: widget!.table_id ?? "", viewId: widget!.view_id ?? null },
        { limit: PAGE, offset: pageParam, filterArrJson: JSON.stringify(filters) },
        signal,
      ),
    getNextPageParam: (last, pages) => (last.pageInfo?.isLastPage === false ? pages.length * PAGE : undefined),
    enabled: !!drill?.widget.table_id,
  });
  const point = drill?.point;
  const what = [point?.x, point?.series]
    .filter((v) => v !== undefined && v !== null)
    .map(String)
    .join(" · ");
  const list = query.data?.pages.flatMap((p) => p.list ?? []);
  const total = query.data?.pages[0]?.pageInfo?.totalRows;
  return (
    <Modal
      open={!!drill}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={t("dashboards.recordsTitle", { label: what || widget?.title || "" })}
      width="max-w-3xl"
    >
      <div className="flex h-96 min-h-0 flex-col gap-2" data-testid="drill-records">
        {query.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(query.error, t("dashboards.loadError"))}
          </p>
        ) : list && widget ? (
          <>
            <WidgetBody widget={{ ...widget, type: "records" }} data={{ list }} />
            <div className="flex flex-wrap items-center gap-2 text-xs text-gray-500">
              {typeof total === "number" ? (
                <span data-testid="drill-shown">{t("dashboards.recordsShown", { shown: list.length, total })}</span>
              ) : null}
              {query.hasNextPage ? (
                <Button
                  variant="secondary"
                  disabled={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {t("dashboards.loadMore")}
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <div className="size-full animate-pulse rounded bg-gray-50" />
        )}
      </div>
    </Modal>
  );
}
