/**
 * Builds "Created by" and "Last modified by": a user id in a text column, written by the server
 * from the caller's identity (db/rows/row-codec.ts), never from a body or an import. Rules:
 * - The API value is `{id, email, display_name}` (NocoDB's shape). Reads select the stored id
 *   joined to the room's user directory as that JSON text (db/rows/row-users.ts); a bare id (a
 *   user the directory does not know, or a read without the join) comes back as `{id}`.
 * - Filters compare the id; the value `@me` stands for the caller (db/query/filter-ops.ts).
 * - Text (copy, CSV export) is the e-mail, else the display name, else the id.
 * - Input of any kind is refused by fromApi (a default value, a paste into the cell) and ignored
 *   by parseText (an import): these columns are the system's.
 * - A field added to a table that has rows leaves them empty: who made them is not known (the
 *   history records only later writes), and guessing the table's creator would put a name on
 *   records that person never wrote, which a "Created by is @me" row rule would then trust.
 */
import { NO_OPTIONS, type NoOptions } from "./options";
import { byDialect } from "./storage";
import { NONE, fail, isNone } from "./result";
import type { FieldType, FilterOp, Stored, UIType } from "../types";
import { FORM_INPUTS } from "../form-inputs";

/** A user as a row shows them. */
export interface RowUser {
  id: string;
  email?: string;
  display_name?: string | null;
}

export const USER_OPS: readonly FilterOp[] = ["eq", "neq", "anyof", "nanyof", "blank", "notblank", "null", "notnull"];

/** The value `@me` in a filter: the user who runs the query. */
export const ME = "@me";

/** The stored form (an id, or the directory's JSON text) as the API's user object. */
export function rowUser(stored: Stored): RowUser | null {
  if (stored === null || stored === "") return null;
  const text = String(stored);
  if (text.startsWith("{")) {
    try {
      const parsed = JSON.parse(text) as Partial<RowUser>;
      if (typeof parsed.id === "string") {
        const user: RowUser = { id: parsed.id };
        if (typeof parsed.email === "string") user.email = parsed.email;
        if (parsed.display_name !== undefined)
          user.display_name = typeof parsed.display_name === "string" ? parsed.display_name : null;
        return user;
      }
    } catch {
      // Not the directory's JSON: an id as stored.
    }
  }
  return { id: text };
}

export function userType(uidt: UIType, writtenBy: "insert" | "write"): FieldType<NoOptions> {
  return {
    uidt,
    virtual: false,
    kind: "user",
    readOnly: true,
    formInput: FORM_INPUTS[uidt],
    writtenBy,
    options: NO_OPTIONS,
    storage: byDialect("TEXT", "text", "varchar(255)"),
    filterOps: USER_OPS,
    // Pickable, but an import neither creates nor fills it (IMPORT_TYPES: writtenBy). The search
    // box does not match people: the column holds ids, and names live in the room's directory.
    systemOnly: false,
    search: "none",
    index: "eq",
    importsDisplayText: false,
    fromApi: (value, ctx) =>
      isNone(value) ? NONE : fail(`${ctx.title}: set by the server from who writes the row; it cannot be written`),
    toApi: (stored) => rowUser(stored),
    parseText: () => NONE,
    formatText: (stored) => {
      const user = rowUser(stored);
      return user ? (user.email ?? user.display_name ?? user.id) : "";
    },
  };
}
