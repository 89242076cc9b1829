import { getJson } from "./api";
import { cellText } from "./cells";
import { h } from "./dom";
import type { FormColumn } from "./inputs";
import { t } from "./text";
import { groupConds, type GroupCond } from "../views/grid/groups/group-tree";

type Row = Record<string, unknown>;
type Bucket = "day" | "month" | "year";

/** A shown column's grouping as the shared view's meta tells it (issue 37). */
export type GroupedColumn = FormColumn & {
  group_by?: boolean;
  group_by_order?: number | null;
  group_by_sort?: "asc" | "desc" | null;
  group_by_bucket?: Bucket | null;
};

export interface SharedLevel {
  col: GroupedColumn;
  desc: boolean;
  bucket: Bucket | null;
}

/** Groups a level shows at most (the route's page; more are named, not shown). */
const GROUP_LIMIT = 100;

/**
 * The shared grid's group levels: its grid's levels on shown fields, by their order (at most
 * three). The meta never tells a hidden field, so a level on one is simply not there.
 */
export function sharedLevels(cols: readonly GroupedColumn[]): SharedLevel[] {
  return cols
    .filter((c) => c.group_by)
    .sort((a, b) => (a.group_by_order ?? 0) - (b.group_by_order ?? 0))
    .slice(0, 3)
    .map((col) => ({ col, desc: col.group_by_sort === "desc", bucket: col.group_by_bucket ?? null }));
}

interface Ctx {
  uuid: string;
  levels: SharedLevel[];
  /** The grid's search and filter (`where=...`), and its page of rows (`limit`, `sort`). */
  where: string | null;
  rowsQuery: URLSearchParams;
  /** The view's footer aggregates on shown fields (`Amount:sum,...`), shown per group; "" for none. */
  aggregations: string;
  /** One group's table: the grid's own header (sortable) and an empty body. */
  table(): { table: HTMLElement; body: HTMLElement };
  /** Records as table rows (the flat grid's own cells and tints). */
  rows(list: Row[]): HTMLElement[];
}

interface Aggregate {
  column: string;
  type: string;
  value: unknown;
}

interface Page {
  list: Row[];
  pageInfo?: { isLastPage?: boolean };
}

const withPath = (params: URLSearchParams, path: GroupCond[], offset = 0) => {
  const q = new URLSearchParams(params);
  if (path.length) q.set("filterArrJson", JSON.stringify(path));
  if (offset) q.set("offset", String(offset));
  return `?${q.toString()}`;
};

/** A page's "Load more" (groups or records): reads the next page, then goes away or stays. */
function moreButton(load: () => Promise<boolean>): HTMLElement {
  const button = h(
    "button",
    {
      type: "button",
      class: "my-2 rounded border border-gray-300 bg-white px-3 py-1 text-sm",
      "data-testid": "shared-group-more",
    },
    t("sharedView.showMore"),
  ) as HTMLButtonElement;
  button.addEventListener("click", () => {
    button.disabled = true;
    void load().then((more) => {
      button.disabled = false;
      if (!more) button.remove();
    });
  });
  return button;
}

/** A group's aggregates as its header shows them ("Amount Sum 120"), percentages with their sign. */
function aggregateText(list: Aggregate[] | undefined): HTMLElement | null {
  if (!list?.length) return null;
  const number = new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 2 });
  const shown = (a: Aggregate) => {
    if (a.value === null || a.value === undefined) return "—";
    if (typeof a.value !== "number") return String(a.value);
    return a.type.startsWith("percent_") ? `${number.format(a.value)} %` : number.format(a.value);
  };
  return h(
    "span",
    { class: "ms-2 inline-flex flex-wrap gap-x-3 text-xs text-gray-600", "data-testid": "shared-group-aggregates" },
    ...list.map((a) =>
      h(
        "span",
        {},
        `${a.column} ${t(`sharedView.aggregates.${a.type}`)} `,
        h("b", { class: "tabular-nums" }, shown(a)),
      ),
    ),
  );
}

/**
 * The groups of one level inside `path` (the outer groups' conditions), each a disclosure with its
 * value, count and aggregates; opening one reads its sub-groups, or at the last level its records.
 * The outer level starts open. Groups and records come 100 at a time, "Load more" reading on.
 */
export async function groupSections(ctx: Ctx, level = 0, path: GroupCond[] = []): Promise<HTMLElement> {
  const { col, desc, bucket } = ctx.levels[level]!;
  const q = new URLSearchParams({ column_name: col.title, limit: String(GROUP_LIMIT) });
  q.set("sort", `${desc ? "-" : ""}${col.title}`);
  if (bucket) q.set("bucket", bucket);
  if (ctx.where) q.set("where", ctx.where);
  if (ctx.aggregations) q.set("aggregations", ctx.aggregations);
  const section = (g: Row) => {
    const value = groupValue(g);
    const inner = [...path, ...groupConds({ id: col.id, uidt: col.uidt, bucket }, value)];
    const text = value === null || value === "" ? t("sharedView.ungrouped") : cellText(value);
    const body = h("div", { class: "ms-4 mt-1" });
    let loaded = false;
    const details = h(
      "details",
      { class: "mb-2", "data-testid": "shared-group", "data-level": level },
      h(
        "summary",
        { class: "cursor-pointer rounded bg-gray-100 px-3 py-1.5 text-sm" },
        h("span", { class: "text-xs text-gray-500" }, col.title),
        " ",
        h("span", { class: "font-medium" }, text),
        " ",
        h(
          "span",
          { class: "rounded-full bg-gray-200 px-2 text-xs tabular-nums", "data-testid": "shared-group-count" },
          String(Number(g.count)),
        ),
        aggregateText(g.aggregates as Aggregate[] | undefined),
      ),
      body,
    );
    const open = async () => {
      if (loaded || !details.open) return;
      loaded = true;
      body.replaceChildren(
        level + 1 < ctx.levels.length ? await groupSections(ctx, level + 1, inner) : await records(ctx, inner),
      );
    };
    details.addEventListener("toggle", () => void open());
    if (level === 0) details.open = true;
    return details;
  };
  const first = await getJson<Page>(ctx.uuid, `/groupby${withPath(q, path)}`);
  if (!first.list.length) return h("p", { class: "px-3 py-4 text-center text-sm" }, t("sharedView.noRows"));
  const area = h("div", {}, ...first.list.map(section));
  let read = first.list.length;
  if (first.pageInfo?.isLastPage === false)
    area.append(
      moreButton(async () => {
        const next = await getJson<Page>(ctx.uuid, `/groupby${withPath(q, path, read)}`);
        read += next.list.length;
        area.lastElementChild!.before(...next.list.map(section));
        return next.pageInfo?.isLastPage === false && next.list.length > 0;
      }),
    );
  return area;
}

/** A last-level group's records in the grid's table, 100 at a time. */
async function records(ctx: Ctx, path: GroupCond[]): Promise<HTMLElement> {
  const { table, body } = ctx.table();
  let read = 0;
  const page = async () => {
    const next = await getJson<Page>(ctx.uuid, `/rows${withPath(ctx.rowsQuery, path, read)}`);
    read += next.list.length;
    body.append(...ctx.rows(next.list));
    return next.pageInfo?.isLastPage === false && next.list.length > 0;
  };
  const wrap = h("div", {}, table);
  if (await page()) wrap.append(moreButton(page));
  return wrap;
}

/** A group's value: the answer's first key, the column's name (which a visitor is not told). */
function groupValue(g: Row): unknown {
  const key = Object.keys(g).find((k) => k !== "count" && k !== "aggregates");
  return key ? (g[key] ?? null) : null;
}
