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
  /** One group's records as table rows (the flat grid's own cells and tints). */
  table(list: Row[]): HTMLElement;
}

const withPath = (params: URLSearchParams, path: GroupCond[]) => {
  const q = new URLSearchParams(params);
  if (path.length) q.set("filterArrJson", JSON.stringify(path));
  return `?${q.toString()}`;
};

/**
 * The groups of one level inside `path` (the outer groups' conditions), each a disclosure with its
 * value and count; opening one reads its sub-groups, or at the last level its records. The outer
 * level starts open.
 */
export async function groupSections(ctx: Ctx, level = 0, path: GroupCond[] = []): Promise<HTMLElement> {
  const { col, desc, bucket } = ctx.levels[level]!;
  const q = new URLSearchParams({ column_name: col.title, limit: String(GROUP_LIMIT) });
  q.set("sort", `${desc ? "-" : ""}${col.title}`);
  if (bucket) q.set("bucket", bucket);
  if (ctx.where) q.set("where", ctx.where);
  const answer = await getJson<{ list: Row[] }>(ctx.uuid, `/groupby${withPath(q, path)}`);
  const list = answer.list.map((g) => ({ value: groupValue(g), count: Number(g.count) }));
  const sections = list.map((g) => {
    const inner = [...path, ...groupConds({ id: col.id, uidt: col.uidt, bucket }, g.value)];
    const text = g.value === null || g.value === "" ? t("sharedView.ungrouped") : cellText(g.value);
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
          String(g.count),
        ),
      ),
      body,
    );
    const open = async () => {
      if (loaded || !details.open) return;
      loaded = true;
      body.replaceChildren(
        level + 1 < ctx.levels.length
          ? await groupSections(ctx, level + 1, inner)
          : ctx.table((await getJson<{ list: Row[] }>(ctx.uuid, `/rows${withPath(ctx.rowsQuery, inner)}`)).list),
      );
    };
    details.addEventListener("toggle", () => void open());
    if (level === 0) details.open = true;
    return details;
  });
  if (!sections.length) return h("p", { class: "px-3 py-4 text-center text-sm" }, t("sharedView.noRows"));
  return h("div", {}, ...sections);
}

/** A group's value: the answer's first key, the column's name (which a visitor is not told). */
function groupValue(g: Row): unknown {
  const key = Object.keys(g).find((k) => k !== "count");
  return key ? (g[key] ?? null) : null;
}
