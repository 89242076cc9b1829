import { startTransition, useEffect, useMemo, useState } from "react";
import { rowsApi, type RowTarget } from "../../../api/rows-api";
import type { Column } from "../../../api/types";
import type { RowQuery } from "../data/use-view-query";
import { GROUP_LIMIT, GroupedData } from "./grouped-data";
import type { GroupLevel } from "./group-levels";
import type { GroupAggregate, GroupCond, GroupNode } from "./group-tree";

/**
 * The grid's filters (the view's, or the unsaved ones the query carries) AND a group's path, as
 * the `filterArrJson` of a read: the caller's own filters go in a group of their own, so their
 * and/or joins stay inside it.
 */
function withPath(filterArrJson: string | undefined, path: readonly GroupCond[]): string | undefined {
  const own = filterArrJson ? (JSON.parse(filterArrJson) as unknown[]) : [];
  const all = own.length > 0 ? [{ is_group: true, logical_op: "and", children: own }, ...path] : [...path];
  return all.length > 0 ? JSON.stringify(all) : undefined;
}

/** The grouped grid's data for the grid's query and levels; a new query or levels start afresh. */
export function useGroupedData(
  target: RowTarget,
  query: RowQuery,
  levels: readonly GroupLevel[],
  columns: readonly Column[],
  /** The footer's aggregates each group header shows (`<field id>:sum,...`); "" for none. */
  aggregations: string,
  onError: (err: unknown) => void,
): GroupedData {
  const levelsKey = JSON.stringify(levels);
  const data = useMemo(() => {
    const colOf = (level: number) => columns.find((c) => c.id === levels[level]?.columnId);
    const t: RowTarget = { ...target, viewId: query.viewId };
    return new GroupedData(
      {
        groups: async (parent: GroupNode | null, level: number, signal: AbortSignal) => {
          const col = colOf(level);
          if (!col) return { list: [], more: false };
          const name = col.column_name ?? col.title;
          const answer = await rowsApi.groupBy(
            t,
            {
              column: name,
              sort: `${levels[level]!.direction === "desc" ? "-" : ""}${name}`,
              bucket: levels[level]!.bucket ?? undefined,
              limit: GROUP_LIMIT,
              offset: 0,
              where: query.where,
              filterArrJson: withPath(query.filterArrJson, parent?.path ?? []),
              aggregations,
            },
            signal,
          );
          const list = (answer.list ?? []) as Array<Record<string, unknown>>;
          return {
            list: list.map((g) => ({
              value: g[name] ?? null,
              count: Number(g.count ?? 0),
              aggregates: (g.aggregates as GroupAggregate[] | undefined) ?? [],
            })),
            more: Boolean((answer.pageInfo as { isLastPage?: boolean } | undefined)?.isLastPage === false),
          };
        },
        rows: async (node: GroupNode, offset: number, limit: number, signal: AbortSignal) => {
          const page = await rowsApi.list(
            t,
            {
              offset,
              limit,
              where: query.where,
              fields: query.fields,
              filterArrJson: withPath(query.filterArrJson, node.path),
              sortArrJson: query.sortArrJson,
            },
            signal,
          );
          return page.list ?? [];
        },
      },
      (level) => {
        const c = colOf(level);
        return c
          ? { id: c.id, uidt: c.uidt, bucket: levels[level]?.bucket ?? null }
          : { id: levels[level]?.columnId ?? "", uidt: "SingleLineText" };
      },
      onError,
    );
    // The query's key and the levels are the data's identity.
  }, [target.projectId, target.tableId, query.key, levelsKey, columns, aggregations]);
  const [, setVersion] = useState(0);
  useEffect(() => {
    // As the flat grid's pages: arriving records render as a transition, in slices between
    // frames, so a page landing never makes one long frame while the user scrolls.
    const off = data.subscribe(() => {
      if (data.loaded) startTransition(() => setVersion(data.version));
      else setVersion(data.version);
    });
    data.start();
    return () => {
      off();
      data.dispose();
    };
  }, [data]);
  return data;
}
