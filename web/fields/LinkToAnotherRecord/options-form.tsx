import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/ui/select-field";
import { LINK_TYPES } from "../../links/computed-field-settings";
import { useProject } from "../../pages/project/project-context";
import type { OptionsFormProps } from "../types";

/** The other table and the relation; fixed once the link exists. */
export function LinkOptionsForm({ options, onChange, column }: OptionsFormProps) {
  const { t } = useTranslation();
  const { tables } = useProject();
  const hintId = useId();
  const type = typeof options.type === "string" ? options.type : "hm";
  const tableId = typeof options.fk_related_model_id === "string" ? options.fk_related_model_id : "";
  const fixed = Boolean(column);
  const choices = [
    { value: "", label: t("links.editor.chooseTable") },
    ...tables.filter((x) => !x.mm).map((x) => ({ value: x.id, label: x.title })),
  ];
  return (
    <div className="flex flex-col gap-4">
      <SelectField
        label={t("links.editor.table")}
        value={tableId}
        choices={choices}
        disabled={fixed}
        onValueChange={(v) => onChange({ ...options, type, fk_related_model_id: v })}
      />
      <fieldset className="flex flex-col gap-1.5" aria-describedby={fixed ? hintId : undefined}>
        <legend className="mb-1 text-sm font-medium text-gray-700">{t("links.editor.relation")}</legend>
        {LINK_TYPES.map((x) => (
          <label
            key={x}
            className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${type === x ? "border-primary bg-primary/5" : "border-gray-200"}`}
          >
            <input
              type="radio"
              name="link-type"
              value={x}
              checked={type === x}
              disabled={fixed}
              onChange={() => onChange({ ...options, type: x })}
              className="mt-0.5 accent-primary"
            />
            <span>
              <span className="font-medium text-gray-900">{t(`links.editor.types.${x}`)}</span>
              <span className="block text-xs text-gray-500">{t(`links.editor.typeHints.${x}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {fixed ? (
        <p id={hintId} className="text-xs text-gray-500">
          {t("links.editor.fixed")}
        </p>
      ) : null}
    </div>
  );
}
