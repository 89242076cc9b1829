import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { bad } from "../errors";
import { newId } from "../ids";
import { findModel } from "../schema/tables";
import { viewColumns, views, type ColumnRow, type ViewRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { calendarRangeInput, checkRange } from "./calendar/settings";
import { checkTimeline, timelineSettings } from "./timeline/settings";
import { columnFor, firstFor } from "./columns-for";
import { withoutFeed } from "./calendar/feed";
import { copyViewSettings } from "./copy";
import type { createViewInput } from "./inputs";
import { findView, tableColumns, viewOfTable } from "./lookup";
import { isSystemColumn } from "./shape";
import { viewItemJson } from "./view-item";
import { readSub } from "./sub-meta";
import { syncViewColumns } from "./sync";
import { checkTitle } from "./title";
import { VIEW_TYPE, type ViewKind } from "./types";
import { isVirtual } from "../fields/registry";

/**
 * Creating a view of any type (contract 4.4). Rules:
 * - the title is unique in the table; the view goes after the others; the caller is its creator;
 * - grid: every column shown (system ones hidden); form: every field a visitor can fill (no system
 *   or computed fields), heading = title; gallery: cover (first Attachment field unless named),
 *   display value and up to 3 more fields; kanban: a SingleSelect stack field (required), its
 *   cover, display value and up to 3 more; calendar: its date field(s), display value and up to 3;
 *   timeline: its start, end or duration, display value and up to 3 (timeline/settings.ts checks them);
 * - `copy_from_id` copies the source's columns, sorts, filters and, for the same type, settings.
 */
type Input = z.infer<typeof createViewInput>;

function subSettings(
  modelId: string,
  kind: ViewKind,
  cols: ColumnRow[],
  input: Input,
  title: string,
  copied: Record<string, unknown> | null,
) {
  const cover = () =>
    input.fk_cover_image_col_id
      ? columnFor(cols, input.fk_cover_image_col_id, "cover", "fk_cover_image_col_id").id
      : (firstFor(cols, "cover")?.id ?? null);
  switch (kind) {
    case "form":
      return copied ?? { heading: title };
    case "gallery":
      return input.fk_cover_image_col_id
        ? { ...copied, fk_cover_image_col_id: cover() }
        : (copied ?? { fk_cover_image_col_id: cover() });
    case "kanban": {
      const grp = input.fk_grp_col_id ?? (copied?.fk_grp_col_id as string | undefined);
      if (!grp) throw bad("fk_grp_col_id: required (the single select field whose options are the stacks)");
      const stack = columnFor(cols, grp, "stack", "fk_grp_col_id").id;
      return { ...(copied ?? { fk_cover_image_col_id: cover() }), fk_grp_col_id: stack };
    }
    case "calendar": {
      const given = input.calendar_range ?? (copied?.calendar_range as unknown[] | undefined);
      if (!given) throw bad("calendar_range: required (the Date or DateTime field that places records)");
      const parsed = calendarRangeInput.safeParse(given);
      if (!parsed.success)
        throw bad(
          `calendar_range${parsed.error.issues[0]!.path.map((p) => `[${String(p)}]`).join("")}: ${parsed.error.issues[0]!.message}`,
        );
      return { ...copied, calendar_range: checkRange(cols, parsed.data) };
    }
    case "timeline": {
      const base = copied ? timelineSettings({ subMeta: JSON.stringify(copied) } as ViewRow) : null;
      return { ...copied, ...checkTimeline(cols, modelId, base, input) };
    }
    default:
      return {};
  }
}

/** Which columns a new view (not a copy) shows: the rule of its type above. */
function initialShown(kind: ViewKind, cols: ColumnRow[], sub: Record<string, unknown>): Set<string> | null {
  if (kind === "grid") return null;
  const plain = cols.filter((c) => !isSystemColumn(c) && !c.pv);
  if (kind === "form") return new Set(cols.filter((c) => !isSystemColumn(c) && !isVirtual(c.uidt)).map((c) => c.id));
  const lead = [sub.fk_cover_image_col_id, sub.fk_grp_col_id, cols.find((c) => c.pv)?.id].filter(
    (x): x is string => typeof x === "string",
  );
  const dates = [
    ...(
      (sub.calendar_range as Array<{ fk_from_column_id: string; fk_to_column_id: string | null }> | undefined) ?? []
    ).flatMap((r) => [r.fk_from_column_id, r.fk_to_column_id ?? ""]),
    ...(kind === "timeline" ? [sub.fk_start_column_id, sub.fk_end_column_id, sub.fk_duration_column_id] : []).map(
      (x) => (typeof x === "string" ? x : ""),
    ),
  ];
  const more = plain
    .filter((c) => !lead.includes(c.id) && !dates.includes(c.id))
    .slice(0, 3)
    .map((c) => c.id);
  return new Set([...lead, ...dates.filter(Boolean), ...more]);
}

export function createView(
  store: ProjectStore,
  projectId: string,
  tableId: string,
  kind: ViewKind,
  input: Input,
  userId: string | null,
) {
  const model = findModel(store, tableId);
  return store.transaction(() => {
    const title = checkTitle(store, model.id, input.title);
    const source = input.copy_from_id ? copySource(store, model.id, input.copy_from_id) : null;
    const cols = tableColumns(store, model.id);
    const copied = source && source.type === VIEW_TYPE[kind] ? withoutFeed(readSub(source)) : null;
    const sub = subSettings(model.id, kind, cols, input, title, copied);
    const maxOrder =
      store.meta
        .select({ m: sql<number>`coalesce(max(${views.order}), 0)` })
        .from(views)
        .where(eq(views.modelId, model.id))
        .get()?.m ?? 0;
    const ts = new Date().toISOString();
    const row: ViewRow = {
      id: newId("vw_"),
      modelId: model.id,
      title,
      type: VIEW_TYPE[kind],
      isDefault: 0,
      lockType: input.lock_type ?? "collaborative",
      meta: "{}",
      order: maxOrder + 1,
      createdAt: ts,
      updatedAt: ts,
      showSystemFields: 0,
      rowHeight: null,
      gridMeta: "{}",
      createdBy: userId,
      subMeta: JSON.stringify(sub),
    };
    store.meta.insert(views).values(row).run();
    if (source) copyViewSettings(store, source, row.id);
    syncViewColumns(store, model.id);
    const shown = source ? null : initialShown(kind, cols, sub);
    if (shown) {
      for (const vc of store.meta.select().from(viewColumns).where(eq(viewColumns.viewId, row.id)).all()) {
        store.meta
          .update(viewColumns)
          .set({ show: shown.has(vc.columnId) ? 1 : 0 })
          .where(eq(viewColumns.id, vc.id))
          .run();
      }
    }
    return viewItemJson(findView(store, row.id), projectId, model);
  });
}

function copySource(store: ProjectStore, modelId: string, id: string): ViewRow {
  try {
    return viewOfTable(store, modelId, id);
  } catch {
    throw bad(`copy_from_id: view '${id}' is not a view of this table`);
  }
}
