/**
 * A record sent through a form view on an external table (`POST .../views/{formView}`, and a
 * shared form with its link answers, issue 19): the form's questions, conditions, required rules
 * and validation are the project's own (db/views/form/submission.ts; the view lives in the
 * project's store whatever holds the rows), the record goes to the source database. The record
 * and its links are written in one transaction there: a link that fails (a record the form's
 * picker does not offer, a database refusal) leaves no record behind. Answers as the native
 * submitForm / submitWithLinks do.
 */
import { VISITOR, type Reader } from "../access/reader";
import type { Actor } from "../rows/audit";
import { findColumn } from "../schema/columns";
import { linkOptions } from "../schema/links";
import { askedLinks, linksByColumn, notOffered, type FormLink } from "../views/form/form-links";
import { formSubmission } from "../views/form/submission";
import type { Queryable } from "./driver";
import { insertOne, readBy, tableOf, type ExtCtx } from "./rows";
import { setLinkIn } from "./link-rows";
import { keyValues, type ExtTable } from "./table";

/** Whether `picker` may read the related record named `refId` (a malformed key names none). */
async function offered(x: ExtCtx, q: Queryable, related: ExtTable, refId: string): Promise<boolean> {
  try {
    return (await readBy(x, q, related, keyValues(related, refId, x.driver.dialect))) !== null;
  } catch {
    return false;
  }
}

/**
 * Every link names a record the form's picker offers: one of the related table that `picker` may
 * read (their row rule on it). Any other is refused alike, hidden or missing.
 */
async function checkOffered(x: ExtCtx, q: Queryable, links: readonly FormLink[], picker: Reader) {
  for (const [columnId, list] of linksByColumn(links)) {
    const col = findColumn(x.store, columnId);
    const related = tableOf({ ...x, reader: picker }, linkOptions(col).fk_related_model_id);
    for (const l of list) if (!(await offered(x, q, related, l.refId))) throw notOffered(col.title, l.refId);
  }
}

/**
 * A form's record and the links it asks for (none for submitForm). Links of questions the form's
 * conditions hid are not set; the others must name records the picker offers.
 */
export async function submitFormWithLinks(
  x: ExtCtx,
  tableKey: string,
  viewKey: string,
  body: unknown,
  links: readonly FormLink[],
  actor: Actor,
  picker: Reader,
) {
  const ctx: ExtCtx = { ...x, by: actor };
  const t = tableOf(ctx, tableKey);
  const form = formSubmission(
    ctx.store,
    t.ref.model,
    viewKey,
    body,
    t.cols,
    t.links.map((l) => l.col),
  );
  const hiddenColumns = form?.hiddenColumns ?? [];
  const asked = askedLinks(links, hiddenColumns);
  const related = new Set<string>();
  const row = await insertOne(
    ctx,
    tableKey,
    form ? form.kept : body,
    asked.length
      ? async (q, keys) => {
          await checkOffered(ctx, q, asked, picker);
          for (const l of asked) related.add(await setLinkIn(ctx, q, tableKey, keys, l.columnId, l.refId));
        }
      : undefined,
  );
  return { row, notify: form?.notify ?? null, hiddenColumns, relatedTableIds: [...related] };
}

/** A record through a form view: its shown fields and required rules apply (no links to check). */
export async function submitForm(x: ExtCtx, tableKey: string, viewKey: string, body: unknown, actor: Actor) {
  const { relatedTableIds: _none, ...res } = await submitFormWithLinks(x, tableKey, viewKey, body, [], actor, VISITOR);
  return res;
}
