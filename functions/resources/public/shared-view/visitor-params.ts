import { readListParams, type ListParams } from "../../../../db/query";
import { badRequest } from "../../../lib/http-error";
import type { Ctx } from "../../data/context";
import type { Shared } from "./access";
import { shownColumns } from "./meta";

/**
 * What a visitor sends may name only the fields the shared view shows (issue #32, N2): a filter
 * (`where`, `filterArrJson`), a sort (`sort`, `sortArrJson`) or a field list on a hidden field
 * would tell its values one guess at a time, or order rows by them. Each is refused with a 400
 * naming the field as the visitor wrote it (a hidden field's title is never told). The view's own
 * saved filters and sorts are the builder's and still apply (db/views/scope.ts).
 */
const notShown = (name: string) => badRequest(`'${name}' is not a field of this shared view`);

export const rawParams = (c: Ctx) => readListParams(new URL(c.req.url).searchParams);

/** The titles and ids of the shown fields (the view's shown columns, its key and display value). */
export async function shownNames(c: Ctx, s: Shared) {
  const cols = await shownColumns(c, s);
  return { titles: new Set(cols.map((x) => x.title)), ids: new Set(cols.map((x) => x.id)) };
}
export type Shown = Awaited<ReturnType<typeof shownNames>>;

/** Column titles of a where text: each `(name,op…)` term. */
export function checkWhere(where: string | undefined, shown: Shown) {
  for (const m of (where ?? "").matchAll(/\(([^,()~]+),/g)) {
    if (!shown.titles.has(m[1]!.trim())) throw notShown(m[1]!.trim());
  }
}

/** Sort terms (`-Title`, `+Title`) and field titles (`*` is every shown field). */
export function checkTitles(names: string[] | undefined, shown: Shown, sort: boolean) {
  for (const raw of names ?? []) {
    const name = sort ? raw.trim().replace(/^[-+]/, "").trim() : raw.trim();
    if (!sort && name === "*") continue;
    if (!shown.titles.has(name)) throw notShown(name);
  }
}

/**
 * Every `fk_column_id` in a JSON array of filters (with nested `children`) or sorts. Text that is
 * not JSON is left to the reader, which answers its own 400.
 */
export function checkJsonIds(text: string | undefined, shown: Shown) {
  if (!text?.trim()) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return;
  }
  const walk = (items: unknown): void => {
    if (!Array.isArray(items)) return;
    for (const item of items) {
      if (!item || typeof item !== "object") continue;
      const { fk_column_id: id, children } = item as { fk_column_id?: unknown; children?: unknown };
      if (id !== undefined && id !== null && !shown.ids.has(String(id))) throw notShown(String(id));
      walk(children);
    }
  };
  walk(parsed);
}

/** The list parameters of a visitor's read, each checked against the shown fields. */
export async function visitorParams(c: Ctx, s: Shared, shown?: Shown): Promise<ListParams> {
  const params = rawParams(c);
  shown ??= await shownNames(c, s);
  checkWhere(params.where, shown);
  checkTitles(params.sort, shown, true);
  checkTitles(params.fields, shown, false);
  checkJsonIds(c.req.query("filterArrJson"), shown);
  checkJsonIds(c.req.query("sortArrJson"), shown);
  return params;
}
