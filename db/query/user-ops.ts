/**
 * Filters on "Created by" and "Last modified by" columns (db/fields/common/users.ts). Rules:
 * - Values are user ids; `@me` stands for the user who runs the query (`OpCtx.me`). Without a
 *   caller (a shared view's visitor) `@me` names nobody: eq matches no row, neq every row.
 * - eq/anyof compare the stored id exactly (binary on MySQL, like text columns); neq and nanyof
 *   also match rows without a user (NULL), as on text columns.
 * - anyof/nanyof take a comma list; an empty list leaves the condition out.
 */
import { ME } from "../fields/common/users";
import type { FilterOp } from "../fields/types";
import { textIn } from "./dialect";
import type { OpCtx } from "./filter-ops";
import { Frag, not, or, param, sql } from "./sql";
import { QueryError } from "./types";
import { checkText, listItems } from "./filter-values";

/** The ids a filter value names, `@me` resolved; a value naming only an absent caller gives []. */
function ids(x: OpCtx, value: string, list: boolean): string[] {
  const items = list ? listItems(value) : [value];
  return items.map((v) => checkText(x.column, v).trim()).flatMap((v) => (v === ME ? (x.me ? [x.me] : []) : [v]));
}

const NOBODY = sql`1 = 0`;

export function userOp(x: OpCtx, op: FilterOp, value: string): Frag | null {
  const list = op === "anyof" || op === "nanyof";
  if (!list && op !== "eq" && op !== "neq")
    throw new QueryError(`'${op}' is not supported for '${x.column.title}' (${x.column.uidt})`);
  if (list && listItems(value).length === 0) return null;
  const named = ids(x, value, list);
  const match = named.length
    ? textIn(
        x.d,
        x.c,
        named.map((id) => param(id)),
      )
    : NOBODY;
  return op === "eq" || op === "anyof" ? match : or([not(match), sql`${x.c} IS NULL`]);
}
