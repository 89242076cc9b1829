/**
 * The external database's schema changed outside the app (issue 42 item 13). Rules:
 * - a refusal naming a column or table the database does not have is drift, recognised by the
 *   dialect's own error codes (db/query/dialects `missingName`), never by a list here;
 * - on drift the room syncs the project's meta from the database (schema-sync.ts, as the manual
 *   sync does) and tells the tabs; a read then runs once more, as the meta no longer names what
 *   is gone;
 * - a write is not repeated (the person meant the field that is gone): it answers 409 naming the
 *   column, after the sync, so they see the table as it now is and try again;
 * - a read still refused after the sync (a formula, lookup or view setting naming the column)
 *   answers the same 409, saying what is still named.
 */
import { DbError } from "../errors";
import type { Dialect } from "../fields/types";
import { dialectOf } from "../query/dialects";
import type { MissingName } from "../query/dialects/dialect";
import { SourceError } from "./driver";

/** A refusal of the database because its schema changed outside the app: status 409. */
export class SchemaDrift extends DbError {
  constructor(
    readonly missing: MissingName,
    /** The database's own message. */
    readonly detail: string,
  ) {
    super(409, driftMessage(missing, "synced"));
  }
}

/** The drift a driver's failure is, or null for any other failure. */
export function driftOf(dialect: Dialect, err: unknown): SchemaDrift | null {
  if (!(err instanceof SourceError)) return null;
  const missing = dialectOf(dialect).missingName(err);
  return missing ? new SchemaDrift(missing, err.message) : null;
}

const what = (m: MissingName) => `${m.kind} "${m.name}"`;

const AFTER = {
  synced: "The fields were synced from the database; check the change and try again.",
  stillNamed: "A field, filter or sort still names it: sync the database again or change what names it.",
  unsynced: "The fields could not be synced from it now: sync the database from the project's settings.",
};

/**
 * What the person is told: "synced" after a sync that removed what was gone (try again);
 * "stillNamed" when a read still fails after the sync (something in the app still names it);
 * "unsynced" when the sync itself failed.
 */
export function driftMessage(m: MissingName, after: keyof typeof AFTER): string {
  return `The database's schema changed outside the app: the ${what(m)} no longer exists. ${AFTER[after]}`;
}
