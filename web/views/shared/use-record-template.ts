import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { queryKeys } from "../../api/query-keys";
import type { Row } from "../../api/view-types";
import { viewsApi } from "../../api/views-api";
import type { ColumnCodec } from "../../fields/codec";

/**
 * A new record's starting values in a view (issue 37): the view's record template (its default
 * values, kept by field id), then the values its filters imply (filter-defaults.ts), which win, so
 * the record stays in the view. A template value its field no longer takes, or a field that cannot
 * be written, is left out.
 */
export function templateValues(
  template: Record<string, unknown> | undefined,
  codecOf: (columnId: string) => ColumnCodec | undefined,
): Row {
  const out: Row = {};
  for (const [id, value] of Object.entries(template ?? {})) {
    const codec = codecOf(id);
    if (!codec || codec.readOnly) continue;
    const read = codec.fromValue(value);
    if (read.ok) out[codec.column.title] = read.value;
  }
  return out;
}

/** The view's template, read once per view; `startWith(filterValues)` is a new record's values. */
export function useRecordTemplate(
  viewId: string | null | undefined,
  codecOf: (columnId: string) => ColumnCodec | undefined,
) {
  const query = useQuery({
    queryKey: queryKeys.recordTemplate(viewId ?? ""),
    queryFn: () => viewsApi.recordTemplate(viewId!),
    enabled: !!viewId,
  });
  const values = query.data?.values as Record<string, unknown> | undefined;
  return useCallback(
    (filterValues: Row): Row => ({ ...templateValues(values, codecOf), ...filterValues }),
    [values, codecOf],
  );
}
