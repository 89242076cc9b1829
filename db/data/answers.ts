import type * as rowsApi from "../rows/api";
import type { fieldAggregates } from "../rows/field-aggregates";
import type * as linksApi from "../rows/links";
import type * as readApi from "../rows/read";
import type { aggregate } from "../rows/aggregate";
import type { exportCsv } from "../rows/export";
import type { feedText } from "../views/calendar/feed";
import type { groupedList } from "../views/kanban/group";
import type { submitForm } from "../views/form/submit";
import type { ChangeOp, ReadOp } from "./requests";

/**
 * What each request answers (the same shapes on either source: db/external answers as the
 * project's own tables do), so that a caller of the room's `read` and `write` gets typed data.
 */
export interface ReadAnswers {
  list: ReturnType<typeof readApi.listRows>;
  count: ReturnType<typeof readApi.countRows>;
  fieldAggregates: ReturnType<typeof fieldAggregates>;
  find: ReturnType<typeof readApi.findOne>;
  groupBy: ReturnType<typeof readApi.groupBy>;
  grouped: ReturnType<typeof groupedList>;
  export: ReturnType<typeof exportCsv>;
  nested: ReturnType<typeof linksApi.nestedList>;
  one: ReturnType<typeof rowsApi.readOne>;
  exists: ReturnType<typeof rowsApi.exists>;
  calendarFeed: ReturnType<typeof feedText>;
  aggregate: ReturnType<typeof aggregate>;
  timeline: ReturnType<typeof readApi.listRows>;
}

type FormAnswer = ReturnType<typeof submitForm>;

export interface ChangeAnswers {
  insert: ReturnType<typeof rowsApi.insertOne>;
  insertMany: ReturnType<typeof rowsApi.insertMany>;
  update: ReturnType<typeof rowsApi.updateOne>;
  updateMany: ReturnType<typeof rowsApi.updateMany>;
  updateWhere: ReturnType<typeof rowsApi.updateWhere>;
  delete: ReturnType<typeof rowsApi.deleteOne>;
  deleteMany: ReturnType<typeof rowsApi.deleteMany>;
  deleteWhere: ReturnType<typeof rowsApi.deleteWhere>;
  link: ReturnType<typeof linksApi.setLink>;
  links: ReturnType<typeof linksApi.setLinks>;
  formSubmit: FormAnswer;
  /** Only what the visitor may read of the record, and whether the form's creator is e-mailed. */
  sharedFormSubmit: { row: FormAnswer["row"]; notify: FormAnswer["notify"] };
}

export type ReadAnswer<K extends ReadOp> = ReadAnswers[K];
export type ChangeAnswer<K extends ChangeOp> = ChangeAnswers[K];
