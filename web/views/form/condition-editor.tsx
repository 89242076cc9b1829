/**
 * "Show this question only when…": the views' filter rows (field, operator, date sub-operator,
 * value, from the registry's filterOps) over the questions before this one, in groups joined with
 * and/or. The tree converts to and from the question's `visibility` (db/views/form/rules.ts).
 */
import { Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { FormConditionGroup } from "../../../db/views/form/rules";
import type { Column } from "../../api/types";
import type { LogicalOp } from "../../api/view-types";
import { FilterRow } from "../grid/toolbar/filter-row";
import { isComplete, newKey, opsFor, subOpsFor, valueInput, type FilterNode } from "../grid/logic/filters";

/** A group node's `logicalOp` here is the op inside it (how its children combine). */
export function nodesOf(g: FormConditionGroup | null): { op: LogicalOp; nodes: FilterNode[] } {
  if (!g) return { op: "and", nodes: [] };
  const walk = (group: FormConditionGroup): FilterNode[] =>
    group.children.map((c) =>
      "is_group" in c
        ? { key: newKey(), isGroup: true, logicalOp: c.logical_op, children: walk(c) }
        : {
            key: newKey(),
            isGroup: false,
            logicalOp: group.logical_op,
            columnId: c.fk_column_id,
            op: c.comparison_op,
            subOp: c.comparison_sub_op ?? undefined,
            value: c.value === null || c.value === undefined ? undefined : String(c.value),
            children: [],
          },
    );
  return { op: g.logical_op, nodes: walk(g) };
}

/** The complete conditions as a visibility group, or null when none is complete. */
export function groupOf(
  op: LogicalOp,
  nodes: readonly FilterNode[],
  columns: readonly Column[],
): FormConditionGroup | null {
  const build = (logical: LogicalOp, list: readonly FilterNode[]): FormConditionGroup => ({
    is_group: true,
    logical_op: logical === "or" ? "or" : "and",
    children: list
      .filter((n) => isComplete(n, columns))
      .map((n) => {
        if (n.isGroup) return build(n.logicalOp, n.children);
        const column = columns.find((c) => c.id === n.columnId);
        return {
          fk_column_id: n.columnId!,
          comparison_op: n.op!,
          comparison_sub_op: n.subOp ?? null,
          value: valueInput(column, n.op, n.subOp) === "none" ? null : (n.value ?? ""),
        };
      }),
  });
  const g = build(op, nodes);
  return g.children.length ? g : null;
}

interface Props {
  op: LogicalOp;
  nodes: FilterNode[];
  /** The questions before this one (the ones a condition may look at). */
  columns: readonly Column[];
  disabled: boolean;
  onChange(op: LogicalOp, nodes: FilterNode[]): void;
  depth?: number;
}

const SMALL_BUTTON =
  "inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-primary hover:bg-primary/10 disabled:opacity-50";

export function ConditionEditor({ op, nodes, columns, disabled, onChange, depth = 0 }: Props) {
  const { t } = useTranslation();
  const first = columns[0];
  const fresh = (): FilterNode => {
    const o = opsFor(first)[0];
    return {
      key: newKey(),
      isGroup: false,
      logicalOp: op,
      columnId: first?.id,
      op: o,
      subOp: subOpsFor(first, o)[0],
      children: [],
    };
  };
  const replace = (i: number, node: FilterNode | null) =>
    onChange(op, node ? nodes.map((n, j) => (j === i ? node : n)) : nodes.filter((_, j) => j !== i));
  if (!first) return <p className="text-xs text-gray-500">{t("views.form.rules.noEarlier")}</p>;
  return (
    <div
      className={`flex flex-col gap-1.5 ${depth ? "rounded-md border border-gray-200 p-2" : ""}`}
      data-testid="form-condition-group"
    >
      {nodes.length > 1 ? (
        <label className="flex items-center gap-2 text-xs text-gray-600">
          {t("grid.filter.logical")}
          <select
            className="rounded border border-gray-300 px-1 py-0.5 text-xs"
            value={op}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value as LogicalOp, nodes)}
          >
            <option value="and">{t("grid.filter.and")}</option>
            <option value="or">{t("grid.filter.or")}</option>
          </select>
        </label>
      ) : null}
      {nodes.map((node, i) =>
        node.isGroup ? (
          <div key={node.key} className="flex items-start gap-1">
            <div className="min-w-0 flex-1">
              <ConditionEditor
                op={node.logicalOp}
                nodes={node.children}
                columns={columns}
                disabled={disabled}
                depth={depth + 1}
                onChange={(o, children) => replace(i, { ...node, logicalOp: o, children })}
              />
            </div>
            <button
              type="button"
              className="rounded p-1 text-gray-400 hover:bg-gray-100"
              aria-label={t("grid.filter.removeGroup")}
              disabled={disabled}
              onClick={() => replace(i, null)}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : (
          <div key={node.key} className="overflow-x-auto">
            <FilterRow
              node={node}
              n={i + 1}
              columns={columns}
              onPatch={(patch) => replace(i, { ...node, ...patch })}
              onRemove={() => replace(i, null)}
            />
          </div>
        ),
      )}
      <div className="flex gap-2">
        <button
          type="button"
          className={SMALL_BUTTON}
          disabled={disabled}
          onClick={() => onChange(op, [...nodes, fresh()])}
        >
          <Plus aria-hidden="true" className="size-3.5" />
          {t("views.form.rules.addCondition")}
        </button>
        {depth === 0 ? (
          <button
            type="button"
            className={SMALL_BUTTON}
            disabled={disabled}
            onClick={() =>
              onChange(op, [...nodes, { key: newKey(), isGroup: true, logicalOp: "or", children: [fresh()] }])
            }
          >
            <Plus aria-hidden="true" className="size-3.5" />
            {t("grid.filter.addGroup")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
