import type { Choice } from "../../components/ui/select-field";

/** Plain values as choices labelled by themselves; a current value missing from the list is kept. */
export function plainChoices(values: readonly string[], current?: unknown): Choice[] {
  const list = typeof current === "string" && current && !values.includes(current) ? [current, ...values] : values;
  return list.map((value) => ({ value, label: value }));
}

/** Date formats the Date and DateTime editors offer (SPEC 5 strict formats). */
export const DATE_FORMATS = [
  "YYYY-MM-DD",
  "YYYY/MM/DD",
  "DD-MM-YYYY",
  "MM-DD-YYYY",
  "DD/MM/YYYY",
  "MM/DD/YYYY",
  "DD MM YYYY",
  "MM DD YYYY",
  "YYYY MM DD",
] as const;

export const TIME_FORMATS = ["HH:mm", "HH:mm:ss", "HH:mm:ss.SSS"] as const;
