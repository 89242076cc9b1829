/**
 * The dashboard's time zone (issue 38): the IANA zone its date buckets and periods are cut in
 * (the project has no zone of its own). Editors pick it; the choice is saved at once.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../components/ui/select-field";

/** Every zone this browser knows, with UTC (the default, which some engines leave out) and the saved one. */
function zoneChoices(current: string) {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  zones.add(current);
  return [...zones].sort().map((z) => ({ value: z, label: z.replace(/_/g, " ") }));
}

export function TimeZoneSelect({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled?: boolean;
  onChange(zone: string): void;
}) {
  const { t } = useTranslation();
  const choices = useMemo(() => zoneChoices(value), [value]);
  return (
    <SelectField
      className="w-56 max-w-full"
      dir="ltr"
      label={t("dashboards.timeZone")}
      choices={choices}
      value={value}
      disabled={disabled}
      onValueChange={onChange}
    />
  );
}
