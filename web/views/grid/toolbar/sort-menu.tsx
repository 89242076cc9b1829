import { ArrowUpDown, Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../../api/types";
import { INPUT_CLASS } from "../../../fields/common/text-editor";
import { newKey } from "../logic/filters";
import type { SortItem } from "../logic/sorts";
import { MENU_ITEM, Popover, TOOL_BUTTON } from "../ui/popover";

interface SortMenuProps {
  sorts: readonly SortItem[];
  columns: readonly Column[];
  onChange(next: SortItem[]): void;
}

/** Multi-sort: a list of field + direction, applied in order. */
export function SortMenu({ sorts, columns, onChange }: SortMenuProps) {
  const { t } = useTranslation();
  const free = columns.filter((c) => !sorts.some((s) => s.columnId === c.id));
  return (
    <Popover
      label={t("grid.sort.menu")}
      button={
        <>
          <ArrowUpDown aria-hidden="true" className="size-4" />
          {sorts.length > 0 ? t("grid.sort.count", { count: sorts.length }) : t("grid.sort.button")}
        </>
      }
      buttonClass={TOOL_BUTTON}
      panelClass="w-96"
    >
      {() => (
        <div className="flex flex-col gap-2">
          {sorts.length === 0 ? <p className="px-1 text-xs text-gray-500">{t("grid.sort.none")}</p> : null}
          {sorts.map((s, i) => (
            <div key={s.key} className="flex items-center gap-2">
              <select
                aria-label={t("grid.sort.field", { n: i + 1 })}
                className={INPUT_CLASS}
                value={s.columnId}
                onChange={(e) => onChange(sorts.map((x) => (x.key === s.key ? { ...x, columnId: e.target.value } : x)))}
              >
                {columns
                  .filter((c) => c.id === s.columnId || free.includes(c))
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
              </select>
              <select
                aria-label={t("grid.sort.direction", { n: i + 1 })}
                className={`${INPUT_CLASS} w-32`}
                value={s.direction}
                onChange={(e) =>
                  onChange(
                    sorts.map((x) =>
                      x.key === s.key ? { ...x, direction: e.target.value === "desc" ? "desc" : "asc" } : x,
                    ),
                  )
                }
              >
                <option value="asc">{t("grid.sort.asc")}</option>
                <option value="desc">{t("grid.sort.desc")}</option>
              </select>
              <button
                type="button"
                className="rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
                aria-label={t("grid.sort.remove", { n: i + 1 })}
                onClick={() => onChange(sorts.filter((x) => x.key !== s.key))}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          ))}
          {free.length > 0 ? (
            <button
              type="button"
              className={MENU_ITEM}
              onClick={() => onChange([...sorts, { key: newKey(), columnId: free[0]!.id, direction: "asc" }])}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("grid.sort.add")}
            </button>
          ) : null}
        </div>
      )}
    </Popover>
  );
}
