/** The builder's choice of how covers fill their box in a gallery or on kanban cards. */
import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/ui/select-field";
import { COVER_FITS, type CoverFit } from "./cover";

export function CoverFitPicker({ value, onChange }: { value: CoverFit; onChange(fit: CoverFit): void }) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("views.gallery.coverFit")}
      hideLabel
      value={value}
      choices={COVER_FITS.map((fit) => ({ value: fit, label: t(`views.gallery.${fit}`) }))}
      onValueChange={(v) => onChange(v as CoverFit)}
    />
  );
}
