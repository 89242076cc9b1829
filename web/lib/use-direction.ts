import { useTranslation } from "react-i18next";
import { directionOf } from "./locales";

/** The page direction of the current language; re-renders when the language changes. */
export function useDirection(): "rtl" | "ltr" {
  const { i18n } = useTranslation();
  return directionOf(i18n.language);
}
