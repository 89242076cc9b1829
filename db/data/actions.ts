import type { Action } from "../acl/matrix";
import type { ChangeOp, DataCall, ReadOp, RowChange } from "./requests";

/**
 * The permission matrix's action (db/acl/matrix.ts) each request needs: access is decided per
 * request by what it does, not by the name of the method that carries it. The routes of the data
 * API name the same actions (functions/resources/data/rows.ts), so a caller the room sends back to
 * the Worker's full check meets the same rule there.
 */
const READ_ACTIONS: Record<ReadOp, Action> = {
  list: "dataList",
  count: "dataCount",
  fieldAggregates: "dataList",
  find: "dataRead",
  groupBy: "dataList",
  grouped: "dataList",
  export: "dataExport",
  nested: "nestedList",
  one: "dataRead",
  exists: "dataRead",
  calendarFeed: "dataList",
  aggregate: "dataList",
  timeline: "dataList",
};

const CHANGE_ACTIONS: Record<Exclude<ChangeOp, "link" | "links">, Action> = {
  insert: "dataInsert",
  insertMany: "dataInsert",
  update: "dataUpdate",
  updateMany: "dataUpdate",
  updateWhere: "dataUpdate",
  delete: "dataDelete",
  deleteMany: "dataDelete",
  deleteWhere: "dataDelete",
  formSubmit: "dataInsert",
  sharedFormSubmit: "dataInsert",
};

export function changeAction(change: RowChange): Action {
  if (change.op === "link" || change.op === "links") return change.add ? "nestedAdd" : "nestedRemove";
  return CHANGE_ACTIONS[change.op];
}

export function actionOf(call: DataCall): Action {
  return "read" in call ? READ_ACTIONS[call.read.op] : changeAction(call.write);
}
