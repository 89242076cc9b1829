/**
 * The dashboard's widgets on a 12-column CSS grid. Builders drag a widget by its move handle and
 * resize it by its corner (pointer events, snapped to cells), or focus a handle and use the arrow
 * keys; the new layout is saved through PATCH of each widget that moved. Below 640 px the widgets
 * stack in one column in reading order and do not move. CSS grid lines follow the page direction,
 * so x counts from the start edge; a pointer's travel is mirrored right to left.
 */
import { Grip, MoveDiagonal2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDirection } from "../lib/use-direction";
import {
  cellsMoved,
  clampCell,
  COLUMNS,
  keyStep,
  moveTo,
  placeAll,
  readingOrder,
  ROW_PX,
  sameCell,
  type Placed,
} from "./layout";
import type { Cell, Widget } from "./types";

interface Props {
  widgets: readonly Widget[];
  editable: boolean;
  onLayout(changed: { id: string; position: Cell }[]): void;
  render(widget: Widget, handles: ReactNode): ReactNode;
}

function useNarrow() {
  const query = "(max-width: 639px)";
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const m = window.matchMedia(query);
    const on = () => setNarrow(m.matches);
    m.addEventListener("change", on);
    return () => m.removeEventListener("change", on);
  }, []);
  return narrow;
}

const HANDLE =
  "rounded p-1 text-gray-400 hover:bg-gray-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary";

export function DashboardGrid({ widgets, editable, onLayout, render }: Props) {
  const { t } = useTranslation();
  const rtl = useDirection() === "rtl";
  const narrow = useNarrow();
  const saved = useMemo(() => placeAll(widgets), [widgets]);
  const [layout, setLayout] = useState<Placed[]>(saved);
  useEffect(() => setLayout(saved), [saved]);
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: string; mode: "move" | "resize"; x0: number; y0: number; from: Cell } | null>(null);

  const commit = (next: Placed[]) => {
    setLayout(next);
    const changed = next.filter((n) => {
      const before = saved.find((s) => s.id === n.id);
      return !before || !sameCell(before, n);
    });
    if (changed.length) onLayout(changed.map(({ id, ...position }) => ({ id, position })));
  };

  const cellOf = (id: string) => layout.find((l) => l.id === id)!;

  const start = (id: string, mode: "move" | "resize") => (e: ReactPointerEvent) => {
    if (e.button !== 0) return;
    e.preventDefault();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    const { x, y, w, h } = cellOf(id);
    drag.current = { id, mode, x0: e.clientX, y0: e.clientY, from: { x, y, w, h } };
  };
  const target = (e: ReactPointerEvent): Cell | null => {
    const d = drag.current;
    if (!d || !box.current) return null;
    const { dx, dy } = cellsMoved(
      (e.clientX - d.x0) * (rtl ? -1 : 1),
      e.clientY - d.y0,
      box.current.clientWidth / COLUMNS,
    );
    return d.mode === "move"
      ? clampCell({ ...d.from, x: d.from.x + dx, y: d.from.y + dy })
      : clampCell({ ...d.from, w: d.from.w + dx, h: d.from.h + dy });
  };
  const move = (e: ReactPointerEvent) => {
    const cell = target(e);
    if (cell && drag.current) setLayout((l) => moveTo(l, drag.current!.id, cell));
  };
  const end = (e: ReactPointerEvent) => {
    const cell = target(e);
    const d = drag.current;
    drag.current = null;
    if (cell && d) commit(moveTo(layout, d.id, cell));
  };
  const key = (id: string, mode: "move" | "resize") => (e: React.KeyboardEvent) => {
    const cell = keyStep(e.key, mode === "resize", rtl, cellOf(id));
    if (!cell) return;
    e.preventDefault();
    commit(moveTo(layout, id, cell));
  };

  const handles = (w: Widget) =>
    editable && !narrow ? (
      <>
        <button
          type="button"
          aria-label={t("dashboards.move")}
          title={t("dashboards.move")}
          className={`${HANDLE} cursor-move touch-none`}
          onPointerDown={start(w.id, "move")}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          onKeyDown={key(w.id, "move")}
        >
          <Grip className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          aria-label={t("dashboards.resize")}
          title={t("dashboards.resize")}
          className={`${HANDLE} absolute bottom-0 end-0 cursor-nwse-resize touch-none rtl:-scale-x-100`}
          onPointerDown={start(w.id, "resize")}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          onKeyDown={key(w.id, "resize")}
        >
          <MoveDiagonal2 className="size-3.5" aria-hidden />
        </button>
      </>
    ) : null;

  if (narrow) {
    const byId = new Map(widgets.map((w) => [w.id, w]));
    return (
      <div className="flex flex-col gap-3">
        {readingOrder(layout).map((id) => (
          <div key={id} style={{ height: Math.max(2, cellOf(id).h) * ROW_PX }}>
            {render(byId.get(id)!, null)}
          </div>
        ))}
      </div>
    );
  }
  return (
    <div
      ref={box}
      className="grid gap-3"
      style={{ gridTemplateColumns: `repeat(${COLUMNS}, minmax(0, 1fr))`, gridAutoRows: `${ROW_PX - 12}px` }}
    >
      {widgets.map((w) => {
        const c = layout.find((l) => l.id === w.id);
        if (!c) return null;
        return (
          <div
            key={w.id}
            className="min-w-0"
            style={{ gridColumn: `${c.x + 1} / span ${c.w}`, gridRow: `${c.y + 1} / span ${c.h}` }}
          >
            {render(w, handles(w))}
          </div>
        );
      })}
    </div>
  );
}
