import { X } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { FilterOp } from "../../../../db/fields/types";
import type { Column } from "../../../api/types";
import { INPUT_CLASS } from "../../../fields/common/text-editor";
import { UserFilterValue } from "../../../fields/common/user-filter-value";
import {
  isUserColumn,
  menuOpsFor,
  opsFor,
  optionChoices,
  subOpsFor,
  valueInput,
  type FilterNode,
} from "../logic/filters";

interface FilterRowProps {
  node: FilterNode;
  n: number;
  columns: readonly Column[];
  onPatch(patch: Partial<FilterNode>): void;
  onRemove(): void;
}

const SMALL = `${INPUT_CLASS} py-1 text-xs`;

/** One condition: field, operator (the field type's filterOps), date sub-operator, value. */
export function FilterRow({ node, n, columns, onPatch, onRemove }: FilterRowProps) {
  const { t } = useTranslation();
  const listId = useId();
  const column = columns.find((c) => c.id === node.columnId);
  const ops = menuOpsFor(column, node.op);
  const choices = optionChoices(column, node.op);
  const subOps = subOpsFor(column, node.op);
  const input = valueInput(column, node.op, node.subOp);
  const options = Array.isArray(column?.colOptions?.options) ? column.colOptions.options : [];
  return (
    <div className="flex items-center gap-1.5" data-testid="filter-row">
      <select
        aria-label={t("grid.filter.field", { n })}
        className={`${SMALL} w-36`}
        value={node.columnId ?? ""}
        onChange={(e) => {
          const next = columns.find((c) => c.id === e.target.value);
          const keep = node.op && opsFor(next).includes(node.op) ? node.op : opsFor(next)[0];
          onPatch({ columnId: e.target.value, op: keep, subOp: subOpsFor(next, keep)[0], value: undefined });
        }}
      >
        {columns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      <select
        aria-label={t("grid.filter.operator", { n })}
        className={`${SMALL} w-36`}
        value={node.op ?? ""}
        onChange={(e) => {
          const op = e.target.value as FilterOp;
          const subs = subOpsFor(column, op);
          onPatch({ op, subOp: (subs as readonly string[]).includes(node.subOp ?? "") ? node.subOp : subs[0] });
        }}
      >
        {ops.map((op) => (
          <option key={op} value={op}>
            {t(`grid.filter.ops.${op}`)}
          </option>
        ))}
      </select>
      {subOps.length > 0 ? (
        <select
          aria-label={t("grid.filter.subOperator", { n })}
          className={`${SMALL} w-36`}
          value={node.subOp ?? ""}
          onChange={(e) => onPatch({ subOp: e.target.value, value: undefined })}
        >
          {subOps.map((s) => (
            <option key={s} value={s}>
              {t(`grid.filter.subOps.${s}`)}
            </option>
          ))}
        </select>
      ) : null}
      {input !== "none" && isUserColumn(column) ? (
        <UserFilterValue
          label={t("grid.filter.value", { n })}
          className={`${SMALL} w-36`}
          value={node.value}
          onChange={(value) => onPatch({ value })}
        />
      ) : input !== "none" && choices ? (
        <select
          aria-label={t("grid.filter.value", { n })}
          className={`${SMALL} w-36`}
          value={node.value ?? ""}
          onChange={(e) => onPatch({ value: e.target.value })}
        >
          <option value="">{t("grid.filter.chooseOption")}</option>
          {choices.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </select>
      ) : input !== "none" ? (
        <>
          <input
            aria-label={t("grid.filter.value", { n })}
            className={`${SMALL} w-36`}
            type={input}
            list={options.length > 0 ? listId : undefined}
            value={node.value ?? ""}
            onChange={(e) => onPatch({ value: e.target.value })}
          />
          {options.length > 0 ? (
            <datalist id={listId}>
              {options.map((o) => (
                <option key={o.title} value={o.title} />
              ))}
            </datalist>
          ) : null}
        </>
      ) : null}
      <button
        type="button"
        className="ms-auto rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
        aria-label={t("grid.filter.remove", { n })}
        onClick={onRemove}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
