import { useTranslation } from "react-i18next";
import { OptionList } from "../common/option-list";
import { Chips, optionsOf } from "../common/select-chips";
import { INPUT_CLASS } from "../common/text-editor";
import type { CellProps, EditorProps } from "../types";

export function SingleSelectCell({ value, codec, wrap }: CellProps) {
  return typeof value === "string" && value !== "" ? <Chips titles={[value]} codec={codec} wrap={wrap} /> : null;
}

/** The options as a list over the cell; in the form a native select. */
export function SingleSelectEditor({ value, codec, initialText, mode, onCommit, onCancel, onChange, id }: EditorProps) {
  const { t } = useTranslation();
  const options = optionsOf(codec);
  const current = typeof value === "string" ? value : "";
  if (mode === "form") {
    return (
      <select
        id={id}
        aria-label={codec.column.title}
        className={INPUT_CLASS}
        defaultValue={current}
        onChange={(e) => onChange?.({ value: e.target.value || null })}
      >
        <option value="">{t("grid.editor.noValue")}</option>
        {options.map((o) => (
          <option key={o.title} value={o.title}>
            {o.title}
          </option>
        ))}
      </select>
    );
  }
  return (
    <OptionList
      options={options}
      selected={new Set(current ? [current] : [])}
      label={codec.column.title}
      initialQuery={initialText}
      autoFocus
      commitOnLeave
      onPick={(title) => onCommit({ value: title === current ? null : title })}
      onDone={(commit) => (commit ? onCommit({ value: current || null }) : onCancel())}
    />
  );
}
