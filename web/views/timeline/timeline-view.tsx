/**
 * A timeline view (Gantt, issue 37): records as bars from their start to their end (or for their
 * duration) on a time axis by day, week, month, quarter or year, one line each, in lanes by the
 * group field, with today marked and arrows from the records a dependency link names. Only the
 * days scrolled into view are asked for (the range read, db/views/timeline/range.ts) and only the
 * lines in view are drawn, so 10k records stay smooth. Dragging a bar moves it, dragging an edge
 * resizes it; the last changes can be undone (toast action or Ctrl+Z). Records without a start
 * are listed at the side, where "Schedule" (or dragging one onto the axis) gives them dates.
 * The axis scrolls inside its own area (375 px) and flips right to left.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Undo2 } from "lucide-react";
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { rowsApi } from "../../api/rows-api";
import { viewKindsApi, type TimelineSettings } from "../../api/view-kinds-api";
import type { Row, View } from "../../api/view-types";
import { FormAlert } from "../../components/ui/form-alert";
import { FullPageSpinner } from "../../components/ui/spinner";
import { codecFor } from "../../fields/codec";
import { cellText } from "../../fields/locale-display";
import { errorText } from "../../lib/api-errors";
import { rowIdOf } from "../../lib/row-id";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";
import { useProject } from "../../pages/project/project-context";
import { LiveGrid } from "../../realtime";
import { ExpandedRow } from "../grid/expanded/expanded-row";
import { useUndoStack } from "../shared/use-undo-stack";
import { carriedSettings } from "../shared/carried-settings";
import { recordWrites } from "../shared/record-writes";
import { useViewFrame } from "../shared/use-view-frame";
import {
  SCALES,
  addDays,
  dayAt,
  daysMoved,
  lines,
  nextUnit,
  offsetOf,
  placeBar,
  shifted,
  spanOf,
  tickLabel,
  ticks,
  unitStart,
  visibleLines,
  visibleRange,
  widthOf,
  windowAround,
  type Scale,
  type Span,
  todayText,
} from "./scale";
import { patchFor } from "./patch";
import { TimelineBar, type Edge } from "./timeline-bar";
import { ColourMenu } from "../colour/colour-menu";
import { colourOfRow, stripeOf } from "../colour/palette";
import { useColourRules } from "../colour/use-colour-rules";
import { TimelineSettingsButton } from "./timeline-settings";
import { Unscheduled } from "./unscheduled";

const HEAD = 36;
const LINE = 32;
const BAR = 22;
const PAGE = 1000;
/** At most this many records a range (10 pages): the range read pages through them. */
const MAX_PAGES = 10;

type Key = string | number;
interface Drag {
  key: string;
  edge: Edge;
  delta: number;
}

export function TimelineView({ tableId, view, readOnly = false }: { tableId: string; view: View; readOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const { projectId, can } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { frame, error } = useViewFrame(tableId, view);
  const settings = useQuery({
    queryKey: ["timeline", view.id],
    queryFn: () => viewKindsApi.timeline(view.id),
    initialData: () => carriedSettings<TimelineSettings>(view, "fk_start_column_id"),
  });
  const [scale, setScale] = useState<Scale>("week");
  const [cursor, setCursor] = useState(todayText);
  const w = useMemo(() => windowAround(scale, cursor), [scale, cursor]);
  const scroller = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ left: 0, top: 0, width: 800, height: 600 });
  const rtl = i18n.dir() === "rtl";
  const [drag, setDrag] = useState<Drag | null>(null);
  const [expanded, setExpanded] = useState<{ key: Key } | null>(null);
  // write (below) puts a record back; it is read when an undo runs.
  const { push, undoLast, canUndo } = useUndoStack((c) => void write(c.key, {}, c.before, false));

  // The days in view, widened to whole months (years on coarse scales) so scrolling asks again rarely.
  const seen = visibleRange(w, box.left, box.width, 1);
  const quantum: Scale = scale === "day" || scale === "week" ? "month" : "year";
  const from = unitStart(quantum, seen.from);
  const to = addDays(nextUnit(quantum, unitStart(quantum, seen.to)), -1);
  const s = settings.data;
  const startId = s?.fk_start_column_id;
  const rowsKey = useMemo(() => ["timelineRows", view.id, from, to] as const, [view.id, from, to]);
  const rows = useQuery({
    queryKey: rowsKey,
    enabled: Boolean(startId),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const all: Row[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const got = await viewKindsApi.timelineRows(
          projectId,
          tableId,
          view.id,
          { from, to, limit: PAGE, offset: page * PAGE },
          signal,
        );
        all.push(...(got.list as Row[]));
        if (got.pageInfo.isLastPage !== false || got.list.length < PAGE) break;
      }
      return all;
    },
  });
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["timelineRows", view.id] });
    void queryClient.invalidateQueries({ queryKey: ["timelineUnscheduled", view.id] });
  }, [queryClient, view.id]);
  const live = useMemo(() => ({ patchByKey: reload, applyEdit: () => (reload(), true), reload }), [reload]);
  // Colour rules (issue 37): the range read answers each row's colour; saving reads the bars again.
  const colours = useColourRules(view.id, reload);
  const keyTitle = frame?.keyTitle ?? "Id";

  // Centre today (or the cursor) when the scale changes; right to left scrolls to negative offsets.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const x = Math.max(0, offsetOf(w, cursor) - el.clientWidth / 2);
    el.scrollLeft = rtl ? -x : x;
    setBox({ left: el.scrollLeft, top: el.scrollTop, width: el.clientWidth, height: el.clientHeight });
  }, [w, cursor, rtl, Boolean(frame && s)]);

  const write = useCallback(
    async (key: Key, before: Row, patch: Row, record = true) => {
      if (record) push({ key, before });
      queryClient.setQueriesData<Row[]>({ queryKey: ["timelineRows", view.id] }, (old) =>
        old?.map((r) => (rowIdOf(r, keyTitle) === key ? { ...r, ...patch } : r)),
      );
      try {
        await rowsApi.update({ projectId, tableId }, key, patch);
        if (record)
          notify.undoable(t("views.timeline.moved"), t("views.timeline.undo"), () => undoLast(), "timeline-undo");
      } catch (err) {
        notifyError(err);
      }
      reload();
    },
    [queryClient, view.id, keyTitle, projectId, tableId, notifyError, reload, t, push, undoLast],
  );

  // The lines are laid out once per answer, not on every scroll frame (10k records).
  const laid = useMemo(() => {
    const cols = frame?.meta.columns ?? [];
    const byId = (id: string | null | undefined) => (id ? cols.find((c) => c.id === id) : undefined);
    const [st, en, du, gr] = [
      byId(s?.fk_start_column_id),
      byId(s?.fk_end_column_id),
      byId(s?.fk_duration_column_id),
      byId(s?.fk_group_column_id),
    ];
    const codec = gr ? codecFor(gr) : null;
    const placed = st
      ? (rows.data ?? []).filter((r) => spanOf(r[st.title], en ? r[en.title] : null, du ? r[du.title] : null))
      : [];
    const all = lines(
      placed,
      (r) => (gr && codec ? cellText(r[gr.title], codec, i18n.language) || null : null),
      (r) => String(st ? (r[st.title] ?? "") : ""),
    ).filter((l) => gr || l.kind === "record");
    const lineOf = new Map<string, number>();
    all.forEach((l, i) => l.kind === "record" && lineOf.set(String(rowIdOf(l.row, keyTitle)), i));
    return { all, lineOf };
  }, [rows.data, s, frame, keyTitle, i18n.language]);

  if (error || settings.error)
    return <FormAlert tone="error" message={errorText(error ?? settings.error, t("views.loadError"))} />;
  if (!frame || !s) return <FullPageSpinner />;
  const col = (id: string | null | undefined) => (id ? frame.meta.columns.find((c) => c.id === id) : undefined);
  const start = col(s.fk_start_column_id);
  if (!start) return <FormAlert tone="error" message={t("views.timeline.noStartField")} />;
  const end = col(s.fk_end_column_id);
  const duration = col(s.fk_duration_column_id);
  const dep = col(s.fk_dependency_column_id);
  const canEdit = !readOnly && can("dataUpdate");
  const resizable = Boolean(end || duration);
  const pvCodec = frame.pv ? codecFor(frame.pv) : null;
  const title = (row: Row) =>
    (pvCodec && frame.pv ? cellText(row[frame.pv.title], pvCodec, i18n.language) : "") || t("views.untitled");
  const spanOfRow = (row: Row) =>
    spanOf(row[start.title], end ? row[end.title] : null, duration ? row[duration.title] : null);
  const { all, lineOf } = laid;
  const width = widthOf(w);
  const height = HEAD + all.length * LINE;
  const { first, last } = visibleLines(all.length, LINE, Math.max(0, box.top - HEAD), box.height);
  const shownSpan = (row: Row): Span => {
    const span = spanOfRow(row)!;
    return drag && drag.key === String(rowIdOf(row, keyTitle)) ? shifted(span, drag.delta, drag.edge) : span;
  };

  const placing = { start: start.title, end: end?.title, duration: duration?.title };
  function grab(row: Row, edge: Edge, e: PointerEvent<HTMLElement>) {
    const key = String(rowIdOf(row, keyTitle));
    const x0 = e.clientX;
    let delta = 0;
    let moved = false;
    if (canEdit) e.currentTarget.setPointerCapture?.(e.pointerId);
    const move = (ev: globalThis.PointerEvent) => {
      if (!canEdit) return;
      if (Math.abs(ev.clientX - x0) > 3) moved = true;
      const d = daysMoved(ev.clientX - x0, w.px, rtl);
      if (moved && d !== delta) setDrag({ key, edge, delta: (delta = d) });
      else if (moved && !drag) setDrag({ key, edge, delta });
    };
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      setDrag(null);
      if (!moved) return edge === "move" ? setExpanded({ key: rowIdOf(row, keyTitle) as Key }) : undefined;
      if (delta === 0) return;
      const { patch, before } = patchFor(row, shifted(spanOfRow(row)!, delta, edge), edge, placing);
      void write(rowIdOf(row, keyTitle) as Key, before, patch);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }
  function keyStep(row: Row, delta: -1 | 1, edge: Edge) {
    if (edge === "end" && !resizable) return;
    const { patch, before } = patchFor(row, shifted(spanOfRow(row)!, delta, edge), edge, placing);
    void write(rowIdOf(row, keyTitle) as Key, before, patch);
  }
  /** Gives an unscheduled record dates: from `day`, one day long (or its duration). */
  function schedule(row: Row, day: string) {
    const patch: Row = { [start!.title]: day };
    const before: Row = { [start!.title]: null };
    if (end) {
      patch[end.title] = day;
      before[end.title] = row[end.title] ?? null;
    }
    void write(rowIdOf(row, keyTitle) as Key, before, patch);
  }
  function dropDay(clientX: number): string {
    const rect = scroller.current!.firstElementChild!.getBoundingClientRect();
    return dayAt(w, rtl ? rect.right - clientX : clientX - rect.left);
  }

  const today = todayText();
  const todayAt = offsetOf(w, today);
  const headTicks = ticks(scale, seen.from, seen.to);
  const visible = all.slice(first, last + 1);
  const centre = (i: number) => HEAD + i * LINE + LINE / 2;
  const arrows: Array<{ id: string; d: string }> = [];
  if (dep) {
    const xOf = (x: number) => (rtl ? width - x : x);
    for (let i = first; i <= last; i++) {
      const l = all[i];
      if (l?.kind !== "record") continue;
      const to = placeBar(w, shownSpan(l.row));
      const blockers = Array.isArray(l.row[dep.title]) ? (l.row[dep.title] as Array<Record<string, unknown>>) : [];
      for (const b of blockers) {
        const j = lineOf.get(String(b[keyTitle] ?? b.Id));
        const fromLine = j === undefined ? undefined : all[j];
        if (!to || fromLine?.kind !== "record") continue;
        const fromBar = placeBar(w, shownSpan(fromLine.row));
        if (!fromBar) continue;
        const x1 = xOf(fromBar.start + fromBar.width);
        const x2 = xOf(to.start);
        const mid = x1 + (rtl ? -8 : 8);
        arrows.push({
          id: `${String(rowIdOf(l.row, keyTitle))}-${j}`,
          d: `M${x1},${centre(j!)} H${mid} V${centre(i)} H${x2}`,
        });
      }
    }
  }

  return (
    <LiveGrid tableId={tableId} keyTitle={keyTitle} store={live} inTableOrder={false}>
      <div className="flex min-h-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold text-gray-900">{view.title}</h2>
          <button
            type="button"
            className="rounded-md border border-gray-300 px-2 py-1 text-sm hover:bg-gray-100"
            onClick={() => setCursor(todayText())}
          >
            {t("views.timeline.today")}
          </button>
          {canEdit ? (
            <button
              type="button"
              className="flex items-center gap-1 rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100 disabled:opacity-40"
              disabled={!canUndo}
              onClick={undoLast}
            >
              <Undo2 aria-hidden="true" className="size-4" />
              {t("views.timeline.undo")}
            </button>
          ) : null}
          <ColourMenu
            rules={colours.rules}
            columns={frame.meta.columns}
            canEdit={!readOnly && can("filterCreate")}
            onSave={colours.save}
          />
          {!readOnly && can("gridColumnUpdate") ? (
            <TimelineSettingsButton viewId={view.id} tableId={tableId} columns={frame.meta.columns} settings={s} />
          ) : null}
          <div
            role="group"
            aria-label={t("views.timeline.scale")}
            className="ms-auto flex rounded-md border border-gray-300"
          >
            {SCALES.map((sc) => (
              <button
                key={sc}
                type="button"
                aria-pressed={scale === sc}
                onClick={() => setScale(sc)}
                className={`px-2 py-1 text-sm ${scale === sc ? "bg-primary/10 font-medium text-primary" : "text-gray-700"}`}
              >
                {t(`views.timeline.scales.${sc}`)}
              </button>
            ))}
          </div>
        </div>
        <div className="flex min-h-0 flex-1 flex-col gap-3 md:flex-row">
          <div
            ref={scroller}
            // Its own direction, set in the same commit as the centring below (the page's dir follows later).
            dir={rtl ? "rtl" : "ltr"}
            data-testid="timeline-scroller"
            className="relative min-h-0 min-w-0 flex-1 overflow-auto rounded-md border border-gray-200 bg-white"
            onScroll={(e) => {
              const el = e.currentTarget;
              setBox({ left: el.scrollLeft, top: el.scrollTop, width: el.clientWidth, height: el.clientHeight });
            }}
            onDragOver={(e) =>
              canEdit && e.dataTransfer.types.includes("application/x-timeline-row") && e.preventDefault()
            }
            onDrop={(e) => {
              const key = e.dataTransfer.getData("application/x-timeline-row");
              const row = queryClient
                .getQueriesData<{ list: Row[] }>({ queryKey: ["timelineUnscheduled", view.id] })
                .flatMap(([, d]) => d?.list ?? [])
                .find((r) => String(rowIdOf(r, keyTitle)) === key);
              if (!row) return;
              e.preventDefault();
              schedule(row, dropDay(e.clientX));
            }}
          >
            <div
              className="relative"
              style={{ width, height: Math.max(height, box.height) }}
              data-testid="timeline-canvas"
            >
              <div
                className="sticky top-0 z-20 border-b border-gray-200 bg-gray-50"
                style={{ height: HEAD, width }}
                aria-hidden="true"
              >
                {headTicks.map((d) => (
                  <span
                    key={d}
                    data-testid="timeline-tick"
                    className="absolute top-0 flex h-full items-center truncate border-s border-gray-200 px-1 text-xs text-gray-600"
                    style={{
                      insetInlineStart: offsetOf(w, d),
                      width: offsetOf(w, nextUnit(scale, d)) - offsetOf(w, d),
                    }}
                  >
                    {tickLabel(scale, d, i18n.language)}
                  </span>
                ))}
              </div>
              {todayAt >= 0 && todayAt <= width ? (
                <div
                  data-testid="timeline-today"
                  aria-label={t("views.timeline.todayMarker")}
                  className="absolute top-0 z-10 w-0.5 bg-red-500"
                  style={{ insetInlineStart: todayAt + w.px / 2, height: Math.max(height, box.height) }}
                />
              ) : null}
              {arrows.length ? (
                <svg
                  className="pointer-events-none absolute start-0 top-0 text-gray-500"
                  width={width}
                  height={height}
                  aria-hidden="true"
                  data-testid="timeline-arrows"
                >
                  <defs>
                    <marker id={`tl-arrow-${view.id}`} markerWidth="6" markerHeight="6" refX="5" refY="3" orient="auto">
                      <path d="M0,0 L6,3 L0,6 z" fill="currentColor" />
                    </marker>
                  </defs>
                  {arrows.map((a) => (
                    <path
                      key={a.id}
                      d={a.d}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.5"
                      markerEnd={`url(#tl-arrow-${view.id})`}
                      data-testid="timeline-arrow"
                    />
                  ))}
                </svg>
              ) : null}
              {visible.map((l, k) => {
                const i = first + k;
                if (l.kind === "lane")
                  return (
                    <div
                      key={`lane-${l.key}`}
                      data-testid="timeline-lane"
                      className="absolute start-0 flex items-center border-t border-gray-200 bg-gray-100/70"
                      style={{ top: HEAD + i * LINE, height: LINE, width }}
                    >
                      <span className="sticky start-0 truncate px-2 text-sm font-medium text-gray-800">
                        {t("views.timeline.lane", { title: l.key || t("views.timeline.noGroup"), n: l.count })}
                      </span>
                    </div>
                  );
                const row = l.row;
                const span = shownSpan(row);
                const place = placeBar(w, span);
                if (!place) return null;
                const key = String(rowIdOf(row, keyTitle));
                return (
                  <TimelineBar
                    key={key}
                    title={title(row)}
                    start={place.start}
                    width={place.width}
                    top={HEAD + i * LINE + (LINE - BAR) / 2}
                    height={BAR}
                    editable={canEdit}
                    first={span.first}
                    last={span.last}
                    onGrab={(edge, e) => grab(row, edge === "move" || resizable ? edge : "move", e)}
                    onOpen={() => setExpanded({ key: rowIdOf(row, keyTitle) as Key })}
                    onKeyStep={(delta, edge) => keyStep(row, delta, edge)}
                    color={stripeOf(colourOfRow(row)?.row)}
                  />
                );
              })}
            </div>
          </div>
          <Unscheduled
            projectId={projectId}
            tableId={tableId}
            viewId={view.id}
            keyTitle={keyTitle}
            title={title}
            canEdit={canEdit}
            onSchedule={(row) => schedule(row, today)}
            onOpen={(row) => setExpanded({ key: rowIdOf(row, keyTitle) as Key })}
          />
        </div>
      </div>
      {expanded ? (
        <ExpandedRow
          target={{ projectId, tableId }}
          keyTitle={keyTitle}
          rowKey={expanded.key}
          fields={frame.fields}
          canEdit={canEdit}
          canComment={!readOnly && can("commentRow")}
          writes={recordWrites({ projectId, tableId }, keyTitle, reload, notifyError)}
          onClose={() => setExpanded(null)}
        />
      ) : null}
    </LiveGrid>
  );
}
