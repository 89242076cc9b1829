import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/ui/select-field";
import { plainChoices } from "../common/choices";
import type { OptionsFormProps } from "../types";

const CODES = [
  "USD",
  "EUR",
  "GBP",
  "JPY",
  "CNY",
  "INR",
  "AUD",
  "CAD",
  "CHF",
  "BRL",
  "MXN",
  "KRW",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "ZAR",
  "SGD",
  "HKD",
  "NZD",
];
const LOCALES = [
  "en-US",
  "en-GB",
  "en-IN",
  "de-DE",
  "fr-FR",
  "es-ES",
  "it-IT",
  "nl-NL",
  "pt-BR",
  "ja-JP",
  "zh-CN",
  "ko-KR",
  "sv-SE",
  "pl-PL",
];

/** Currency: ISO code and the locale numbers are shown in (db/fields/Currency.ts). */
export function CurrencyOptionsForm({ options, onChange }: OptionsFormProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label={t("fields.options.currencyCode")}
        value={String(options.currency_code ?? "USD")}
        choices={plainChoices(CODES, options.currency_code)}
        onValueChange={(v) => onChange({ ...options, currency_code: v })}
      />
      <SelectField
        label={t("fields.options.currencyLocale")}
        value={String(options.currency_locale ?? "en-US")}
        choices={plainChoices(LOCALES, options.currency_locale)}
        onValueChange={(v) => onChange({ ...options, currency_locale: v })}
      />
    </div>
  );
}
