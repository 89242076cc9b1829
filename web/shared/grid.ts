import { getJson } from "./api";
import { cellContent } from "./cells";
import { cellColour, tintOf } from "../views/colour/palette";
import { h, toast } from "./dom";
import { filterOps, gridQuery, nextSort, valueInputType, type FilterOp, type GridQuery } from "./grid-query";
import type { FormColumn } from "./inputs";
import type { SharedMeta } from "./meta";
import { t } from "./text";
import { groupSections, sharedLevels, type GroupedColumn } from "./grid-groups";
import { shown, toolbar } from "./views";

type Row = Record<string, unknown>;

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;
const control = "rounded border border-gray-300 px-2 py-1 text-sm";

/**
 * A shared grid: the view's rows as a read-only table, with a search box, a sort by a click on a
 * column's header (ascending, descending, none) and a one-condition filter, all on shown fields
 * only (grid-query.ts; the route refuses any other, visitor-params.ts). A grouped view shows its
 * groups (grid-groups.ts), the search and filter applying inside them.
 */
export async function renderGrid(root: HTMLElement, uuid: string, meta: SharedMeta) {
  const cols = shown(meta);
  const state: GridQuery = { search: "", sort: null, filter: null };
  const body = h("tbody", {});
  const status = h("p", { class: "sr-only", role: "status" });
  // Each header sorts by its column (the flat table's and every group's table alike).
  const heads: Array<{ c: FormColumn; th: HTMLElement }> = [];
  const headRow = () => {
    const row = cols.map((c) => {
      const th = h(
        "th",
        { class: "border-b px-3 py-2 text-start font-medium", "aria-sort": ariaSort(state, c), scope: "col" },
        h(
          "button",
          {
            type: "button",
            class: "w-full text-start font-medium",
            onclick: () => {
              state.sort = nextSort(state.sort, c.title);
              reload();
            },
          },
          c.title,
        ),
      );
      heads.push({ c, th });
      return th;
    });
    return h("thead", {}, h("tr", {}, ...row));
  };
  let asked = 0;
  let load = async () => {
    const mine = ++asked;
    for (const { c, th } of heads) th.setAttribute("aria-sort", ariaSort(state, c));
    const page = await getJson<{ list: Row[] }>(uuid, `/rows${gridQuery(state, cols)}`);
    if (mine !== asked) return;
    body.replaceChildren(...rowsOf(page.list, cols));
    status.textContent = page.list.length ? "" : t("sharedView.noRows");
  };
  const levels = sharedLevels(cols as GroupedColumn[]);
  const area = h("div", { class: "overflow-x-auto" });
  const flat = h("table", { class: "w-full border-collapse bg-white text-sm" }, headRow(), body);
  // Grouped (issue 37): the view's groups, each opening to its records in a table of its own,
  // with the view's footer aggregates per group (asked by field id: a title may hold a comma).
  const aggregations = (cols as Array<FormColumn & { aggregation?: string | null }>)
    .filter((c) => c.aggregation)
    .map((c) => `${c.id}:${c.aggregation}`)
    .join(",");
  const groupTable = () => {
    const rows = h("tbody", {});
    return { table: h("table", { class: "w-full border-collapse bg-white text-sm" }, headRow(), rows), body: rows };
  };
  if (levels.length) {
    load = async () => {
      const mine = ++asked;
      // The group tables of an earlier load are gone: only the new ones' headers are kept.
      heads.length = 0;
      const rowsQuery = new URLSearchParams(gridQuery(state, cols).slice(1));
      const sections = await groupSections({
        uuid,
        levels,
        where: rowsQuery.get("where"),
        rowsQuery,
        aggregations,
        table: groupTable,
        rows: (list) => rowsOf(list, cols),
      });
      if (mine === asked) area.replaceChildren(sections);
    };
  } else area.append(flat);
  await load();
  const reload = () => void load().catch(() => toast(t("sharedView.errorGeneric"), "error"));
  root.replaceChildren(toolbar(uuid, meta), controls(cols, state, reload), status, area);
}

const ariaSort = (state: GridQuery, c: FormColumn) =>
  state.sort?.title === c.title ? ARIA_SORT[state.sort.dir] : "none";

function rowsOf(list: Row[], cols: FormColumn[]) {
  if (!list.length)
    return [h("tr", {}, h("td", { class: "px-3 py-4 text-center", colspan: cols.length }, t("sharedView.noRows")))];
  return list.map((r) =>
    h(
      "tr",
      {},
      ...cols.map((c) => {
        // Colour rules (issue 37): the server coloured the row; the page paints the tint.
        const colour = cellColour(r, c.title);
        return h(
          "td",
          {
            class: "border-b px-3 py-2",
            "data-colour": colour,
            style: colour ? `background-color: ${tintOf(colour)}` : undefined,
          },
          cellContent(c.uidt, r[c.title]),
        );
      }),
    ),
  );
}

/** The search box and the filter, above the table; they wrap on a narrow screen. */
function controls(cols: FormColumn[], state: GridQuery, reload: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const search = h("input", {
    type: "search",
    id: "shared-search",
    class: `${control} w-full sm:w-56`,
    oninput: () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        state.search = search.value;
        reload();
      }, 250);
    },
  });
  const filterable = cols.filter((c) => filterOps(c).length);
  return h(
    "div",
    { class: "mb-3 flex flex-wrap items-end gap-3" },
    h(
      "div",
      { class: "flex w-full flex-col sm:w-auto" },
      h("label", { for: "shared-search", class: "text-xs text-gray-600" }, t("sharedView.search")),
      search,
    ),
    filterable.length ? filterForm(filterable, state, reload) : null,
  );
}

function filterForm(cols: FormColumn[], state: GridQuery, reload: () => void) {
  const labelled = (id: string, text: string, el: HTMLElement) =>
    h("div", { class: "flex flex-col" }, h("label", { for: id, class: "text-xs text-gray-600" }, text), el);
  const field = h(
    "select",
    { id: "shared-filter-field", class: control },
    ...cols.map((c) => h("option", { value: c.title }, c.title)),
  );
  const op = h("select", { id: "shared-filter-op", class: control });
  const value = h("input", { id: "shared-filter-value", class: `${control} w-36` });
  const chosen = () => cols.find((c) => c.title === field.value) ?? cols[0]!;
  const fit = () => {
    const col = chosen();
    op.replaceChildren(...filterOps(col).map((o) => h("option", { value: o }, t(`sharedView.filterOps.${o}`))));
    value.type = valueInputType(col);
    value.value = "";
  };
  fit();
  field.addEventListener("change", fit);
  op.addEventListener("change", () => (value.disabled = op.value === "blank"));
  const form = h(
    "form",
    { class: "flex flex-wrap items-end gap-2", role: "search", "aria-label": t("sharedView.filter") },
    labelled("shared-filter-field", t("sharedView.filterField"), field),
    labelled("shared-filter-op", t("sharedView.filterOperator"), op),
    labelled("shared-filter-value", t("sharedView.filterValue"), value),
    h("button", { type: "submit", class: `${control} bg-white` }, t("sharedView.filterApply")),
    h(
      "button",
      {
        type: "button",
        class: `${control} bg-white`,
        onclick: () => {
          state.filter = null;
          field.value = cols[0]!.title;
          fit();
          value.disabled = false;
          reload();
        },
      },
      t("sharedView.filterClear"),
    ),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    state.filter = { title: chosen().title, op: op.value as FilterOp, value: value.value };
    reload();
  });
  return form;
}
