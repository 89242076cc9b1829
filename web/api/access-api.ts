/** A table's field permissions and row rules per role (issue 23; functions/resources/tables/access.ts). */
import type { AccessRole, FieldMode } from "../../db/access/reader";
import { api } from "../lib/api";
import type { Filter } from "./view-types";

export interface RoleAccessJson {
  /** Every field of the table (column id) with its mode, "editable" included. */
  fields: Record<string, FieldMode>;
  /** The row rule in the filterArrJson shape, null when the role sees every record. */
  row_rule: Filter[] | null;
}

export interface TableAccessJson {
  roles: Record<AccessRole, RoleAccessJson>;
}

/** The PUT body: the roles named are replaced whole; editable fields may be left out. */
export interface TableAccessInput {
  roles: Partial<Record<AccessRole, { fields: Record<string, FieldMode>; row_rule: Filter[] | null }>>;
}

const path = (tableId: string) => `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}/access`;

export const accessApi = {
  read: (tableId: string) => api.get<TableAccessJson>(path(tableId)),
  save: (tableId: string, body: TableAccessInput) =>
    api.request<TableAccessJson>(path(tableId), { method: "PUT", body }),
};
