/**
 * Whether a new record needs the record form rather than an empty insert (issue 42.16): some field
 * must be filled and has no default, so the server would refuse `{}`. Fields the server fills (the
 * key, Created by, a link's hidden key) never count; a required belongs-to link does.
 */
import { fieldType } from "../../../../db/fields/registry";
import type { Column } from "../../../api/types";

export function needsRecordForm(columns: readonly Column[]): boolean {
  return columns.some((c) => {
    if (!c.rqd || c.pk || c.ai || (c.cdf !== null && c.cdf !== undefined && c.cdf !== "")) return false;
    const type = fieldType(c.uidt);
    if (!type) return true;
    return type.virtual ? type.link === true : !type.readOnly && !type.writtenBy;
  });
}
