import { VISITOR } from "../access/reader";
import { isNarrowed, narrowing } from "../access/narrow";
import { bad } from "../errors";
import type { Actor } from "../rows/audit";
import { submitWithLinks, type FormLink } from "../rows/submit-with-links";
import { fullTableRef } from "../rows/table-ref";
import { findColumn } from "../schema/columns";
import { isLink } from "../fields/registry";
import { linkOptions } from "../schema/links";
import { modelColumns } from "../schema/meta-read";
import type { ProjectStore } from "../store/store";
import { viewOfTable } from "../views/lookup";
import { syncViewColumns } from "../views/sync";

/**
 * A shared form's record in one call (issue 34): the links its answers name are read from the
 * form's shown link fields (`_nc_view_columns`), set with the record in the caller's transaction
 * (db/rows/submit-with-links.ts: only records the visitor's picker offers), and the stored record
 * comes back without the fields hidden from viewers (answerFor). `body` keeps the link answers:
 * the form's conditions read them.
 */
export function submitShared(store: ProjectStore, tableKey: string, viewKey: string, body: unknown, actor: Actor) {
  const { record, links } = sharedSubmission(store, tableKey, viewKey, body);
  return submitWithLinks(store, tableKey, viewKey, record, links, actor, VISITOR);
}

/** A shared form's record and the links its answers name; the form's meta is the project's own, whatever holds the rows. */
export function sharedSubmission(store: ProjectStore, tableKey: string, viewKey: string, body: unknown) {
  const record = (body ?? {}) as Record<string, unknown>;
  return { record, links: linksOf(store, tableKey, viewKey, record) };
}

/** Each answered link field's related records, each an object holding its key by title (the picker's answer). */
function linksOf(store: ProjectStore, tableKey: string, viewKey: string, record: Record<string, unknown>): FormLink[] {
  const modelId = fullTableRef(store, tableKey).model.id;
  const view = viewOfTable(store, modelId, viewKey);
  syncViewColumns(store, modelId);
  const shown = new Set(
    store
      .exec("SELECT fk_column_id FROM _nc_view_columns WHERE fk_view_id = ? AND show = 1", view.id)
      .map((r) => String(r.fk_column_id)),
  );
  const out: FormLink[] = [];
  for (const col of modelColumns(store, modelId)) {
    if (!isLink(col.uidt) || !shown.has(col.id) || !(col.title in record)) continue;
    const value = record[col.title];
    if (value === null || value === undefined) continue;
    const related = fullTableRef(store, linkOptions(col).fk_related_model_id);
    const pkTitle = related.cols.find((x) => x.pk)?.title ?? "Id";
    for (const item of Array.isArray(value) ? value : [value]) {
      const id = item && typeof item === "object" ? (item as Record<string, unknown>)[pkTitle] : item;
      if (id === undefined || id === null || typeof id === "object")
        throw bad(`${col.title}: each linked record must hold its ${pkTitle}`);
      out.push({ columnId: col.id, refId: String(id) });
    }
  }
  return out;
}

/**
 * The stored record as a visitor may read it back: without the fields hidden from viewers (the
 * visitor may fill such a field when the form asks for it, but reads no more than a viewer).
 */
export function visitorAnswer(store: ProjectStore, tableKey: string, row: unknown) {
  const modelId = fullTableRef(store, tableKey).model.id;
  if (!row || typeof row !== "object" || !isNarrowed(store, modelId, VISITOR)) return row;
  const hidden = new Set([...narrowing(store, modelId, VISITOR.role).hidden].map((id) => findColumn(store, id).title));
  if (!hidden.size) return row;
  return Object.fromEntries(Object.entries(row).filter(([k]) => !hidden.has(k)));
}
