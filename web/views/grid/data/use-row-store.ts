import { startTransition, useEffect, useMemo, useState } from "react";
import { rowsApi } from "../../../api/rows-api";
import { RowStore } from "./row-store";
import type { RowQuery } from "./use-view-query";

/**
 * The row store of one result set (a new query key makes a new store); re-renders on changes.
 * `idle`: nothing is fetched (the grid is grouped and reads per group instead).
 */
export function useRowStore(
  projectId: string,
  tableId: string,
  query: RowQuery,
  onError: (err: unknown) => void,
  idle = false,
): RowStore {
  const store = useMemo(
    () =>
      new RowStore(
        async (offset, limit, signal, cursor) => {
          const page = await rowsApi.list(
            { projectId, tableId, viewId: query.viewId },
            {
              limit,
              offset,
              cursor,
              where: query.where,
              fields: query.fields,
              filterArrJson: query.filterArrJson,
              sortArrJson: query.sortArrJson,
            },
            signal,
          );
          return {
            list: page.list ?? [],
            totalRows: Number(page.pageInfo?.totalRows ?? page.list?.length ?? 0),
            approximate: Boolean((page.pageInfo as { approximate?: boolean } | undefined)?.approximate),
            cursor: (page.pageInfo as { cursor?: string | null } | undefined)?.cursor ?? null,
          };
        },
        { onError },
      ),
    // The key is the query's identity; the callbacks read the query of the same render.
    [projectId, tableId, query.key, idle],
  );
  const [, setVersion] = useState(0);
  useEffect(() => {
    // Arriving pages render as a transition: React draws them in slices between frames, so a
    // page of 100 rows landing never makes one long frame while the user scrolls. The first
    // answer renders at once (nothing is on screen yet, and a transition could be restarted by
    // the next page's arrival).
    let shown = false;
    // A counter, not the store's version: a new store starts its versions from 0 again.
    const unsubscribe = store.subscribe(() => {
      if (shown) startTransition(() => setVersion((n) => n + 1));
      else setVersion((n) => n + 1);
      shown = store.totalRows !== null;
    });
    if (!idle) store.start();
    return () => {
      unsubscribe();
      store.dispose();
    };
  }, [store, idle]);
  return store;
}
