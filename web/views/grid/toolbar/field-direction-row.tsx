import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../../api/types";
import { INPUT_CLASS } from "../../../fields/common/text-editor";

type Direction = "asc" | "desc";

interface FieldDirectionRowProps {
  /** The row's accessible names, already translated (a sort's or a group level's). */
  labels: { field: string; direction: string; remove: string };
  /** The fields this row may pick: its own and those no other row has. */
  options: readonly Column[];
  columnId: string;
  direction: Direction;
  onField(columnId: string): void;
  onDirection(direction: Direction): void;
  onRemove(): void;
  /** Pixels of indent at the inline start (nested group levels). */
  indent?: number;
  /** More settings of the row, before its remove button (a date level's bucket). */
  extra?: ReactNode;
}

/** One row of a sort or group-by menu: a field, its direction, and remove. */
export function FieldDirectionRow(p: FieldDirectionRowProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2" style={p.indent ? { paddingInlineStart: p.indent } : undefined}>
      <select
        aria-label={p.labels.field}
        className={INPUT_CLASS}
        value={p.columnId}
        onChange={(e) => p.onField(e.target.value)}
      >
        {p.options.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      <select
        aria-label={p.labels.direction}
        className={`${INPUT_CLASS} w-32`}
        value={p.direction}
        onChange={(e) => p.onDirection(e.target.value === "desc" ? "desc" : "asc")}
      >
        <option value="asc">{t("grid.sort.asc")}</option>
        <option value="desc">{t("grid.sort.desc")}</option>
      </select>
      {p.extra}
      <button
        type="button"
        className="rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
        aria-label={p.labels.remove}
        onClick={p.onRemove}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
