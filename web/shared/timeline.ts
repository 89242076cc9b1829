import { addDays, daysBetween, lines, nextUnit, spanOf } from "../views/timeline/scale";
import { colourOfRow, stripeOf } from "../views/colour/palette";
import { getJson } from "./api";
import { cellText } from "./cells";
import { h } from "./dom";
import type { SharedMeta } from "./meta";
import { t } from "./text";
import { toolbar } from "./views";

type Row = Record<string, unknown>;

const pad = (n: number) => String(n).padStart(2, "0");
const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`;
};

/**
 * A shared timeline (issue 37), read-only: a month at a time (previous, next), each record of it a
 * bar across its days on its own line, in lanes by the view's group field, and the records
 * without a start listed below. Placed along the reading direction, so right to left flips it.
 */
export async function renderTimeline(root: HTMLElement, uuid: string, meta: SharedMeta) {
  const v = meta.view as Record<string, string | null | undefined>;
  const cols = meta.model.columns;
  const col = (id: string | null | undefined) => (id ? cols.find((c) => c.id === id) : undefined);
  const start = col(v.fk_start_column_id);
  const end = col(v.fk_end_column_id);
  const duration = col(v.fk_duration_column_id);
  const group = col(v.fk_group_column_id);
  const label = cols.find((c) => c.pv) ?? cols.find((c) => c.show);
  const lang = document.documentElement.lang || "en";
  const heading = h("h2", { class: "text-lg font-semibold", "aria-live": "polite" });
  const body = h("div", { class: "overflow-x-auto" });
  const side = h("div", { class: "mt-4" });
  let cursor = thisMonth();
  let asked = 0;

  async function show() {
    const mine = ++asked;
    const first = cursor;
    const last = addDays(nextUnit("month", cursor), -1);
    const rows = start
      ? (await getJson<{ list: Row[] }>(uuid, `/timeline?from=${first}&to=${last}&limit=1000`)).list
      : [];
    if (mine !== asked) return;
    heading.textContent = new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${cursor}T00:00:00Z`),
    );
    const span = (r: Row) =>
      start ? spanOf(r[start.title], end ? r[end.title] : null, duration ? r[duration.title] : null) : null;
    const days = daysBetween(first, last) + 1;
    const placed = rows.filter((r) => {
      const s = span(r);
      return s && s.last >= first && s.first <= last;
    });
    const all = lines(
      placed,
      (r) => (group ? cellText(r[group.title]) || null : null),
      (r) => String(r[start!.title] ?? ""),
    ).filter((l) => group || l.kind === "record");
    body.replaceChildren(
      h(
        "ul",
        { class: "flex min-w-[40rem] flex-col gap-1 bg-white", "data-testid": "shared-timeline" },
        ...all.map((l) => {
          if (l.kind === "lane")
            return h(
              "li",
              { class: "mt-2 text-sm font-semibold", "data-lane": "" },
              `${l.key || t("sharedView.timelineNoGroup")}`,
            );
          const s = span(l.row)!;
          const a = Math.max(0, daysBetween(first, s.first));
          const b = Math.min(days - 1, daysBetween(first, s.last));
          const text = label ? cellText(l.row[label.title]) : "";
          // Colour rules (issue 37): the server coloured the record; its bar takes the colour.
          const colour = colourOfRow(l.row)?.row;
          const fill = stripeOf(colour);
          return h(
            "li",
            { class: "relative h-7" },
            h(
              "span",
              {
                class: "absolute inset-y-0.5 truncate rounded bg-teal-600 px-1 text-xs leading-6 text-white",
                style: `inset-inline-start: ${(a / days) * 100}%; width: ${((b - a + 1) / days) * 100}%${fill ? `; background-color: ${fill}` : ""}`,
                "data-colour": colour,
                title: t("sharedView.timelineBar", { title: text, first: s.first, last: s.last }),
                "data-record": "",
                "data-first": s.first,
              },
              text,
            ),
          );
        }),
      ),
    );
    if (!start) return;
    const none = (await getJson<{ list: Row[] }>(uuid, `/timeline?unscheduled=true&limit=50`)).list;
    if (mine !== asked) return;
    side.replaceChildren(
      h("h3", { class: "text-sm font-semibold" }, t("sharedView.timelineUnscheduled")),
      h("ul", { class: "text-sm" }, ...none.map((r) => h("li", {}, label ? cellText(r[label.title]) : ""))),
    );
  }
  const move = (delta: -1 | 1) => {
    const d = new Date(`${cursor}T00:00:00Z`);
    cursor = `${d.getUTCFullYear() + Math.floor((d.getUTCMonth() + delta) / 12)}-${pad(((((d.getUTCMonth() + delta) % 12) + 12) % 12) + 1)}-01`;
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
    body,
    side,
  );
}
