/**
 * A calendar view: records on the days of their Date or DateTime field (or across a from/to
 * range), by month, week or day, with today and navigation. Only the visible range is asked
 * for; records without a date are listed at the side. Dragging a record to another day changes
 * its date (keeping a time and a range's length); clicking a day's "+" adds a record on it.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { rowsApi } from "../../api/rows-api";
import { viewKindsApi } from "../../api/view-kinds-api";
import type { Row, View } from "../../api/view-types";
import { FormAlert } from "../../components/ui/form-alert";
import { FullPageSpinner } from "../../components/ui/spinner";
import { codecFor } from "../../fields/codec";
import { errorText } from "../../lib/api-errors";
import { useNotifyError } from "../../lib/use-notify-error";
import { useProject } from "../../pages/project/project-context";
import { LiveGrid } from "../../realtime";
import { ExpandedRow } from "../grid/expanded/expanded-row";
import { recordWrites } from "../shared/record-writes";
import { useViewFrame } from "../shared/use-view-frame";
import { addDays, dayText, daysBetween, daysOf, movedTo, rangeWhere, step, visibleDays, type Mode } from "./range";

const MAX_PER_DAY = 3;
const MODES: Mode[] = ["month", "week", "day"];

export function CalendarView({ tableId, view }: { tableId: string; view: View }) {
  const { t, i18n } = useTranslation();
  const { projectId, can } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { frame, error } = useViewFrame(tableId, view);
  const settings = useQuery({ queryKey: ["calendar", view.id], queryFn: () => viewKindsApi.calendar(view.id) });
  const today = dayText(new Date(Date.now() - new Date().getTimezoneOffset() * 60_000));
  const [mode, setMode] = useState<Mode>("month");
  const [cursor, setCursor] = useState(today);
  const [dragging, setDragging] = useState<Row | null>(null);
  const [expanded, setExpanded] = useState<{ key: string | number | null } | null>(null);
  const days = useMemo(() => visibleDays(mode, cursor), [mode, cursor]);
  const range = settings.data?.calendar_range[0];
  const from = frame?.meta.columns.find((c) => c.id === range?.fk_from_column_id);
  const to = frame?.meta.columns.find((c) => c.id === range?.fk_to_column_id) ?? null;
  const target = { projectId, tableId, viewId: view.id };
  const rowsKey = ["calendarRows", view.id, days[0], days.at(-1)] as const;
  const rows = useQuery({
    queryKey: rowsKey,
    enabled: Boolean(from),
    queryFn: () => rowsApi.list(target, { limit: 1000, offset: 0, where: rangeWhere(from!.title, to?.title ?? null, days[0]!, days.at(-1)!) }),
  });
  const undated = useQuery({
    queryKey: ["calendarUndated", view.id],
    enabled: Boolean(from),
    queryFn: () => rowsApi.list(target, { limit: 50, offset: 0, where: `(${from!.title},blank)` }),
  });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ["calendarRows", view.id] });
    void queryClient.invalidateQueries({ queryKey: ["calendarUndated", view.id] });
  };
  const live = useMemo(() => ({ patchByKey: reload, applyEdit: () => (reload(), true), reload }), [view.id]);

  if (error || settings.error) return <FormAlert tone="error" message={errorText(error ?? settings.error, t("views.loadError"))} />;
  if (!frame || !settings.data) return <FullPageSpinner />;
  if (!from) return <FormAlert tone="error" message={t("views.calendar.noDateField")} />;
  const keyTitle = frame.keyTitle;
  const title = (row: Row) => (frame.pv ? codecFor(frame.pv).toText(row[frame.pv.title]) : "") || t("views.untitled");
  const byDay = new Map<string, Row[]>();
  for (const row of rows.data?.list ?? []) {
    const span = daysOf(row[from.title], to ? row[to.title] : null);
    if (!span) continue;
    for (const day of days) if (day >= span.first && day <= span.last) byDay.set(day, [...(byDay.get(day) ?? []), row]);
  }
  const canEdit = can("dataUpdate");

  async function moveTo(row: Row, day: string) {
    const span = daysOf(row[from!.title], to ? row[to.title] : null);
    const patch: Row = { [from!.title]: movedTo(row[from!.title], day) };
    if (to && span && row[to.title]) patch[to.title] = movedTo(row[to.title], addDays(day, daysBetween(span.first, span.last)));
    try {
      await rowsApi.update({ projectId, tableId }, row[keyTitle] as string | number, patch);
    } catch (err) {
      notifyError(err);
    }
    reload();
  }
  async function addOn(day: string) {
    try {
      const row = await rowsApi.insert({ projectId, tableId }, { [from!.title]: day });
      reload();
      setExpanded({ key: row[keyTitle] as string | number });
    } catch (err) {
      notifyError(err);
    }
  }
  const heading = new Intl.DateTimeFormat(i18n.language, mode === "month" ? { month: "long", year: "numeric", timeZone: "UTC" } : { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${mode === "week" ? days[0] : cursor}T00:00:00Z`));
  const weekday = (day: string) => new Intl.DateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
  const card = (row: Row) => (
    <li
      key={`${String(row[keyTitle])}`}
      data-testid="calendar-record"
      draggable={canEdit}
      onDragStart={(e) => (setDragging(row), e.dataTransfer.setData("text/plain", String(row[keyTitle])))}
      onDragEnd={() => setDragging(null)}
    >
      <button type="button" onClick={() => setExpanded({ key: row[keyTitle] as string | number })} className="block w-full truncate rounded bg-violet-100 px-1.5 py-0.5 text-start text-xs text-violet-900 hover:bg-violet-200">
        {title(row)}
      </button>
    </li>
  );
  return (
    <LiveGrid tableId={tableId} keyTitle={keyTitle} store={live} inTableOrder={false}>
      <div className="flex h-full min-h-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold text-gray-900">{view.title}</h2>
          <div className="flex items-center gap-1">
            <button type="button" className="rounded-md border border-gray-300 px-2 py-1 text-sm hover:bg-gray-100" onClick={() => setCursor(today)}>
              {t("views.calendar.today")}
            </button>
            <button type="button" className="rounded-md p-1 hover:bg-gray-100" aria-label={t("views.calendar.previous")} onClick={() => setCursor(step(mode, cursor, -1))}>
              <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            </button>
            <button type="button" className="rounded-md p-1 hover:bg-gray-100" aria-label={t("views.calendar.next")} onClick={() => setCursor(step(mode, cursor, 1))}>
              <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </button>
            <span data-testid="calendar-heading" className="ms-1 text-sm font-medium text-gray-800">{heading}</span>
          </div>
          <div role="group" aria-label={t("views.calendar.mode")} className="ms-auto flex rounded-md border border-gray-300">
            {MODES.map((m) => (
              <button key={m} type="button" aria-pressed={mode === m} onClick={() => setMode(m)} className={`px-2 py-1 text-sm ${mode === m ? "bg-primary/10 font-medium text-primary" : "text-gray-700"}`}>
                {t(`views.calendar.${m}`)}
              </button>
            ))}
          </div>
        </div>
        <div className="flex min-h-0 flex-1 gap-3">
          <div className={`grid min-h-0 min-w-0 flex-1 auto-rows-fr gap-px overflow-auto rounded-md border border-gray-200 bg-gray-200 ${mode === "day" ? "grid-cols-1" : "grid-cols-7"}`} data-testid="calendar-grid">
            {days.map((day) => {
              const list = byDay.get(day) ?? [];
              const limit = mode === "month" ? MAX_PER_DAY : list.length;
              return (
                <div
                  key={day}
                  data-testid="calendar-day"
                  data-day={day}
                  onDragOver={(e) => dragging && e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    if (dragging) void moveTo(dragging, day);
                    setDragging(null);
                  }}
                  className={`group flex min-h-20 min-w-0 flex-col gap-0.5 p-1 ${mode === "month" && day.slice(0, 7) !== cursor.slice(0, 7) ? "bg-gray-50 text-gray-400" : "bg-white"}`}
                >
                  <div className="flex items-center gap-1 text-xs">
                    <span className={day === today ? "rounded-full bg-primary px-1.5 font-semibold text-white" : ""}>{mode === "month" ? Number(day.slice(8)) : `${weekday(day)} ${Number(day.slice(8))}`}</span>
                    {can("dataInsert") ? (
                      <button type="button" className="ms-auto rounded p-0.5 text-gray-400 opacity-0 hover:bg-gray-100 focus:opacity-100 group-hover:opacity-100" aria-label={t("views.calendar.addOn", { day })} onClick={() => void addOn(day)}>
                        <Plus aria-hidden="true" className="size-3.5" />
                      </button>
                    ) : null}
                  </div>
                  <ul className="flex min-w-0 flex-col gap-0.5">{list.slice(0, limit).map(card)}</ul>
                  {list.length > limit ? (
                    <button type="button" className="text-start text-xs text-primary" onClick={() => (setMode("day"), setCursor(day))}>
                      {t("views.calendar.more", { count: list.length - limit })}
                    </button>
                  ) : null}
                </div>
              );
            })}
          </div>
          <aside className="hidden w-56 shrink-0 flex-col gap-1 overflow-y-auto rounded-md border border-gray-200 bg-white p-2 lg:flex" aria-label={t("views.calendar.undated")}>
            <h3 className="text-sm font-semibold text-gray-800">
              {t("views.calendar.undatedCount", { count: undated.data?.pageInfo.totalRows ?? 0 })}
            </h3>
            <ul className="flex flex-col gap-1" data-testid="calendar-undated">{(undated.data?.list ?? []).map(card)}</ul>
          </aside>
        </div>
      </div>
      {expanded ? (
        <ExpandedRow target={{ projectId, tableId }} keyTitle={keyTitle} rowKey={expanded.key} fields={frame.fields} canEdit={canEdit} canComment={can("commentRow")} writes={recordWrites({ projectId, tableId }, keyTitle, reload, notifyError)} onClose={() => setExpanded(null)} />
      ) : null}
    </LiveGrid>
  );
}
