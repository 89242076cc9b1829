/**
 * The XLSX header in the view's column order (as the CSV export has it). Rules:
 * - The view's grid columns, by their `order`, give the order of the titles they name.
 * - Titles the rows carry that the view does not place (or every title, when the view's
 *   columns could not be read) keep the order the rows gave, after the placed ones.
 */
import type { Column } from "../api/types";
import type { GridColumn } from "../api/view-types";

export function orderHeaders(
  keys: readonly string[],
  gridColumns: readonly GridColumn[],
  columns: readonly Column[],
): string[] {
  const titleOf = new Map(columns.map((c) => [c.id, c.title]));
  const placed = [...gridColumns]
    .sort((a, b) => a.order - b.order)
    .map((g) => titleOf.get(g.fk_column_id))
    .filter((t): t is string => t !== undefined && keys.includes(t));
  const seen = new Set(placed);
  return [...new Set(placed), ...keys.filter((k) => !seen.has(k))];
}
