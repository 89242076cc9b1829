import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../api/query-keys";
import { tablesApi } from "../api/tables-api";

/** The meta of a linked table (cached with the other table metas). */
export function useRelatedMeta(tableId: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.table(tableId ?? ""),
    queryFn: () => tablesApi.read(tableId!),
    enabled: Boolean(tableId),
  });
}
