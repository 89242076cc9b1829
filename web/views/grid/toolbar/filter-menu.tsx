import { ListFilter } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../../api/types";
import { settings } from "../../../lib/settings";
import { isComplete, type FilterNode } from "../logic/filters";
import { Popover, TOOL_BUTTON } from "../ui/popover";
import { FilterLevel } from "./filter-level";

interface FilterMenuProps {
  filters: FilterNode[];
  columns: readonly Column[];
  onChange(next: FilterNode[]): void;
  autoSave: boolean;
  /** Whether the caller may save filters to the view at all. */
  mayPersist: boolean;
  canSave: boolean;
  onSave(): void;
}

/** The filter builder: nested groups, and/or, operators by field type, date sub-operators. */
export function FilterMenu({ filters, columns, onChange, autoSave, mayPersist, canSave, onSave }: FilterMenuProps) {
  const { t } = useTranslation();
  const active = filters.filter((f) => isComplete(f, columns)).length;
  return (
    <Popover
      label={t("grid.filter.menu")}
      button={
        <>
          <ListFilter aria-hidden="true" className="size-4" />
          {active > 0 ? t("grid.filter.count", { count: active }) : t("grid.filter.button")}
        </>
      }
      buttonClass={TOOL_BUTTON}
      panelClass="w-[40rem] max-w-[calc(100vw-1rem)]"
    >
      {() => (
        <div className="flex flex-col gap-3">
          {filters.length === 0 ? <p className="px-1 text-xs text-gray-500">{t("grid.filter.none")}</p> : null}
          <FilterLevel
            tree={filters}
            nodes={filters}
            parentKey={null}
            depth={0}
            columns={columns}
            onChange={onChange}
          />
          <div className="flex items-center justify-between gap-2 border-t border-gray-100 pt-2 text-xs text-gray-600">
            {mayPersist ? (
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={autoSave}
                  onChange={(e) => settings.update({ filterAutoSave: e.target.checked })}
                />
                {t("grid.filter.autoSave")}
              </label>
            ) : (
              <span>{t("grid.filter.localOnly")}</span>
            )}
            {canSave ? (
              <button
                type="button"
                className="rounded-md bg-primary px-3 py-1 text-xs font-medium text-white hover:bg-primary/90"
                onClick={onSave}
              >
                {t("grid.filter.save")}
              </button>
            ) : null}
          </div>
        </div>
      )}
    </Popover>
  );
}
