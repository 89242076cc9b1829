import { submitForm } from "../views/form/submit";
import type { Actor } from "./audit";
import { setLink } from "./links";
import { tableRef } from "./table-ref";
import type { ProjectStore } from "../store/store";

/** A link a form submission asks for: the link column, and the related record's key. */
export interface FormLink {
  columnId: string;
  refId: string;
}

/**
 * A form's record and its links in one step (issue 19): the caller runs this inside one
 * transaction, so a link that fails (a related record that does not exist) leaves no record behind.
 * Links of questions the form's conditions hid are not set. Answers the form's answer and the
 * tables whose rows changed through the links.
 */
export function submitWithLinks(
  store: ProjectStore,
  tableKey: string,
  viewKey: string,
  body: unknown,
  links: readonly FormLink[],
  actor: Actor,
) {
  const res = submitForm(store, tableKey, viewKey, body, actor);
  if (!links.length) return { ...res, relatedTableIds: [] as string[] };
  const t = tableRef(store, tableKey);
  const pk = t.cols.find((c) => c.pk);
  const rowId = pk ? String((res.row as Record<string, unknown>)[pk.title]) : "";
  const related = new Set<string>();
  for (const l of links)
    if (!res.hiddenColumns.includes(l.columnId))
      related.add(setLink(store, tableKey, rowId, l.columnId, l.refId, true, actor).relatedTableId);
  return { ...res, relatedTableIds: [...related] };
}
