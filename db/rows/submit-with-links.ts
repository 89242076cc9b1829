import { submitForm } from "../views/form/submit";
import { askedLinks, linksByColumn, notOffered, type FormLink } from "../views/form/form-links";
import type { Reader } from "../access/reader";
import { findColumn } from "../schema/columns";
import { linkOptions } from "../schema/links";
import { presentIds } from "./access-guard";
import type { Actor } from "./audit";
import { setLink } from "./links";
import { tableRef, type TableRef } from "./table-ref";
import type { ProjectStore } from "../store/store";

export type { FormLink };

/** The related table as `reader` reads it: their row rule on it (db/access), whoever the store reads for. */
function readAs(store: ProjectStore, tableId: string, reader: Reader | null): TableRef {
  const before = store.reader;
  store.reader = reader;
  try {
    return tableRef(store, tableId);
  } finally {
    store.reader = before;
  }
}

/**
 * Every link names a record the form's picker offers: a record of the related table that
 * `picker` may read (the shared-view picker lists the related table as the visitor, under the
 * viewer's row rule). A record outside that set is refused the same way whether it is hidden or
 * missing, so a submission cannot tell which hidden records exist.
 */
function checkOffered(store: ProjectStore, links: readonly FormLink[], picker: Reader | null) {
  for (const [columnId, list] of linksByColumn(links)) {
    const col = findColumn(store, columnId);
    const related = readAs(store, linkOptions(col).fk_related_model_id, picker);
    const ids = list.map((l) => (/^[1-9][0-9]{0,15}$/.test(l.refId) ? Number(l.refId) : 0));
    const offered = presentIds(store, related, [...new Set(ids.filter((id) => id > 0))]);
    const i = ids.findIndex((id) => !offered.has(id));
    if (i >= 0) throw notOffered(col.title, list[i]!.refId);
  }
}

/**
 * A form's record and its links in one step (issue 19): the caller runs this inside one
 * transaction, so a link that fails leaves no record behind. Links of questions the form's
 * conditions hid are not set; the others must name records the form's picker offers to `picker`.
 * Answers the form's answer and the tables whose rows changed through the links.
 */
export function submitWithLinks(
  store: ProjectStore,
  tableKey: string,
  viewKey: string,
  body: unknown,
  links: readonly FormLink[],
  actor: Actor,
  /** Who the picker listed the records for: the visitor, or the signed-in caller (null: every record). */
  picker: Reader | null,
) {
  const res = submitForm(store, tableKey, viewKey, body, actor);
  const asked = askedLinks(links, res.hiddenColumns);
  if (!asked.length) return { ...res, relatedTableIds: [] as string[] };
  checkOffered(store, asked, picker);
  const t = tableRef(store, tableKey);
  const pk = t.cols.find((c) => c.pk);
  const rowId = pk ? String((res.row as Record<string, unknown>)[pk.title]) : "";
  const related = new Set<string>();
  for (const l of asked) related.add(setLink(store, tableKey, rowId, l.columnId, l.refId, true, actor).relatedTableId);
  return { ...res, relatedTableIds: [...related] };
}
