/** A table's field permissions and row rules per role (issue 23; functions/resources/tables/access.ts). */
import type { z } from "zod";
import type { AccessJson, accessInput } from "../../db/access/rules";
import { fromDb, wire } from "./wire";

const route = "/api/v1/db/meta/tables/:tableId/access";

/**
 * Every field of the table (column id) with its mode, "editable" included, per role: the type of the
 * db/ function that builds the answer, because the row rule is a filter tree and Hono's JSON typing
 * gives a recursive type's inner levels as JSONValue (see `FromDb` in wire.ts).
 */
export type TableAccessJson = AccessJson;
export type RoleAccessJson = TableAccessJson["roles"][keyof TableAccessJson["roles"]];

/** The PUT body: the roles named are replaced whole; editable fields may be left out. */
export type TableAccessInput = z.input<typeof accessInput>;

export const accessApi = {
  read: async (tableId: string) => fromDb<AccessJson>()(await wire.get(route, { tableId })),
  save: async (tableId: string, body: TableAccessInput) =>
    fromDb<AccessJson>()(await wire.put(route, { tableId }, body)),
};
