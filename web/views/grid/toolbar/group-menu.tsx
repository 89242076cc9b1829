import { Layers, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { canGroupBy, fieldType } from "../../../../db/fields/registry";
import { INPUT_CLASS } from "../../../fields/common/text-editor";
import type { Column } from "../../../api/types";
import { MAX_LEVELS, type DateBucket, type GroupLevel } from "../groups/group-levels";
import { MENU_ITEM, Popover, TOOL_BUTTON } from "../ui/popover";
import { FieldDirectionRow } from "./field-direction-row";

interface GroupMenuProps {
  levels: readonly GroupLevel[];
  columns: readonly Column[];
  onChange(next: GroupLevel[]): void;
}

/** Group-by: up to three fields, each with its direction; the first is the outer group. */
export function GroupMenu({ levels, columns, onChange }: GroupMenuProps) {
  const { t } = useTranslation();
  const groupable = columns.filter((c) => canGroupBy(c.uidt));
  const free = groupable.filter((c) => !levels.some((l) => l.columnId === c.id));
  const isDate = (id: string) => {
    const kind = fieldType(columns.find((c) => c.id === id)?.uidt ?? "")?.kind;
    return kind === "date" || kind === "datetime";
  };
  const set = (i: number, patch: Partial<GroupLevel>) =>
    onChange(levels.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <Popover
      label={t("groupBy.menu")}
      button={
        <>
          <Layers aria-hidden="true" className="size-4" />
          {levels.length > 0 ? t("groupBy.active") : t("groupBy.button")}
        </>
      }
      buttonClass={`${TOOL_BUTTON} ${levels.length > 0 ? "bg-primary/10" : ""}`}
      panelClass="w-96"
    >
      {() => (
        <div className="flex flex-col gap-2">
          {levels.length === 0 ? <p className="px-1 text-xs text-gray-500">{t("groupBy.none")}</p> : null}
          {levels.map((l, i) => (
            <FieldDirectionRow
              key={l.columnId}
              indent={i * 12}
              labels={{
                field: t("groupBy.field", { n: i + 1 }),
                direction: t("groupBy.direction", { n: i + 1 }),
                remove: t("groupBy.remove", { n: i + 1 }),
              }}
              options={groupable.filter((c) => c.id === l.columnId || free.includes(c))}
              columnId={l.columnId}
              direction={l.direction}
              onField={(columnId) => set(i, { columnId, bucket: null })}
              extra={
                isDate(l.columnId) ? (
                  <select
                    aria-label={t("groupBy.bucket", { n: i + 1 })}
                    className={`${INPUT_CLASS} w-28`}
                    value={l.bucket ?? ""}
                    onChange={(e) => set(i, { bucket: (e.target.value || null) as DateBucket | null })}
                  >
                    <option value="">{t("groupBy.buckets.value")}</option>
                    <option value="day">{t("groupBy.buckets.day")}</option>
                    <option value="month">{t("groupBy.buckets.month")}</option>
                    <option value="year">{t("groupBy.buckets.year")}</option>
                  </select>
                ) : null
              }
              onDirection={(direction) => set(i, { direction })}
              onRemove={() => onChange(levels.filter((_, j) => j !== i))}
            />
          ))}
          {free.length > 0 && levels.length < MAX_LEVELS ? (
            <button
              type="button"
              className={MENU_ITEM}
              onClick={() => onChange([...levels, { columnId: free[0]!.id, direction: "asc" }])}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("groupBy.add")}
            </button>
          ) : null}
        </div>
      )}
    </Popover>
  );
}
