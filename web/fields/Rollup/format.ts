/** Computed numbers as text: no grouping, at most 4 decimals (an average may have many). */
const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4, useGrouping: false });

export function computedNumberText(value: unknown): string {
  if (typeof value === "number") return Number.isFinite(value) ? NUMBER.format(value) : "";
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return NUMBER.format(Number(value));
  return value === null || value === undefined ? "" : String(value);
}
