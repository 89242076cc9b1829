import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/ui/select-field";
import { fittingRollup, rollupFunctionsFor } from "../../links/computed-field-settings";
import { RelationFields, useRelationChoice } from "../Lookup/relation-fields";
import type { OptionsFormProps } from "../types";

/** A link, a field of the linked table and how to sum it up (sum and average only for numbers). */
export function RollupOptionsForm({ options, onChange, table, column }: OptionsFormProps) {
  const { t } = useTranslation();
  const choice = useRelationChoice(table, options, "fk_rollup_column_id");
  const fns = rollupFunctionsFor(choice.target?.uidt);
  const current = typeof options.rollup_function === "string" ? options.rollup_function : "";
  return (
    <div className="flex flex-col gap-3">
      <RelationFields
        choice={choice}
        fieldKey="fk_rollup_column_id"
        options={options}
        fixed={Boolean(column)}
        onChange={onChange}
        onField={(target, next) => ({ ...next, rollup_function: fittingRollup(next.rollup_function, target.uidt) })}
      />
      {choice.target || column ? (
        <SelectField
          label={t("links.editor.function")}
          value={current}
          disabled={Boolean(column)}
          choices={(column ? [current] : fns).map((fn) => ({ value: fn, label: t(`links.rollup.${fn as "count"}`) }))}
          onValueChange={(v) => onChange({ ...options, rollup_function: v })}
        />
      ) : null}
    </div>
  );
}
