import { formatComputed } from "../common/locale-format";

/** Computed numbers as text in the reader's language: no grouping, at most 4 decimals (an average may have many). */
export function computedNumberText(value: unknown, lang = "en"): string {
  if (typeof value === "number") return Number.isFinite(value) ? formatComputed(lang, value) : "";
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return formatComputed(lang, Number(value));
  return value === null || value === undefined ? "" : String(value);
}
