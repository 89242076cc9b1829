import { useTranslation } from "react-i18next";
import { TextField } from "../../components/ui/text-field";
import type { OptionsFormProps } from "../types";

/** The database type to store the value as, e.g. varchar(20) (db/fields/SpecificDBType.ts). */
export function SpecificDBTypeOptionsForm({ options, onChange }: OptionsFormProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("fields.options.dbType")}
      value={String(options.dt ?? "")}
      placeholder={t("fields.options.dbTypePlaceholder")}
      onValueChange={(v) => onChange({ ...options, dt: v })}
    />
  );
}
