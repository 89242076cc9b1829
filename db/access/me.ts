import type { WhereNode } from "../query";

/**
 * `@me` in a row rule: the reader. A field may hold either their user id (a "Created by" field)
 * or their e-mail (a text or e-mail field a builder fills), so a condition on `@me` becomes the
 * same condition on both: OR-ed for the positive operators, AND-ed for the negative ones
 * ("is not @me" means neither). A reader without an identity (a shared-base or shared-view
 * visitor) matches no `@me` condition at all, whatever its operator: the condition is false, so
 * "is not @me" does not open every record to them.
 */
export const ME = "@me";

const NEGATIVE = new Set(["neq", "not", "nlike", "nanyof", "nallof", "isnot"]);

export function expandMe(
  node: WhereNode | null,
  me: { userId: string; email: string },
  isUserColumn: (title: string) => boolean = () => false,
): WhereNode | null {
  if (!node) return null;
  if (node.type === "group") return { ...node, children: node.children.map((c) => expandMe(c, me, isUserColumn)!) };
  // "Created by" / "Last modified by" hold ids: the compiler reads `@me` there itself (its `me`).
  if (node.type !== "cond" || node.value?.trim() !== ME) return node;
  if (!me.userId && !me.email) return { type: "const", logicalOp: node.logicalOp, value: false };
  if (isUserColumn(node.column)) return node;
  // An absent identity must match nothing, not "no value" (which ops would then ignore): a value
  // no field holds stands in (filter values may not carry NUL, so a fresh random one).
  const nobody = `@me:nobody:${crypto.randomUUID()}`;
  const id = me.userId || nobody;
  const email = me.email || nobody;
  const negative = NEGATIVE.has(node.op);
  return {
    type: "group",
    logicalOp: node.logicalOp,
    children: [
      { ...node, logicalOp: "and", value: id },
      { ...node, logicalOp: negative ? "and" : "or", value: email },
    ],
  };
}
