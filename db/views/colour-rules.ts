import { eq } from "drizzle-orm";
import { DbError, bad, parsedOr400 } from "../errors";
import { servesView } from "../fields/registry";
import { QueryError } from "../query";
import { views } from "../store/schema";
import type { ProjectStore } from "../store/store";
import {
  colourRulesInput,
  colourRulesOf,
  metaObject,
  type ColourRules,
  type ColourRulesInput,
} from "./colour-settings";
import { checkCondition } from "./filters";
import type { FilterInput } from "./inputs";
import { columnOfTable, findView, tableColumns } from "./lookup";
import { readerColumn } from "./hidden-settings";
import { hiddenFromReader } from "../access/narrow";

/**
 * Reading and replacing a view's colour rules (issue 37; the shape is colour-settings.ts). The
 * whole list is written at once, checked first: every condition is compiled alone against the
 * table as a saved filter is (filters.ts), so an unknown field or an operator the field does not
 * take is a 400 naming the rule, and nothing is written.
 */

const newRuleId = () => `cr_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;

/**
 * The rules as the reader may see them: one naming a field hidden from them (db/access) is left
 * out, as a saved filter on such a field is (hidden-settings.ts); it still colours their rows.
 */
export function readColourRules(store: ProjectStore, viewId: string): ColourRules {
  const v = findView(store, viewId);
  const all = colourRulesOf(v);
  const hidden = hiddenFromReader(store, v.modelId);
  if (!hidden.size) return all;
  const names = (ids: string[]) => ids.some((id) => hidden.has(id));
  return {
    rules: all.rules.filter(
      (r) => !names([...filterColumnIds(r.filters), ...(r.fk_column_id ? [r.fk_column_id] : [])]),
    ),
    fk_select_column_id:
      all.fk_select_column_id && hidden.has(all.fk_select_column_id) ? null : all.fk_select_column_id,
  };
}

function filterColumnIds(filters: readonly FilterInput[]): string[] {
  return filters.flatMap((f) => [...(f.fk_column_id ? [f.fk_column_id] : []), ...filterColumnIds(f.children ?? [])]);
}

function checkFilters(store: ProjectStore, viewId: string, filters: readonly FilterInput[], at: string, depth = 0) {
  if (depth > 5) throw bad(`${at}: condition groups nest at most 5 levels deep`);
  const v = findView(store, viewId);
  const cols = tableColumns(store, v.modelId);
  filters.forEach((f, j) => {
    const here = `${at}[${j}]`;
    if (f.is_group) return checkFilters(store, viewId, f.children ?? [], `${here}.children`, depth + 1);
    if (!f.fk_column_id) throw bad(`${here}.fk_column_id: required`);
    if (!f.comparison_op) throw bad(`${here}.comparison_op: required`);
    try {
      checkCondition(store, v, cols, f);
    } catch (err) {
      if (err instanceof DbError || err instanceof QueryError) throw bad(`${here}: ${err.message}`);
      throw err;
    }
  });
}

export function saveColourRules(store: ProjectStore, viewId: string, body: ColourRulesInput): ColourRules {
  const v = findView(store, viewId);
  const input = parsedOr400(colourRulesInput.safeParse(body), "colour rules");
  const cols = tableColumns(store, v.modelId);
  input.rules.forEach((r, i) => {
    if (r.target === "cell") {
      if (!r.fk_column_id) throw bad(`rules.${i}.fk_column_id: a cell rule names the field it colours`);
      readerColumn(
        store,
        v.modelId,
        columnOfTable(cols, r.fk_column_id, `rules.${i}.fk_column_id`).id,
        `rules.${i}.fk_column_id`,
      );
    }
    checkFilters(store, viewId, r.filters, `rules.${i}.filters`);
  });
  if (input.fk_select_column_id) {
    const c = columnOfTable(cols, input.fk_select_column_id, "fk_select_column_id");
    if (!servesView(c.uidt, "stack")) throw bad(`fk_select_column_id: '${c.title}' is not a single select field`);
  }
  const seen = new Set<string>();
  const stored: ColourRules = {
    rules: input.rules.map((r) => {
      const id = r.id && !seen.has(r.id) ? r.id : newRuleId();
      seen.add(id);
      return {
        id,
        colour: r.colour,
        target: r.target,
        fk_column_id: r.target === "cell" ? (r.fk_column_id ?? null) : null,
        filters: r.filters,
      };
    }),
    fk_select_column_id: input.fk_select_column_id ?? null,
  };
  const meta = metaObject(v.meta);
  if (stored.rules.length || stored.fk_select_column_id) meta.colour_rules = stored;
  else delete meta.colour_rules;
  store.meta
    .update(views)
    .set({ meta: JSON.stringify(meta), updatedAt: new Date().toISOString() })
    .where(eq(views.id, v.id))
    .run();
  return stored;
}
