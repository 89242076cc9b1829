import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Sigma } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { FOOTER_AGGREGATES, type FooterAggregate } from "../../../db/views/footer";
import { queryKeys } from "../../api/query-keys";
import { rowsApi } from "../../api/rows-api";
import { viewsApi } from "../../api/views-api";
import type { RowQuery } from "./data/use-view-query";
import type { GridFieldView } from "./grid-field";

interface FooterAggregatesProps {
  projectId: string;
  tableId: string;
  /** The grid view whose columns keep the choices; none: nothing to keep them on. */
  viewId: string | null | undefined;
  rowQuery: RowQuery;
  fields: readonly GridFieldView[];
  /** The record count: a record added or removed asks for the values again. */
  total: number | null;
  /** Editors and builders choose; everyone sees the values. */
  canChoose: boolean;
}

const PERCENT = new Set<FooterAggregate>(["percent_empty", "percent_filled", "percent_checked"]);

/**
 * The grid footer's aggregates (issue 38): each chosen column's sum, average, extremes, counts or
 * percentages, computed in SQL over the grid's current filter (one request for all of them). The
 * choice per column is kept on the grid's view column (`aggregation`), picked in "Summaries".
 */
/** The view's chosen aggregate per column (kept on its grid columns) and the `aggregations` text asking for them. */
export function useFooterChoice(viewId: string | null | undefined, fields: readonly GridFieldView[]) {
  const columns = useQuery({
    queryKey: queryKeys.gridColumns(viewId ?? ""),
    queryFn: () => viewsApi.gridColumns(viewId!),
    enabled: !!viewId,
  });
  const choice = new Map(
    (columns.data ?? []).flatMap((c) => (c.aggregation ? [[c.fk_column_id, c.aggregation] as const] : [])),
  );
  const chosen = fields.filter((f) => choice.has(f.column.id));
  const aggregations = chosen.map((f) => `${f.column.id}:${choice.get(f.column.id)}`).join(",");
  return { choice, chosen, aggregations };
}

/** An aggregate's value as the footer and the group headers show it (a percentage with its sign). */
export function useAggregateText() {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (type: FooterAggregate, value: unknown) => {
    if (value === null || value === undefined) return "—";
    if (typeof value !== "number") return String(value);
    return PERCENT.has(type) ? `${number.format(value)} %` : number.format(value);
  };
}

export function FooterAggregates({
  projectId,
  tableId,
  viewId,
  rowQuery,
  fields,
  total,
  canChoose,
}: FooterAggregatesProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { choice, chosen, aggregations } = useFooterChoice(viewId, fields);
  const values = useQuery({
    queryKey: ["footerAggregates", tableId, rowQuery.key, aggregations, total],
    queryFn: ({ signal }) =>
      rowsApi.aggregate(
        { projectId, tableId, viewId: rowQuery.viewId },
        { aggregations, where: rowQuery.where, filterArrJson: rowQuery.filterArrJson },
        signal,
      ),
    enabled: aggregations !== "",
  });
  const save = useMutation({
    mutationFn: (v: { gridColumnId: string; aggregation: FooterAggregate | null }) =>
      viewsApi.updateGridColumn(v.gridColumnId, { aggregation: v.aggregation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.gridColumns(viewId ?? "") }),
    onError: () => toast.error(t("grid.footer.saveFailed")),
  });
  const shown = useAggregateText();
  const list = values.data?.list ?? [];
  return (
    <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1" data-testid="grid-aggregates">
      {chosen.map((f, i) => {
        const type = choice.get(f.column.id)!;
        return (
          <span
            key={f.column.id}
            className="inline-flex items-baseline gap-1 whitespace-nowrap"
            data-testid={`grid-aggregate-${f.column.title}`}
          >
            <span className="text-gray-500">{f.column.title}</span>
            <span className="text-gray-400">{t(`grid.footer.${type}`)}</span>
            <span className="font-medium tabular-nums text-gray-800">{shown(type, list[i]?.value)}</span>
          </span>
        );
      })}
      {canChoose && viewId ? (
        <details className="relative">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded px-1.5 py-0.5 hover:bg-gray-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-500">
            <Sigma aria-hidden="true" className="size-3.5" />
            {t("grid.footer.summaries")}
          </summary>
          <div className="absolute bottom-full z-20 mb-1 max-h-72 w-72 max-w-[90vw] overflow-y-auto rounded-md border border-gray-200 bg-white p-2 shadow-lg start-0">
            {fields
              .filter((f) => f.gridColumnId)
              .map((f) => (
                <label key={f.column.id} className="flex items-center justify-between gap-2 py-1">
                  <span className="truncate">{f.column.title}</span>
                  <select
                    aria-label={t("grid.footer.pick", { field: f.column.title })}
                    className="rounded border border-gray-300 bg-white px-1 py-0.5 text-xs"
                    value={choice.get(f.column.id) ?? ""}
                    disabled={save.isPending}
                    onChange={(e) =>
                      save.mutate({
                        gridColumnId: f.gridColumnId!,
                        aggregation: (e.target.value || null) as FooterAggregate | null,
                      })
                    }
                  >
                    <option value="">{t("grid.footer.none")}</option>
                    {FOOTER_AGGREGATES.map((a) => (
                      <option key={a} value={a}>
                        {t(`grid.footer.${a}`)}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}
