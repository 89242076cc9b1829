/**
 * The data methods a request may reach through the room's `gated` (the one-hop access path): each
 * reads or writes project data, so the room checks the caller's access before running it. Its own
 * module, without the room's runtime imports, so the Worker's routes can name it.
 */
export const GATED_METHODS = [
  "listRows",
  "countRows",
  "groupBy",
  "exportCsv",
  "findOne",
  "readRow",
  "rowExists",
  "nestedList",
  "insertRow",
  "insertRows",
  "updateRow",
  "updateRows",
  "updateWhere",
  "deleteRow",
  "deleteRows",
  "deleteWhere",
  "setLink",
  "groupedList",
  "submitForm",
  "submitFormWithLinks",
  "calendarFeed",
] as const;
export type GatedMethod = (typeof GATED_METHODS)[number];
