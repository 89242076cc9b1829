import { isLink } from "../fields/registry";
import { linkOptions } from "../schema/links";
import { modelColumns } from "../schema/tables";
import type { ProjectStore } from "../store/store";
import { displayText } from "./display-value";
import { fullTableRef } from "./table-ref";
import { valueChangesOf } from "./history-version";

type Entry = { description?: string | null; details?: unknown };

/**
 * History entries as the API answers them, whatever they were written with (issue 35): entries
 * written before issue 33 hold stored values (a checkbox as 1, users as ids, files as JSON text),
 * and link entries of then name the record by id only. Read here, in db, so every client sees
 * API values:
 * - a field's old/new value that is stored-shaped (text or a number) goes through its type's
 *   toApi, which leaves such API values as they are (text stays text, numbers numbers, dates
 *   their normal form); booleans, arrays and objects are API values already;
 * - an old "linked <field> <id>" entry gets the details new ones have, naming the record by its
 *   display value today (the id when the record is gone).
 * A field since renamed or deleted keeps its values as written.
 */
export function apiValuesOf<T extends Entry>(store: ProjectStore, tableId: string, entries: T[]): T[] {
  let cols: ReturnType<typeof fullTableRef>["cols"] | null = null;
  const colsNow = () => (cols ??= fullTableRef(store, tableId).cols);
  return entries.map((e) => {
    const changes = valueChangesOf(e.details);
    if (changes.length) {
      let details: Record<string, unknown> | null = null;
      for (const [title, change] of changes) {
        const col = colsNow().find((c) => c.title === title);
        if (!col) continue;
        const old = asApi(col, change.old);
        const now = asApi(col, change.new);
        if (old === change.old && now === change.new) continue;
        details ??= { ...(e.details as Record<string, unknown>) };
        details[title] = { old, new: now };
      }
      return details ? { ...e, details } : e;
    }
    return e.details ? e : withLinkDetails(store, tableId, e);
  });
}

function asApi(col: ReturnType<typeof fullTableRef>["cols"][number], value: unknown): unknown {
  if (typeof value !== "string" && typeof value !== "number") return value;
  try {
    return col.type.toApi(value, col.ctx);
  } catch {
    return value;
  }
}

const OLD_LINK = /^(linked|unlinked) (.+) (\d{1,15})$/;

/** An old link entry ("linked Orders 2", no details) with the details a new one holds. */
function withLinkDetails<T extends Entry>(store: ProjectStore, tableId: string, e: T): T {
  const m = OLD_LINK.exec(e.description ?? "");
  if (!m) return e;
  const [, verb, title, idText] = m;
  const col = modelColumns(store, tableId).find((c) => c.title === title && isLink(c.uidt));
  if (!col) return e;
  const id = Number(idText);
  let name = String(id);
  try {
    name = displayText(store, fullTableRef(store, linkOptions(col).fk_related_model_id), id);
  } catch {
    // The related table is gone: the id is all that is known.
  }
  return { ...e, description: `${verb} ${title} ${name}`, details: { [title!]: { [verb!]: { id, title: name } } } };
}
