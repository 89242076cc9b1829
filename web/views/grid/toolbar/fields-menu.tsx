import { ArrowDown, ArrowUp, Columns3, Settings2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FIELD_UI } from "../../../fields/registry";
import type { GridField } from "../logic/grid-fields";
import { MENU_ITEM, Popover, TOOL_BUTTON } from "../ui/popover";

interface FieldsMenuProps {
  fields: readonly GridField[];
  onShow(field: GridField, show: boolean): void;
  onMove(from: number, to: number): void;
  onAll(show: boolean): void;
  /** Opens the table's field list (add, edit, delete fields); null without the right. */
  onEditFields: (() => void) | null;
}

/** Show, hide and order the view's fields; the frozen display-value field stays first. */
export function FieldsMenu({ fields, onShow, onMove, onAll, onEditFields }: FieldsMenuProps) {
  const { t } = useTranslation();
  const hidden = fields.filter((f) => !f.show).length;
  return (
    <Popover
      label={t("grid.fields.menu")}
      button={
        <>
          <Columns3 aria-hidden="true" className="size-4" />
          {hidden > 0 ? t("grid.fields.hiddenCount", { count: hidden }) : t("grid.fields.button")}
        </>
      }
      buttonClass={TOOL_BUTTON}
      panelClass="w-72"
    >
      {(close) => (
        <div className="flex flex-col gap-1">
          <ul className="max-h-80 overflow-y-auto" aria-label={t("grid.fields.list")}>
            {fields.map((f, i) => {
              const Icon = FIELD_UI[f.column.uidt]?.icon;
              const locked = f.column.pv;
              return (
                <li key={f.column.id} className="flex items-center gap-2 rounded px-1 py-1 hover:bg-gray-50">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    aria-label={t("grid.fields.show", { title: f.column.title })}
                    checked={f.show}
                    disabled={locked}
                    onChange={(e) => onShow(f, e.target.checked)}
                  />
                  {Icon ? <Icon aria-hidden="true" className="size-3.5 text-gray-400" /> : null}
                  <span className="min-w-0 flex-1 truncate">{f.column.title}</span>
                  <button
                    type="button"
                    className="rounded p-0.5 text-gray-400 hover:bg-gray-200 disabled:invisible"
                    aria-label={t("grid.fields.moveUp", { title: f.column.title })}
                    disabled={locked || i <= 1}
                    onClick={() => onMove(i, i - 1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-3.5" />
                  </button>
                  <button
                    type="button"
                    className="rounded p-0.5 text-gray-400 hover:bg-gray-200 disabled:invisible"
                    aria-label={t("grid.fields.moveDown", { title: f.column.title })}
                    disabled={locked || i === fields.length - 1}
                    onClick={() => onMove(i, i + 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-3.5" />
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="flex gap-2 border-t border-gray-100 pt-2">
            <button type="button" className={`${MENU_ITEM} justify-center`} onClick={() => onAll(true)}>
              {t("grid.fields.showAll")}
            </button>
            <button type="button" className={`${MENU_ITEM} justify-center`} onClick={() => onAll(false)}>
              {t("grid.fields.hideAll")}
            </button>
          </div>
          {onEditFields ? (
            <button type="button" className={MENU_ITEM} onClick={() => (close(), onEditFields())}>
              <Settings2 aria-hidden="true" className="size-4" />
              {t("grid.fields.editFields")}
            </button>
          ) : null}
        </div>
      )}
    </Popover>
  );
}
