import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PICKABLE_TYPES } from "../../../../db/fields/registry";
import type { UIType } from "../../../../db/fields/types";
import type { Column } from "../../../api/types";
import { FIELD_UI } from "../../../fields/registry";
import { canBecome } from "../../../links/computed-field-settings";

export { PICKABLE_TYPES };

/** Every pickable type with its icon; types an existing field cannot turn into are disabled. */
export function TypePicker({
  value,
  column,
  onChange,
}: {
  value: UIType;
  column?: Column | null;
  onChange(uidt: UIType): void;
}) {
  const { t } = useTranslation();
  const lockedId = useId();
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-gray-700">{t("fields.editor.type")}</span>
      <span id={lockedId} className="sr-only">
        {t("links.editor.typeLocked")}
      </span>
      <div role="radiogroup" aria-label={t("fields.editor.type")} className="grid grid-cols-2 gap-1.5 sm:grid-cols-3">
        {PICKABLE_TYPES.map((uidt) => {
          const Icon = FIELD_UI[uidt].icon;
          const locked = !canBecome(column, uidt);
          const checked = value === uidt;
          return (
            <button
              key={uidt}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={t(`fields.types.${uidt}`)}
              aria-describedby={locked ? lockedId : undefined}
              title={
                locked ? `${t(`fields.types.${uidt}`)}: ${t("links.editor.typeLocked")}` : t(`fields.types.${uidt}`)
              }
              disabled={locked}
              onClick={() => onChange(uidt)}
              className={`flex items-center gap-2 rounded-md border px-2 py-1.5 text-start text-sm focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50 ${checked ? "border-primary bg-primary/10 text-primary" : "border-gray-200 text-gray-700 hover:bg-gray-50"}`}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {/* Wraps rather than cuts a longer language's name ("Verknüpfung zu anderem Datensatz"). */}
              <span className="min-w-0 flex-1 hyphens-auto break-words">{t(`fields.types.${uidt}`)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
