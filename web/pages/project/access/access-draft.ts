/**
 * The Access panel's model (issue 23): per narrowable role, each field's mode and the row rule as
 * the view filter builder's tree. Rules:
 * - The fields listed are those the server's GET answers (user fields and the primary key), in the
 *   table's order; the primary key and the display field are always editable (the server refuses
 *   anything else, because every read path and link names records by them).
 * - A row rule may name stored fields only (it is compiled into other tables' link, lookup and
 *   rollup sub-queries, where computed fields have no SQL), so the builder offers only those.
 * - The PUT body names all three roles with their non-editable fields and their rule (null when the
 *   tree has no complete condition); saving is refused while a rule holds an unfinished condition,
 *   because dropping it silently (as the view builder does) would widen what the role sees.
 */
import { ACCESS_ROLES, type AccessRole, type FieldMode } from "../../../../db/access/reader";
import { fieldType } from "../../../../db/fields/registry";
import type { TableAccessInput, TableAccessJson } from "../../../api/access-api";
import type { Column } from "../../../api/types";
import { fromSaved, isComplete, toFilterArr, type FilterNode } from "../../../views/grid/logic/filters";

export interface RoleDraft {
  /** Column id -> mode, for every listed field. */
  fields: Record<string, FieldMode>;
  rule: FilterNode[];
}
export type AccessDraft = Record<AccessRole, RoleDraft>;

export function draftFrom(answer: TableAccessJson): AccessDraft {
  const one = (role: AccessRole): RoleDraft => ({
    fields: { ...(answer.roles[role]?.fields ?? {}) },
    rule: fromSaved(answer.roles[role]?.row_rule ?? []),
  });
  return Object.fromEntries(ACCESS_ROLES.map((role) => [role, one(role)])) as AccessDraft;
}

/** The fields the grid lists: the table's columns the server reports modes for. */
export function accessFields(columns: readonly Column[], answer: TableAccessJson): Column[] {
  const listed = answer.roles.editor?.fields ?? {};
  return columns.filter((c) => c.id in listed);
}

/** The primary key and the display field cannot be narrowed. */
export const isFixedField = (c: Column) => c.pk || c.pv;

/** The fields a row rule may name: stored (not computed) user fields and the primary key. */
export const ruleColumns = (columns: readonly Column[]) =>
  columns.filter((c) => (!c.system || c.pk) && !fieldType(c.uidt)?.virtual);

export const setMode = (draft: AccessDraft, role: AccessRole, columnId: string, mode: FieldMode): AccessDraft => ({
  ...draft,
  [role]: { ...draft[role], fields: { ...draft[role].fields, [columnId]: mode } },
});

export const setRule = (draft: AccessDraft, role: AccessRole, rule: FilterNode[]): AccessDraft => ({
  ...draft,
  [role]: { ...draft[role], rule },
});

function hasUnfinished(nodes: readonly FilterNode[], columns: readonly Column[]): boolean {
  return nodes.some((n) => (n.isGroup ? hasUnfinished(n.children, columns) : !isComplete(n, columns)));
}

/** Roles whose rule holds a condition without field, operator or needed value. */
export const unfinishedRules = (draft: AccessDraft, columns: readonly Column[]): AccessRole[] =>
  ACCESS_ROLES.filter((role) => hasUnfinished(draft[role].rule, ruleColumns(columns)));

/** The PUT body for the draft; `columns` are the table's, in their order. */
export function accessBody(draft: AccessDraft, columns: readonly Column[]): TableAccessInput {
  const stored = ruleColumns(columns);
  const roles: TableAccessInput["roles"] = {};
  for (const role of ACCESS_ROLES) {
    const fields: Record<string, FieldMode> = {};
    for (const c of columns) {
      const mode = draft[role].fields[c.id];
      if (mode && mode !== "editable" && !isFixedField(c)) fields[c.id] = mode;
    }
    const rule = toFilterArr(draft[role].rule, stored);
    roles[role] = { fields, row_rule: rule.length ? rule : null };
  }
  return { roles };
}

/** Whether two drafts save the same settings (keys, ids and unfinished conditions ignored). */
export const sameAccess = (a: AccessDraft, b: AccessDraft, columns: readonly Column[]) =>
  JSON.stringify(accessBody(a, columns)) === JSON.stringify(accessBody(b, columns));
