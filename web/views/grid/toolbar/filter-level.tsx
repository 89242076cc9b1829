import { FolderPlus, Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../../api/types";
import { INPUT_CLASS } from "../../../fields/common/text-editor";
import { addNode, condition, group, levelOp, removeNode, setLevelOp, updateNode } from "../logic/filter-tree-edits";
import { opsFor, subOpsFor, type FilterNode } from "../logic/filters";
import { MENU_ITEM } from "../ui/popover";
import { FilterRow } from "./filter-row";

interface FilterLevelProps {
  tree: FilterNode[];
  nodes: readonly FilterNode[];
  parentKey: string | null;
  depth: number;
  columns: readonly Column[];
  onChange(tree: FilterNode[]): void;
}

/** One level of the filter tree: its and/or, its conditions and groups, add buttons. */
export function FilterLevel({ tree, nodes, parentKey, depth, columns, onChange }: FilterLevelProps) {
  const { t } = useTranslation();
  const op = levelOp(nodes);
  const first = columns[0];
  const newCondition = () => {
    const c = condition("and", first?.id);
    const ops = opsFor(first);
    return { ...c, op: ops[0], subOp: subOpsFor(first, ops[0])[0] };
  };
  return (
    <div className="flex flex-col gap-1.5">
      {nodes.map((node, i) => (
        <div key={node.key} className="flex items-start gap-1.5">
          <div className="w-16 shrink-0 pt-1 text-xs text-gray-500">
            {i === 0 ? (
              t("grid.filter.where")
            ) : i === 1 ? (
              <select
                aria-label={t("grid.filter.logical")}
                className={`${INPUT_CLASS} px-1 py-0.5 text-xs`}
                value={op}
                onChange={(e) => onChange(setLevelOp(tree, parentKey, e.target.value === "or" ? "or" : "and"))}
              >
                <option value="and">{t("grid.filter.and")}</option>
                <option value="or">{t("grid.filter.or")}</option>
              </select>
            ) : (
              t(op === "or" ? "grid.filter.or" : "grid.filter.and")
            )}
          </div>
          {node.isGroup ? (
            <div
              className="flex flex-1 flex-col gap-1.5 rounded-md border border-gray-200 bg-gray-50 p-2"
              role="group"
              aria-label={t("grid.filter.group")}
            >
              <div className="flex justify-end">
                <button
                  type="button"
                  className="rounded p-0.5 text-gray-400 hover:bg-gray-200"
                  aria-label={t("grid.filter.removeGroup")}
                  onClick={() => onChange(removeNode(tree, node.key))}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </div>
              <FilterLevel
                tree={tree}
                nodes={node.children}
                parentKey={node.key}
                depth={depth + 1}
                columns={columns}
                onChange={onChange}
              />
            </div>
          ) : (
            <div className="flex-1">
              <FilterRow
                node={node}
                n={i + 1}
                columns={columns}
                onPatch={(patch) => onChange(updateNode(tree, node.key, patch))}
                onRemove={() => onChange(removeNode(tree, node.key))}
              />
            </div>
          )}
        </div>
      ))}
      <div className="flex gap-1">
        <button
          type="button"
          className={`${MENU_ITEM} w-auto`}
          disabled={!first}
          onClick={() => onChange(addNode(tree, parentKey, newCondition()))}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t("grid.filter.add")}
        </button>
        {depth < 2 ? (
          <button
            type="button"
            className={`${MENU_ITEM} w-auto`}
            onClick={() => onChange(addNode(tree, parentKey, group("and")))}
          >
            <FolderPlus aria-hidden="true" className="size-4" />
            {t("grid.filter.addGroup")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
