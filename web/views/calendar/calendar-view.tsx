/**
 * A calendar view: records on the days of their Date or DateTime field, or as bars across the
 * days of a from/to range, by month, week or day, with today and navigation. Only the visible
 * range is asked for; records without a date are listed at the side. Dragging a bar moves the
 * record (keeping a time and a range's length, and the day the bar was taken by); dragging either
 * end of a range's bar changes its start or end; the last changes can be undone (button or
 * Ctrl+Z). Clicking a day's "+" adds a record on it. Builders manage an iCal subscription.
 */
import { ColourMenu } from "../colour/colour-menu";
import { useColourRules } from "../colour/use-colour-rules";
import { colourOfRow, stripeOf } from "../colour/palette";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Plus, Undo2 } from "lucide-react";
import { useCallback, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { rowsApi } from "../../api/rows-api";
import { viewKindsApi, type CalendarSettings } from "../../api/view-kinds-api";
import type { Row, RowPage, View } from "../../api/view-types";
import { FormAlert } from "../../components/ui/form-alert";
import { FullPageSpinner } from "../../components/ui/spinner";
import { codecFor } from "../../fields/codec";
import { ValueText } from "../../fields/common/value-text";
import { cellText } from "../../fields/locale-display";
import { errorText } from "../../lib/api-errors";
import { useNotifyError } from "../../lib/use-notify-error";
import { useProject } from "../../pages/project/project-context";
import { LiveGrid } from "../../realtime";
import { ExpandedRow } from "../grid/expanded/expanded-row";
import { useUndoStack } from "../shared/use-undo-stack";
import { recordWrites } from "../shared/record-writes";
import { useViewFrame } from "../shared/use-view-frame";
import { CalendarBar, HEADER, LANE } from "./calendar-bar";
import { CalendarFeed } from "./calendar-feed";
import {
  addDays,
  blankFilter,
  daysBetween,
  daysOf,
  firstDayOfWeek,
  layoutRow,
  movedTo,
  rangeFilter,
  resized,
  step,
  visibleDays,
  weekdayNames,
  type Mode,
  type Segment,
  todayText,
} from "./range";
import { carriedSettings } from "../shared/carried-settings";
import { rowIdOf } from "../../lib/row-id";

const MAX_LANES = 3;
const MODES: Mode[] = ["month", "week", "day"];

type Key = string | number;
interface Resizing {
  key: Key;
  edge: "start" | "end";
  day: string;
}

const chunk = (days: readonly string[], size: number) =>
  Array.from({ length: Math.ceil(days.length / size) }, (_, i) => days.slice(i * size, i * size + size));
/** The day cell under the pointer, through any bars over it. */
const dayAt = (x: number, y: number) =>
  (
    document.elementsFromPoint(x, y).find((el) => el instanceof HTMLElement && el.dataset.testid === "calendar-day") as
      HTMLElement | undefined
  )?.dataset.day ?? null;

export function CalendarView({ tableId, view }: { tableId: string; view: View }) {
  const { t, i18n } = useTranslation();
  const { projectId, can } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { frame, error } = useViewFrame(tableId, view);
  // The view list already carries the settings: the records are asked for at once, alongside the table's columns.
  const settings = useQuery({
    queryKey: ["calendar", view.id],
    queryFn: () => viewKindsApi.calendar(view.id),
    initialData: () => carriedSettings<CalendarSettings>(view, "calendar_range"),
  });
  const today = todayText();
  const [mode, setMode] = useState<Mode>("month");
  const [cursor, setCursor] = useState(today);
  const [dragging, setDragging] = useState<{ row: Row; grabbed: number } | null>(null);
  const [passThrough, setPassThrough] = useState(false);
  const [resizing, setResizing] = useState<Resizing | null>(null);
  const resizingRef = useRef(false);
  const [expanded, setExpanded] = useState<{ key: Key | null } | null>(null);
  // write (below) puts a record back; it is read when an undo runs.
  const { push, undoLast, canUndo } = useUndoStack((c) => void write(c.key, {}, c.before, false));
  const firstDay = useMemo(() => firstDayOfWeek(i18n.language, navigator.languages), [i18n.language]);
  const days = useMemo(() => visibleDays(mode, cursor, firstDay), [mode, cursor, firstDay]);
  const range = settings.data?.calendar_range[0];
  const from = frame?.meta.columns.find((c) => c.id === range?.fk_from_column_id);
  const to = frame?.meta.columns.find((c) => c.id === range?.fk_to_column_id) ?? null;
  const target = { projectId, tableId, viewId: view.id };
  const rowsKey = useMemo(() => ["calendarRows", view.id, days[0], days.at(-1)] as const, [view.id, days]);
  const fromId = range?.fk_from_column_id;
  const rows = useQuery({
    queryKey: rowsKey,
    enabled: Boolean(fromId),
    queryFn: () =>
      rowsApi.list(target, {
        limit: 1000,
        offset: 0,
        filterArrJson: rangeFilter(fromId!, range?.fk_to_column_id ?? null, days[0]!, days.at(-1)!),
      }),
  });
  const undated = useQuery({
    queryKey: ["calendarUndated", view.id],
    enabled: Boolean(fromId),
    queryFn: () => rowsApi.list(target, { limit: 50, offset: 0, filterArrJson: blankFilter(fromId!) }),
  });
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["calendarRows", view.id] });
    void queryClient.invalidateQueries({ queryKey: ["calendarUndated", view.id] });
  }, [queryClient, view.id]);
  const live = useMemo(() => ({ patchByKey: reload, applyEdit: () => (reload(), true), reload }), [reload]);
  // Colour rules (issue 37): the events' stripes come with the rows; a change reads them again.
  const colours = useColourRules(view.id, reload);
  const keyTitle = frame?.keyTitle ?? "Id";

  /** Writes a change to a record, shown at once, kept for undo unless it is an undo itself. */
  const write = useCallback(
    async (key: Key, before: Row, patch: Row, record = true) => {
      if (record) push({ key, before });
      queryClient.setQueryData<RowPage>(rowsKey, (old) =>
        old ? { ...old, list: old.list.map((r) => (rowIdOf(r, keyTitle) === key ? { ...r, ...patch } : r)) } : old,
      );
      try {
        await rowsApi.update({ projectId, tableId }, key, patch);
      } catch (err) {
        notifyError(err);
      }
      reload();
    },
    [queryClient, rowsKey, keyTitle, projectId, tableId, notifyError, reload, push],
  );

  if (error || settings.error)
    return <FormAlert tone="error" message={errorText(error ?? settings.error, t("views.loadError"))} />;
  if (!frame || !settings.data) return <FullPageSpinner />;
  if (!from) return <FormAlert tone="error" message={t("views.calendar.noDateField")} />;
  const pvCodec = frame.pv ? codecFor(frame.pv) : null;
  const title = (row: Row) =>
    (pvCodec && frame.pv ? cellText(row[frame.pv.title], pvCodec, i18n.language) : "") || t("views.untitled");
  const canEdit = can("dataUpdate");
  const list = rows.data?.list ?? [];
  const byKey = new Map(list.map((r) => [String(rowIdOf(r, keyTitle)), r]));
  const spanOf = (row: Row) => {
    const span = daysOf(row[from.title], to ? row[to.title] : null);
    if (span && resizing && resizing.key === rowIdOf(row, keyTitle)) return resized(span, resizing.edge, resizing.day);
    return span;
  };
  const spans = list.flatMap((row) => {
    const span = spanOf(row);
    return span ? [{ key: String(rowIdOf(row, keyTitle)), ...span }] : [];
  });

  function moveTo(row: Row, day: string) {
    const span = daysOf(row[from!.title], to ? row[to.title] : null);
    const patch: Row = { [from!.title]: movedTo(row[from!.title], day) };
    const before: Row = { [from!.title]: row[from!.title] ?? null };
    if (to && span && row[to.title]) {
      patch[to.title] = movedTo(row[to.title], addDays(day, daysBetween(span.first, span.last)));
      before[to.title] = row[to.title];
    }
    if (patch[from!.title] === row[from!.title]) return;
    void write(rowIdOf(row, keyTitle) as Key, before, patch);
  }
  function startResize(row: Row, edge: "start" | "end", e: ReactPointerEvent<HTMLSpanElement>) {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    const key = rowIdOf(row, keyTitle) as Key;
    const span = daysOf(row[from!.title], to ? row[to.title] : null);
    if (!span || !to) return;
    resizingRef.current = true;
    let day = edge === "start" ? span.first : span.last;
    setResizing({ key, edge, day });
    const move = (ev: PointerEvent) => {
      const over = dayAt(ev.clientX, ev.clientY);
      if (over && over !== day) setResizing({ key, edge, day: (day = over) });
    };
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      resizingRef.current = false;
      setResizing(null);
      const next = resized(span, edge, day);
      if (edge === "start" && next.first !== span.first)
        void write(key, { [from!.title]: row[from!.title] }, { [from!.title]: movedTo(row[from!.title], next.first) });
      if (edge === "end" && next.last !== span.last)
        void write(
          key,
          { [to.title]: row[to.title] ?? null },
          { [to.title]: movedTo(row[to.title] ?? row[from!.title], next.last) },
        );
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }
  function keyStep(row: Row, delta: -1 | 1, end: boolean) {
    const span = daysOf(row[from!.title], to ? row[to.title] : null);
    if (!span) return;
    if (!end) return moveTo(row, addDays(span.first, delta));
    const last = addDays(span.last, delta);
    if (!to || last < span.first) return;
    void write(
      rowIdOf(row, keyTitle) as Key,
      { [to.title]: row[to.title] ?? null },
      { [to.title]: movedTo(row[to.title] ?? row[from!.title], last) },
    );
  }
  function startDrag(row: Row, grabbed: number, e: React.DragEvent<HTMLElement>) {
    if (resizingRef.current) return e.preventDefault();
    e.dataTransfer.setData("text/plain", String(rowIdOf(row, keyTitle)));
    e.dataTransfer.effectAllowed = "move";
    setDragging({ row, grabbed });
    // After the browser took its drag image: bars then let drops through to the days under them.
    setTimeout(() => setPassThrough(true), 0);
  }
  const endDrag = () => (setDragging(null), setPassThrough(false));
  async function addOn(day: string) {
    try {
      const row = await rowsApi.insert({ projectId, tableId }, { [from!.title]: day });
      reload();
      setExpanded({ key: rowIdOf(row!, keyTitle) as Key });
    } catch (err) {
      notifyError(err);
    }
  }

  const heading = new Intl.DateTimeFormat(
    i18n.language,
    mode === "month"
      ? { month: "long", year: "numeric", timeZone: "UTC" }
      : { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" },
  ).format(new Date(`${mode === "week" ? days[0] : cursor}T00:00:00Z`));
  const weekday = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
  const laneLimit = mode === "month" ? MAX_LANES : Infinity;
  const card = (row: Row) => (
    <li
      key={`${String(rowIdOf(row, keyTitle))}`}
      data-testid="calendar-record"
      draggable={canEdit}
      onDragStart={(e) => startDrag(row, 0, e)}
      onDragEnd={endDrag}
    >
      <button
        type="button"
        onClick={() => setExpanded({ key: rowIdOf(row, keyTitle) as Key })}
        className="block w-full truncate rounded bg-violet-100 px-1.5 py-0.5 text-start text-xs text-violet-900 hover:bg-violet-200"
        data-colour={colourOfRow(row)?.row}
        style={
          colourOfRow(row)?.row ? { borderInlineStart: `3px solid ${stripeOf(colourOfRow(row)?.row)}` } : undefined
        }
      >
        <ValueText text={title(row)} />
      </button>
    </li>
  );
  const cells = chunk(days, mode === "day" ? 1 : 7).flatMap((week) => {
    const segments = layoutRow(week, spans);
    const lanes = Math.min(
      laneLimit,
      segments.reduce((m, s) => Math.max(m, s.lane + 1), 0),
    );
    return week.map((day, col) => {
      const starting = segments.filter((s) => s.col === col && s.lane < laneLimit);
      const hidden = segments.filter((s) => s.lane >= laneLimit && s.col <= col && col < s.col + s.length).length;
      return { day, starting, hidden, lanes };
    });
  });
  const bar = (s: Segment, day: string) => {
    const row = byKey.get(s.key);
    if (!row) return null;
    const span = spanOf(row)!;
    return (
      <CalendarBar
        key={s.key}
        segment={s}
        title={title(row)}
        colour={colourOfRow(row)?.row}
        pieceFirst={day}
        span={span}
        movable={canEdit}
        resizable={canEdit && Boolean(to)}
        passThrough={passThrough || resizing !== null}
        onOpen={() => setExpanded({ key: rowIdOf(row, keyTitle) as Key })}
        onDragStart={(e, grabbed) => startDrag(row, daysBetween(span.first, day) + grabbed, e)}
        onDragEnd={endDrag}
        onResizeStart={(edge, e) => startResize(row, edge, e)}
        onKeyStep={(delta, end) => keyStep(row, delta, end)}
      />
    );
  };
  return (
    <LiveGrid tableId={tableId} keyTitle={keyTitle} store={live} inTableOrder={false}>
      <div className="flex min-h-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold text-gray-900">{view.title}</h2>
          <ColourMenu
            rules={colours.rules}
            columns={frame.meta.columns}
            canEdit={can("filterCreate")}
            onSave={colours.save}
          />
          <div className="flex items-center gap-1">
            <button
              type="button"
              className="rounded-md border border-gray-300 px-2 py-1 text-sm hover:bg-gray-100"
              onClick={() => setCursor(today)}
            >
              {t("views.calendar.today")}
            </button>
            <button
              type="button"
              className="rounded-md p-1 hover:bg-gray-100"
              aria-label={t("views.calendar.previous")}
              onClick={() => setCursor(step(mode, cursor, -1))}
            >
              <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            </button>
            <button
              type="button"
              className="rounded-md p-1 hover:bg-gray-100"
              aria-label={t("views.calendar.next")}
              onClick={() => setCursor(step(mode, cursor, 1))}
            >
              <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </button>
            <span data-testid="calendar-heading" className="ms-1 text-sm font-medium text-gray-800">
              {heading}
            </span>
          </div>
          <button
            type="button"
            className="flex items-center gap-1 rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100 disabled:opacity-40"
            disabled={!canUndo}
            onClick={undoLast}
          >
            <Undo2 aria-hidden="true" className="size-4" />
            {t("views.calendar.undo")}
          </button>
          <div className="ms-auto flex items-center gap-2">
            {can("viewUpdate") ? <CalendarFeed viewId={view.id} settings={settings.data} /> : null}
            <div role="group" aria-label={t("views.calendar.mode")} className="flex rounded-md border border-gray-300">
              {MODES.map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={mode === m}
                  onClick={() => setMode(m)}
                  className={`px-2 py-1 text-sm ${mode === m ? "bg-primary/10 font-medium text-primary" : "text-gray-700"}`}
                >
                  {t(`views.calendar.${m}`)}
                </button>
              ))}
            </div>
          </div>
        </div>
        <div className="flex min-h-0 flex-1 gap-3">
          <div className="flex min-h-0 min-w-0 flex-1 flex-col">
            {mode === "month" ? (
              <div
                aria-hidden="true"
                data-testid="calendar-weekdays"
                className="grid grid-cols-7 gap-px rounded-t-md border border-b-0 border-gray-200 bg-gray-200"
              >
                {weekdayNames(i18n.language, firstDay).map((name) => (
                  <span
                    key={name}
                    className="truncate bg-gray-50 px-1 py-0.5 text-center text-xs font-medium text-gray-600"
                  >
                    {name}
                  </span>
                ))}
              </div>
            ) : null}
            <div
              className={`grid min-h-0 min-w-0 flex-1 auto-rows-fr gap-px overflow-auto border border-gray-200 bg-gray-200 ${mode === "month" ? "rounded-b-md" : "rounded-md"} ${mode === "day" ? "grid-cols-1" : "grid-cols-7"}`}
              data-testid="calendar-grid"
            >
              {cells.map(({ day, starting, hidden, lanes }) => (
                <div
                  key={day}
                  data-testid="calendar-day"
                  data-day={day}
                  onDragOver={(e) => dragging && e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    if (dragging) moveTo(dragging.row, addDays(day, -dragging.grabbed));
                    endDrag();
                  }}
                  className={`group relative flex min-w-0 flex-col p-1 ${mode === "month" && day.slice(0, 7) !== cursor.slice(0, 7) ? "bg-gray-50 text-gray-400" : "bg-white"} ${resizing?.day === day ? "bg-violet-50" : ""}`}
                  style={{ minHeight: HEADER + lanes * LANE + (hidden ? 20 : 8) + (mode === "month" ? 0 : 40) }}
                >
                  <div className="flex h-5 items-center gap-1 text-xs">
                    <span className={day === today ? "rounded-full bg-primary px-1.5 font-semibold text-white" : ""}>
                      {mode === "month" ? Number(day.slice(8)) : `${weekday(day)} ${Number(day.slice(8))}`}
                    </span>
                    {can("dataInsert") ? (
                      <button
                        type="button"
                        className="ms-auto rounded p-0.5 text-gray-400 opacity-0 hover:bg-gray-100 focus:opacity-100 group-hover:opacity-100"
                        aria-label={t("views.calendar.addOn", { day })}
                        onClick={() => void addOn(day)}
                      >
                        <Plus aria-hidden="true" className="size-3.5" />
                      </button>
                    ) : null}
                  </div>
                  {starting.map((s) => bar(s, day))}
                  {hidden > 0 ? (
                    <button
                      type="button"
                      className="text-start text-xs text-primary"
                      style={{ marginTop: lanes * LANE }}
                      onClick={() => (setMode("day"), setCursor(day))}
                    >
                      {t("views.calendar.more", { count: hidden })}
                    </button>
                  ) : null}
                </div>
              ))}
            </div>
          </div>
          <aside
            className="hidden w-56 shrink-0 flex-col gap-1 overflow-y-auto rounded-md border border-gray-200 bg-white p-2 lg:flex"
            aria-label={t("views.calendar.undated")}
          >
            <h3 className="text-sm font-semibold text-gray-800">
              {t("views.calendar.undatedCount", { count: undated.data?.pageInfo.totalRows ?? 0 })}
            </h3>
            <ul className="flex flex-col gap-1" data-testid="calendar-undated">
              {(undated.data?.list ?? []).map(card)}
            </ul>
          </aside>
        </div>
      </div>
      {expanded ? (
        <ExpandedRow
          target={{ projectId, tableId }}
          keyTitle={keyTitle}
          rowKey={expanded.key}
          fields={frame.fields}
          canEdit={canEdit}
          canComment={can("commentRow")}
          writes={recordWrites({ projectId, tableId }, keyTitle, reload, notifyError)}
          onClose={() => setExpanded(null)}
        />
      ) : null}
    </LiveGrid>
  );
}
