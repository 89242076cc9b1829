import { fieldContext, servesView } from "../fields/registry";
import type { ColourCase, WhereNode } from "../query";
import type { ColumnRow } from "../store/schema";
import type { FilterInput } from "./inputs";
import type { ColourRule, ColourRules } from "./colour-settings";
import { arrayTree } from "./filters-to-where";

/**
 * A view's colour rules as the list read runs them (issue 37): the CASE selections
 * (db/query/compile-colours.ts) and how a selected row's answers become its `_colour`:
 * `{row?: colour, cells?: {<field title>: colour}, rules: [matched rule ids]}`. A rule on a field
 * that is gone (or hidden from the reader) is skipped, as a saved filter on a gone field is.
 */
export interface RowColour {
  row?: string;
  cells?: Record<string, string>;
  rules: string[];
}

export interface ColourPlan {
  cases: ColourCase[];
  answer: (raw: Record<string, unknown>) => RowColour | undefined;
}

const ROW = "_nc_c_row";
const SELECT = "_nc_c_sel";
const cellAlias = (i: number) => `_nc_c${i}`;

function columnIds(filters: readonly FilterInput[]): string[] {
  return filters.flatMap((f) => [...(f.fk_column_id ? [f.fk_column_id] : []), ...columnIds(f.children ?? [])]);
}

/** The option colours of a single select column, by option title. */
export function optionColours(c: ColumnRow): Record<string, string> {
  const ctx = fieldContext(c.uidt, c.title, { ...parse(c.meta), ...parse(c.colOptions) });
  const options = ctx.ok ? (ctx.value.options.options as Array<{ title: string; color: string }> | undefined) : [];
  return Object.fromEntries((options ?? []).map((o) => [o.title, o.color]));
}

function parse(text: string | null): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * `usable`: the titles the reader's query table holds; `bind`: how a tree on a field hidden from
 * the reader is still applied (scope.ts). Null when nothing colours.
 */
export function colourPlan(
  settings: ColourRules,
  cols: readonly ColumnRow[],
  usable: ReadonlySet<string>,
  bind: (tree: WhereNode) => WhereNode = (t) => t,
): ColourPlan | null {
  const byId = new Map(cols.map((c) => [c.id, c]));
  const live = settings.rules.filter(
    (r) =>
      columnIds(r.filters).every((id) => byId.has(id)) &&
      (r.target === "row" || (r.fk_column_id && usable.has(byId.get(r.fk_column_id)?.title ?? ""))),
  );
  const select = settings.fk_select_column_id ? byId.get(settings.fk_select_column_id) : undefined;
  const bySelect = select && servesView(select.uidt, "stack") && usable.has(select.title) ? select : undefined;
  if (!live.length && !bySelect) return null;
  const treeOf = (r: ColourRule) => {
    const tree = arrayTree(JSON.stringify(r.filters), [...cols]);
    return tree ? bind(tree) : null;
  };
  const targets = new Map<
    string,
    { alias: string; title?: string; whens: { tree: WhereNode | null; value: number }[] }
  >();
  live.forEach((r, i) => {
    const key = r.target === "row" ? "" : r.fk_column_id!;
    let t = targets.get(key);
    if (!t) {
      t =
        key === ""
          ? { alias: ROW, whens: [] }
          : { alias: cellAlias(targets.size), title: byId.get(key)!.title, whens: [] };
      targets.set(key, t);
    }
    t.whens.push({ tree: treeOf(r), value: i });
  });
  const cases: ColourCase[] = [...targets.values()].map((t) => ({ alias: t.alias, whens: t.whens }));
  const colours = bySelect ? optionColours(bySelect) : {};
  if (bySelect) cases.push({ alias: SELECT, column: bySelect.title });
  const ruleAt = (v: unknown) => (v === null || v === undefined ? undefined : live[Number(v)]);
  return {
    cases,
    answer: (raw) => {
      const out: RowColour = { rules: [] };
      for (const t of targets.values()) {
        const r = ruleAt(raw[t.alias]);
        if (!r) continue;
        out.rules.push(r.id);
        if (t.title === undefined) out.row = r.colour;
        else (out.cells ??= {})[t.title] = r.colour;
      }
      if (out.row === undefined && bySelect) {
        const v = raw[SELECT];
        if (typeof v === "string" && colours[v]) out.row = colours[v];
      }
      return out.rules.length || out.row ? out : undefined;
    },
  };
}

/** The API row with its `_colour` when the plan colours it. */
export function withColour(
  row: Record<string, unknown>,
  plan: ColourPlan | undefined,
  raw: Record<string, unknown>,
): Record<string, unknown> {
  const colour = plan?.answer(raw);
  return colour ? { ...row, _colour: colour } : row;
}
