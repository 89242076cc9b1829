/**
 * Live table-name validation (SPEC 5), the same rules as the server's db/schema/names.ts:
 * required; no leading or trailing whitespace; none of . / \ (the message lists the ones found);
 * at most 255 characters; unique among the project's tables, ignoring case.
 */
export const TABLE_NAME_MAX = 255;
const FORBIDDEN = [".", "/", "\\"];

export type TableNameError =
  | { key: "msg.error.tableNameRequired" }
  | { key: "msg.error.tableNameWhitespace" }
  | { key: "msg.error.followingCharactersAreNotAllowed"; values: { chars: string } }
  | { key: "msg.error.tableNameTooLong"; values: { max: number } }
  | { key: "msg.error.tableNameDuplicate" };

/** `others` are the titles of the other tables (not the one being renamed). */
export function tableNameError(title: string, others: readonly string[] = []): TableNameError | null {
  if (title.trim() === "") return { key: "msg.error.tableNameRequired" };
  if (title !== title.trim()) return { key: "msg.error.tableNameWhitespace" };
  const found = FORBIDDEN.filter((ch) => title.includes(ch));
  if (found.length) return { key: "msg.error.followingCharactersAreNotAllowed", values: { chars: found.join(" ") } };
  if (title.length > TABLE_NAME_MAX) return { key: "msg.error.tableNameTooLong", values: { max: TABLE_NAME_MAX } };
  const lower = title.toLowerCase();
  if (others.some((o) => o.toLowerCase() === lower)) return { key: "msg.error.tableNameDuplicate" };
  return null;
}
