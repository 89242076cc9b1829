import type { OptionsFormProps } from "../types";
import { RelationFields, useRelationChoice } from "./relation-fields";

/** A link of this table, then the field of the linked table to show. */
export function LookupOptionsForm({ options, onChange, table, column }: OptionsFormProps) {
  const choice = useRelationChoice(table, options, "fk_lookup_column_id");
  return (
    <RelationFields
      choice={choice}
      fieldKey="fk_lookup_column_id"
      options={options}
      fixed={Boolean(column)}
      onChange={onChange}
    />
  );
}
