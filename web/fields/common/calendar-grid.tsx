import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { DateParts } from "../../../db/fields/common/dates";
import { addDays, addMonths, monthGrid, sameDay, todayUtc } from "./calendar";

interface CalendarGridProps {
  /** The day the keyboard is on (its month is shown). */
  focus: DateParts;
  /** The day the text names, marked as chosen. */
  chosen: DateParts | null;
  label: string;
  /** Move the keyboard focus into the grid (after ArrowDown in the input). */
  takeFocus: boolean;
  onFocusDay(day: DateParts): void;
  onPick(day: DateParts): void;
  /** Escape, or focus handed back to the text input. */
  onLeave(): void;
}

const key = (d: DateParts) => `${d.year}-${d.month}-${d.day}`;

/**
 * A month of days: click or Enter picks; arrows move a day or a week, PageUp/PageDown a month
 * (Shift: a year), Home/End the week's ends; Escape goes back to the text input.
 */
export function CalendarGrid({ focus, chosen, label, takeFocus, onFocusDay, onPick, onLeave }: CalendarGridProps) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const days = monthGrid(focus);
  const today = todayUtc();
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(focus.year, focus.month - 1, 1)),
  );
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: "narrow", timeZone: "UTC" });
  const dayName = new Intl.DateTimeFormat(i18n.language, { dateStyle: "full", timeZone: "UTC" });

  useEffect(() => {
    if (takeFocus) box.current?.querySelector<HTMLButtonElement>(`[data-day="${key(focus)}"]`)?.focus();
  }, [takeFocus, focus]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    e.stopPropagation();
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl" ? -1 : 1;
    const moves: Record<string, () => DateParts> = {
      ArrowLeft: () => addDays(focus, -rtl),
      ArrowRight: () => addDays(focus, rtl),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      PageUp: () => addMonths(focus, e.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focus, e.shiftKey ? 12 : 1),
      Home: () => addDays(focus, -((new Date(Date.UTC(focus.year, focus.month - 1, focus.day)).getUTCDay() + 6) % 7)),
      End: () => addDays(focus, 6 - ((new Date(Date.UTC(focus.year, focus.month - 1, focus.day)).getUTCDay() + 6) % 7)),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      onFocusDay(move());
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onPick(focus);
    } else if (e.key === "Escape" || e.key === "Tab") {
      e.preventDefault();
      onLeave();
    }
  };

  const nav = "rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800";
  return (
    <div
      ref={box}
      className="w-64 select-none rounded-md border border-gray-200 bg-white p-2 text-sm shadow-lg"
      data-testid="calendar"
    >
      <div className="mb-1 flex items-center justify-between">
        <button
          type="button"
          className={nav}
          aria-label={t("grid.editor.prevMonth")}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onFocusDay(addMonths(focus, -1))}
        >
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        </button>
        <span aria-live="polite" className="font-medium text-gray-800">
          {monthName}
        </span>
        <button
          type="button"
          className={nav}
          aria-label={t("grid.editor.nextMonth")}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onFocusDay(addMonths(focus, 1))}
        >
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </button>
      </div>
      <div role="grid" aria-label={label} className="grid grid-cols-7 gap-0.5 text-center" onKeyDown={onKeyDown}>
        {days.slice(0, 7).map((d) => (
          <span key={`h${key(d)}`} role="columnheader" className="text-xs text-gray-400">
            {weekday.format(new Date(Date.UTC(d.year, d.month - 1, d.day)))}
          </span>
        ))}
        {days.map((d) => {
          const inMonth = d.month === focus.month;
          const picked = sameDay(d, chosen);
          const isFocus = sameDay(d, focus);
          return (
            <button
              key={key(d)}
              type="button"
              role="gridcell"
              data-day={key(d)}
              tabIndex={isFocus ? 0 : -1}
              aria-selected={picked}
              aria-label={dayName.format(new Date(Date.UTC(d.year, d.month - 1, d.day)))}
              className={`rounded py-1 text-xs tabular-nums ${picked ? "bg-primary text-white" : isFocus ? "bg-gray-100" : "hover:bg-gray-100"} ${inMonth || picked ? "" : "text-gray-400"} ${sameDay(d, today) && !picked ? "font-semibold text-primary" : ""}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(d)}
            >
              {d.day}
            </button>
          );
        })}
      </div>
    </div>
  );
}
