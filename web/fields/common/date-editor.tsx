import { CalendarDays } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent } from "react";
import { useTranslation } from "react-i18next";
import type { DateParts } from "../../../db/fields/common/dates";
import type { EditorProps } from "../types";
import { dayOf, textWithDay, todayUtc } from "./calendar";
import { CalendarGrid } from "./calendar-grid";
import { CELL_INPUT_CLASS, cellKeys, INPUT_CLASS } from "./text-editor";

/**
 * Date, DateTime and Time editing: a text input read with the registry (every SPEC 5 format and
 * the column's own; a time as `9:45`, `9.45`, `21:45` or `9:45 pm`), the value it reads shown under
 * it while typing, and for dates a calendar. Over a cell the calendar is open; ArrowDown moves
 * into it. In the expanded record a button opens it. Never the browser's native date or time
 * input: its keystroke handling mangles typed values, and its time parts dropped typed times.
 */
export function dateEditor(kind: "date" | "datetime" | "time") {
  const calendar = kind !== "time";
  return function DateEditor({ value, codec, initialText, mode, onCommit, onCancel, onChange, id }: EditorProps) {
    const { t } = useTranslation();
    const dateFormat = typeof codec.ctx.options.date_format === "string" ? codec.ctx.options.date_format : undefined;
    const [text, setText] = useState(() => initialText ?? codec.toText(value));
    const [open, setOpen] = useState(mode === "cell" && calendar);
    const [inGrid, setInGrid] = useState(false);
    const [focusDay, setFocusDay] = useState<DateParts>(() => dayOf(text, dateFormat) ?? todayUtc());
    const input = useRef<HTMLInputElement>(null);
    const box = useRef<HTMLDivElement>(null);
    // Over a cell low in the grid, the calendar opens upwards so the grid's edge does not cut it.
    const [up, setUp] = useState(false);
    useLayoutEffect(() => {
      const el = box.current;
      const grid = el?.closest("[role=grid]");
      if (mode !== "cell" || !el || !grid) return;
      const r = el.getBoundingClientRect();
      const g = grid.getBoundingClientRect();
      setUp(g.bottom - r.bottom < 300 && r.top - g.top > g.bottom - r.bottom);
    }, [mode]);
    useEffect(() => {
      if (mode !== "cell") return;
      input.current?.focus();
      if (initialText === undefined) input.current?.select();
    }, [mode, initialText]);

    const chosen = dayOf(text, dateFormat);
    const parsed = text.trim() === "" ? null : codec.fromText(text);
    const change = (next: string) => {
      setText(next);
      const day = dayOf(next, dateFormat);
      if (day) setFocusDay(day);
      onChange?.({ text: next });
    };
    const pick = (day: DateParts) => {
      if (kind === "time") return; // no calendar
      const next = textWithDay(kind, text, day, dateFormat);
      setInGrid(false);
      if (kind === "date" && mode === "cell") return onCommit({ text: next });
      change(next);
      setFocusDay(day);
      if (mode === "form" && kind === "date") setOpen(false);
      input.current?.focus();
    };
    // Leaving the editor (not into its own calendar) saves, as every other cell editor does.
    const onBlur = (e: FocusEvent) => {
      if (mode !== "cell" || box.current?.contains(e.relatedTarget as Node | null)) return;
      onCommit({ text });
    };

    const preview = parsed === null ? null : parsed.ok ? codec.toText(parsed.value) : null;
    return (
      <div
        ref={box}
        className={mode === "cell" ? "relative flex w-max min-w-full flex-col gap-1" : "relative flex flex-col gap-1"}
        onBlur={onBlur}
      >
        <div className={mode === "cell" ? "flex h-8 items-center bg-white" : "flex items-center gap-1"}>
          <input
            ref={input}
            id={id}
            aria-label={codec.column.title}
            aria-describedby={id ? `${id}-preview` : undefined}
            autoComplete="off"
            className={mode === "cell" ? CELL_INPUT_CLASS : INPUT_CLASS}
            value={text}
            placeholder={calendar ? (dateFormat ?? "YYYY-MM-DD") : "HH:mm"}
            onChange={(e) => change(e.target.value)}
            onKeyDown={(e) => {
              if (calendar && e.key === "ArrowDown" && (open || e.altKey)) {
                e.preventDefault();
                e.stopPropagation();
                setOpen(true);
                setInGrid(true);
                return;
              }
              if (mode === "cell") cellKeys(e, (move) => onCommit({ text }, move), onCancel);
              else if (e.key === "Escape" && open) {
                e.preventDefault();
                e.stopPropagation();
                setOpen(false);
              }
            }}
          />
          {mode === "form" && calendar ? (
            <button
              type="button"
              className="rounded-md border border-gray-300 p-1.5 text-gray-500 hover:bg-gray-50 hover:text-gray-800"
              aria-label={t("grid.editor.openCalendar", { title: codec.column.title })}
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              <CalendarDays aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
        <p
          id={id ? `${id}-preview` : undefined}
          data-testid="date-preview"
          aria-live="polite"
          className={`rounded bg-white px-2 text-xs ${parsed && !parsed.ok ? "text-red-600" : "text-gray-500"}`}
        >
          {parsed === null
            ? calendar
              ? t("grid.editor.dateHint", { format: dateFormat ?? "YYYY-MM-DD" })
              : t("grid.editor.timeHint")
            : preview !== null
              ? t("grid.editor.dateReads", { value: preview })
              : calendar
                ? t("grid.editor.dateInvalid")
                : t("grid.editor.timeInvalid")}
        </p>
        {open ? (
          <div
            className={
              mode === "form" ? "absolute start-0 top-full z-20 mt-1" : up ? "absolute bottom-full start-0 mb-1" : ""
            }
          >
            <CalendarGrid
              focus={focusDay}
              chosen={chosen}
              label={t("grid.editor.calendar", { title: codec.column.title })}
              takeFocus={inGrid}
              onFocusDay={setFocusDay}
              onPick={pick}
              onLeave={() => {
                setInGrid(false);
                if (mode === "form") setOpen(false);
                input.current?.focus();
              }}
            />
          </div>
        ) : null}
      </div>
    );
  };
}
