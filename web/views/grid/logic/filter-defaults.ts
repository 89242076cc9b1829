/**
 * "+ New record" in a filtered view (issue 37): the values the view's filters imply, so the new
 * record stays in the view. Rules:
 * - only the top level, and only when it is combined with "and" (an "or" implies no one value);
 * - a condition `is equal` gives its value, `is checked` / `is not checked` give true / false;
 * - a field that cannot be written (computed, read-only) or a value its type refuses is left out.
 */
import type { Row } from "../../../api/view-types";
import type { ColumnCodec } from "../../../fields/codec";
import type { FilterNode } from "./filters";

export function filterDefaults(
  nodes: readonly FilterNode[],
  codecOf: (columnId: string) => ColumnCodec | undefined,
): Row {
  const out: Row = {};
  if (nodes.slice(1).some((n) => n.logicalOp !== "and")) return out;
  for (const n of nodes) {
    if (n.isGroup || !n.columnId || !n.op) continue;
    const codec = codecOf(n.columnId);
    if (!codec || codec.readOnly) continue;
    let value: unknown;
    if (n.op === "checked") value = true;
    else if (n.op === "notchecked") value = false;
    else if (n.op === "eq" && !n.subOp && n.value !== undefined && n.value.trim() !== "") {
      const parsed = codec.fromValue(n.value);
      const read = parsed.ok ? parsed : codec.fromText(n.value);
      if (!read.ok) continue;
      value = read.value;
    } else continue;
    out[codec.column.title] = value;
  }
  return out;
}
