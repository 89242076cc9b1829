import type { ViewRow } from "../../store/schema";
import { readSub } from "../sub-meta";

/**
 * The fields a calendar places records by: its rows always carry them, shown or not (a calendar
 * on the hidden system field UpdatedAt would otherwise place nothing). Other views: none. Apart
 * from settings.ts, which reads rows through the view scope that needs this.
 */
export function rangeColumnIds(v: ViewRow): string[] {
  const ranges =
    (readSub(v).calendar_range as Array<{ fk_from_column_id: string; fk_to_column_id: string | null }> | undefined) ??
    [];
  return ranges.flatMap((r) => [r.fk_from_column_id, ...(r.fk_to_column_id ? [r.fk_to_column_id] : [])]);
}
