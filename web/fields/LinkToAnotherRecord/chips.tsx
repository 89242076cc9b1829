import { X } from "lucide-react";
import { useTranslation } from "react-i18next";

const CHIP =
  "inline-flex max-w-full shrink-0 items-center gap-0.5 rounded border border-gray-200 bg-gray-50 px-1.5 py-px text-xs text-gray-800";

/** A linked record or looked-up value; with `onUnlink` it carries a remove button. */
export function ValueChip({ label, onUnlink }: { label: string; onUnlink?: () => void }) {
  const { t } = useTranslation();
  return (
    <span className={CHIP} data-testid="value-chip">
      <span className="truncate">{label}</span>
      {onUnlink ? (
        <button
          type="button"
          aria-label={t("links.cell.unlink", { label })}
          title={t("links.cell.unlink", { label })}
          className="-me-0.5 rounded text-gray-400 hover:bg-gray-200 hover:text-red-600"
          onMouseDown={(e) => e.stopPropagation()}
          onDoubleClick={(e) => e.stopPropagation()}
          onClick={onUnlink}
        >
          <X aria-hidden="true" className="size-3" />
        </button>
      ) : null}
    </span>
  );
}

export function chipRowClass(wrap: boolean): string {
  return `flex min-w-0 flex-1 items-center gap-1 ${wrap ? "flex-wrap" : "overflow-hidden"}`;
}
