import { bad } from "../../errors";

/**
 * The links a shared form's submission asks for (issue 19), as the project's own tables
 * (db/rows/submit-with-links.ts) and an external database's (db/external/form-submit.ts) both set them.
 */

/** A link a form submission asks for: the link column, and the related record's key. */
export interface FormLink {
  columnId: string;
  refId: string;
}

/** The links to set: not those of questions the form's conditions hid. */
export const askedLinks = (links: readonly FormLink[], hiddenColumns: readonly string[]) =>
  links.filter((l) => !hiddenColumns.includes(l.columnId));

/** The links per link column, in the order asked. */
export function linksByColumn(links: readonly FormLink[]): Map<string, FormLink[]> {
  const byColumn = new Map<string, FormLink[]>();
  for (const l of links) byColumn.set(l.columnId, [...(byColumn.get(l.columnId) ?? []), l]);
  return byColumn;
}

/** The one refusal for a record the picker does not offer, hidden or missing alike. */
export const notOffered = (field: string, refId: string) =>
  bad(`${field}: record ${JSON.stringify(refId)} is not one this form offers`);
