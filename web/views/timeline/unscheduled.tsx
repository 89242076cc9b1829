/**
 * The timeline's side list: records without a start, 25 at a time ("Show more" asks for the next).
 * Each can be scheduled from today with its button, or dragged onto the time axis (the view drops
 * it on the day under the pointer). On narrow screens the list sits under the axis.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { viewKindsApi } from "../../api/view-kinds-api";
import type { Row } from "../../api/view-types";
import { ValueText } from "../../fields/common/value-text";
import { rowIdOf } from "../../lib/row-id";

const STEP = 25;

interface UnscheduledProps {
  projectId: string;
  tableId: string;
  viewId: string;
  keyTitle: string;
  title(row: Row): string;
  canEdit: boolean;
  onSchedule(row: Row): void;
  onOpen(row: Row): void;
}

export function Unscheduled(p: UnscheduledProps) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(STEP);
  const page = useQuery({
    queryKey: ["timelineUnscheduled", p.viewId, limit],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      viewKindsApi.timelineRows(p.projectId, p.tableId, p.viewId, { unscheduled: true, limit, offset: 0 }, signal),
  });
  const list = (page.data?.list ?? []) as Row[];
  const total = page.data?.pageInfo.totalRows ?? 0;
  return (
    <aside
      className="flex max-h-40 w-full shrink-0 flex-col gap-1 overflow-y-auto rounded-md border border-gray-200 bg-white p-2 md:max-h-none md:w-56"
      aria-label={t("views.timeline.unscheduled")}
    >
      <h3 className="text-sm font-semibold text-gray-800">{t("views.timeline.unscheduledCount", { count: total })}</h3>
      <ul className="flex flex-col gap-1" data-testid="timeline-unscheduled">
        {list.map((row) => {
          const key = String(rowIdOf(row, p.keyTitle));
          return (
            <li
              key={key}
              data-testid="timeline-unscheduled-record"
              draggable={p.canEdit}
              onDragStart={(e) => {
                e.dataTransfer.setData("application/x-timeline-row", key);
                e.dataTransfer.effectAllowed = "move";
              }}
              className="flex items-center gap-1 rounded bg-gray-50 px-1.5 py-0.5 text-xs"
            >
              <button type="button" className="min-w-0 flex-1 truncate text-start" onClick={() => p.onOpen(row)}>
                <ValueText text={p.title(row)} />
              </button>
              {p.canEdit ? (
                <button
                  type="button"
                  className="shrink-0 rounded px-1 text-primary hover:bg-primary/10"
                  aria-label={t("views.timeline.scheduleRecord", { title: p.title(row) })}
                  onClick={() => p.onSchedule(row)}
                >
                  {t("views.timeline.schedule")}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {list.length < total ? (
        <button type="button" className="text-start text-xs text-primary" onClick={() => setLimit((n) => n + STEP)}>
          {t("views.timeline.showMore")}
        </button>
      ) : null}
    </aside>
  );
}
