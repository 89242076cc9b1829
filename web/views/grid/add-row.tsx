import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GUTTER_WIDTH } from "./grid-constants";

/** The "+" row under the last record. */
export function AddRow({ top, height, width, onAdd }: { top: number; height: number; width: number; onAdd(): void }) {
  const { t } = useTranslation();
  return (
    <div className="absolute start-0 flex" style={{ top, height: Math.min(height, 36), width }}>
      <button
        type="button"
        onMouseDown={(e) => e.stopPropagation()}
        onClick={onAdd}
        className="sticky start-0 flex h-full items-center gap-1.5 border-b border-e border-gray-200 bg-white px-3 text-sm text-gray-500 hover:bg-gray-50 hover:text-gray-800"
        style={{ minWidth: GUTTER_WIDTH + 200 }}
      >
        <Plus aria-hidden="true" className="size-4" />
        {t("grid.row.add")}
      </button>
    </div>
  );
}
