import { Languages } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { setLanguage } from "../../lib/i18n";
import { LANGUAGE_NAMES } from "../../lib/language-names";
import { DEFAULT_LOCALE, isSupportedLocale, SUPPORTED_LOCALES } from "../../lib/locales";

/**
 * The language picker (SPEC 4): each language under its own name; a choice loads that language's
 * messages (its own chunk), flips the page direction where needed and is kept in the local settings.
 */
export function LanguagePicker({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const current = isSupportedLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;

  async function choose(value: string) {
    if (!isSupportedLocale(value) || value === current) return;
    setBusy(true);
    try {
      await setLanguage(value);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={`flex items-center gap-1 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t("app.language")}
      </label>
      <Languages aria-hidden="true" className="hidden size-4 shrink-0 text-gray-500 sm:block" />
      <select
        id={id}
        data-testid="language-picker"
        value={current}
        disabled={busy}
        onChange={(e) => void choose(e.target.value)}
        className="w-28 rounded-md sm:w-auto sm:max-w-40 border border-gray-300 bg-white py-1 ps-2 pe-7 text-sm text-gray-700 outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
      >
        {SUPPORTED_LOCALES.map((code) => (
          <option key={code} value={code} lang={code.replace("_", "-")}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
