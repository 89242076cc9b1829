import { firstDayOfWeek, rangeFilter, step, visibleDays, daysOf } from "../views/calendar/range";
import { getJson } from "./api";
import { cellText } from "./cells";
import { h } from "./dom";
import type { SharedMeta } from "./meta";
import { t } from "./text";
import { toolbar } from "./views";

type Row = Record<string, unknown>;
type Range = { fk_from_column_id: string; fk_to_column_id?: string | null };

const pad = (n: number) => String(n).padStart(2, "0");
/** The visitor's own month (their clock), as the calendar's first day of it. */
const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`;
};

/**
 * A shared calendar (issue #42.2), read-only: a month of weeks (Monday first, range.ts as in the
 * app), weekday names and the month in the visitor's language, previous and next month. Each
 * record of the month is listed on every day it covers (its range field(s)), by its display value.
 */
export async function renderCalendar(root: HTMLElement, uuid: string, meta: SharedMeta) {
  const range = (meta.view.calendar_range as Range[] | undefined)?.[0];
  const cols = meta.model.columns;
  const from = cols.find((c) => c.id === range?.fk_from_column_id);
  const to = cols.find((c) => c.id === range?.fk_to_column_id);
  const label = cols.find((c) => c.pv) ?? cols.find((c) => c.show);
  const lang = document.documentElement.lang || "en";
  // Weeks start where the visitor's region starts them, as in the app's calendar.
  const firstDay = firstDayOfWeek(lang, navigator.languages ?? []);
  const heading = h("h2", { class: "text-lg font-semibold", "aria-live": "polite" });
  const grid = h("div", { class: "overflow-x-auto" });
  let cursor = thisMonth();
  let asked = 0;

  async function show() {
    const mine = ++asked;
    const days = visibleDays("month", cursor, firstDay);
    const rows = from
      ? (
          await getJson<{ list: Row[] }>(
            uuid,
            `/rows?limit=1000&filterArrJson=${encodeURIComponent(rangeFilter(from.id, to?.id ?? null, days[0]!, days.at(-1)!))}`,
          )
        ).list
      : [];
    if (mine !== asked) return;
    heading.textContent = new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${cursor}T00:00:00Z`),
    );
    grid.replaceChildren(month(days, cursor.slice(0, 7), rows, from?.title, to?.title, label?.title, lang));
  }
  const move = (delta: -1 | 1) => {
    cursor = step("month", cursor, delta);
    void show();
  };
  const button = (text: string, onclick: () => void) =>
    h("button", { type: "button", class: "rounded border bg-white px-3 py-1 text-sm", onclick }, text);
  await show();
  root.replaceChildren(
    toolbar(uuid, meta),
    h(
      "div",
      { class: "mb-3 flex flex-wrap items-center justify-between gap-2" },
      button(t("sharedView.previousMonth"), () => move(-1)),
      heading,
      button(t("sharedView.nextMonth"), () => move(1)),
    ),
    grid,
  );
}

function month(
  days: string[],
  monthKey: string,
  rows: Row[],
  fromTitle: string | undefined,
  toTitle: string | undefined,
  labelTitle: string | undefined,
  lang: string,
) {
  const weekday = new Intl.DateTimeFormat(lang, { weekday: "short", timeZone: "UTC" });
  const spans = rows.flatMap((r) => {
    const span = fromTitle ? daysOf(r[fromTitle], toTitle ? r[toTitle] : undefined) : null;
    return span ? [{ span, text: labelTitle ? cellText(r[labelTitle]) : "" }] : [];
  });
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  return h(
    "table",
    { class: "w-full table-fixed border-collapse bg-white text-xs sm:text-sm" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ...days
          .slice(0, 7)
          .map((d) =>
            h(
              "th",
              { scope: "col", class: "border px-1 py-1 font-medium" },
              weekday.format(new Date(`${d}T00:00:00Z`)),
            ),
          ),
      ),
    ),
    h(
      "tbody",
      {},
      ...weeks.map((week) =>
        h(
          "tr",
          {},
          ...week.map((day) =>
            h(
              "td",
              {
                class: `h-20 border p-1 align-top ${day.startsWith(monthKey) ? "" : "bg-gray-50 text-gray-400"}`,
                "data-day": day,
              },
              h("div", { class: "text-end" }, String(Number(day.slice(8)))),
              h(
                "ul",
                { class: "flex flex-col gap-0.5" },
                ...spans
                  .filter((s) => s.span.first <= day && s.span.last >= day)
                  .map((s) =>
                    h(
                      "li",
                      { class: "truncate rounded bg-blue-100 px-1 text-gray-900", title: s.text, "data-record": "" },
                      s.text,
                    ),
                  ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}
