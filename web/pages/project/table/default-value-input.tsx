import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { SelectOption } from "../../../api/types";
import { FIELD_UI } from "../../../fields/registry";
import type { FieldDraft } from "../../../fields/field-draft";
import { fieldType } from "../../../../db/fields/registry";

const placeholderOf = (draft: FieldDraft) => FIELD_UI[draft.uidt].defaultPlaceholder;

const INPUT =
  "rounded-md border border-gray-300 bg-white px-3 py-2 text-sm shadow-xs outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-invalid:border-red-500";

/** The default value in the form the type takes (checkbox, option, date, text ...). */
export function DefaultValueInput({
  draft,
  error,
  onChange,
}: {
  draft: FieldDraft;
  error?: string;
  onChange(cdf: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const kind = FIELD_UI[draft.uidt].defaultInput;
  if (kind === "none") return null;
  if (kind === "checkbox") {
    return (
      <label className="inline-flex items-center gap-2 text-sm text-gray-700">
        <input
          type="checkbox"
          checked={draft.cdf === "true" || draft.cdf === "1"}
          onChange={(e) => onChange(e.target.checked ? "true" : "")}
          className="size-4 accent-primary"
        />
        {t("fields.editor.checkedByDefault")}
      </label>
    );
  }
  const common = {
    id,
    value: draft.cdf,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  const options = Array.isArray(draft.options.options) ? (draft.options.options as SelectOption[]) : [];
  let input;
  if (kind === "select") {
    input = (
      <select {...common} onChange={(e) => onChange(e.target.value)} className={INPUT}>
        <option value="">{t("fields.editor.noDefault")}</option>
        {options
          .filter((o) => o.title)
          .map((o) => (
            <option key={o.title} value={o.title}>
              {o.title}
            </option>
          ))}
      </select>
    );
  } else if (kind === "textarea") {
    input = (
      <textarea
        {...common}
        rows={3}
        placeholder={placeholderOf(draft)}
        onChange={(e) => onChange(e.target.value)}
        className={INPUT}
      />
    );
  } else {
    const type = kind === "date" ? "date" : "text";
    const placeholder = fieldType(draft.uidt)?.kind === "multi" ? t("fields.editor.multiHint") : placeholderOf(draft);
    input = (
      <input
        {...common}
        type={type}
        inputMode={kind === "number" ? "decimal" : undefined}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className={INPUT}
      />
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {t("fields.editor.defaultValue")}
        <span className="ms-1 font-normal text-gray-400">{t("fields.editor.optional")}</span>
      </label>
      {input}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
