import type { View } from "../../api/view-types";

/**
 * The sub-view settings a view list item carries in `view` (contract 1.10), used as the first
 * answer of the settings query so a view's data is asked for without waiting for it; undefined
 * when the item does not carry them (the query then asks the server).
 */
export function carriedSettings<T>(view: View, field: keyof T & string): T | undefined {
  const sub = (view as { view?: unknown }).view;
  return sub && typeof sub === "object" && field in sub ? (sub as T) : undefined;
}
