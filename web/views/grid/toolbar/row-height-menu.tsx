import { Check, Rows3 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MENU_ITEM, Popover, TOOL_BUTTON } from "../ui/popover";

const LEVELS = ["short", "medium", "tall", "extra"] as const;

/** Row height: short, medium, tall, extra (the view's row_height 0..3). */
export function RowHeightMenu({ level, onChange }: { level: number; onChange(level: number): void }) {
  const { t } = useTranslation();
  return (
    <Popover
      role="menu"
      label={t("grid.rowHeight.menu")}
      button={<Rows3 aria-hidden="true" className="size-4" />}
      buttonClass={TOOL_BUTTON}
      panelClass="w-44"
    >
      {(close) =>
        LEVELS.map((name, i) => (
          <button
            key={name}
            type="button"
            role="menuitemradio"
            aria-checked={level === i}
            className={MENU_ITEM}
            onClick={() => (onChange(i), close())}
          >
            <Check aria-hidden="true" className={`size-4 ${level === i ? "text-primary" : "invisible"}`} />
            {t(`grid.rowHeight.${name}`)}
          </button>
        ))
      }
    </Popover>
  );
}
