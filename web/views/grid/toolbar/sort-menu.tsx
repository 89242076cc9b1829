import { ArrowUpDown, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../../api/types";
import { newKey } from "../logic/filters";
import type { SortItem } from "../logic/sorts";
import { MENU_ITEM, Popover, TOOL_BUTTON } from "../ui/popover";
import { FieldDirectionRow } from "./field-direction-row";

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
            <FieldDirectionRow
              key={s.key}
              labels={{
                field: t("grid.sort.field", { n: i + 1 }),
                direction: t("grid.sort.direction", { n: i + 1 }),
                remove: t("grid.sort.remove", { n: i + 1 }),
              }}
              options={columns.filter((c) => c.id === s.columnId || free.includes(c))}
              columnId={s.columnId}
              direction={s.direction}
              onField={(columnId) => onChange(sorts.map((x) => (x.key === s.key ? { ...x, columnId } : x)))}
              onDirection={(direction) => onChange(sorts.map((x) => (x.key === s.key ? { ...x, direction } : x)))}
              onRemove={() => onChange(sorts.filter((x) => x.key !== s.key))}
            />
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
