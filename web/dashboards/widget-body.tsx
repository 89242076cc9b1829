/**
 * What a widget shows, by its type and data: a KPI, an ECharts chart (its module loaded on first
 * use, so ECharts stays out of every other page), a pivot table with totals, a record list or text.
 */
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useDirection } from "../lib/use-direction";
import { chartOption, label } from "./chart-option";
import type { DrillPoint } from "./drill";
import type { ChartClick } from "./echart-view";
import { MarkdownView } from "./markdown-view";
import { isListData, isNumberData, isPivotData, isSeriesData, type Widget, type WidgetData } from "./types";

/** The chart module once loaded: drawn straight away, not through Suspense (see below). */
let loadedChart: typeof import("./echart-view").default | null = null;
const loadChart = () => import("./echart-view").then((m) => (loadedChart = m.default));
const LazyChart = lazy(() => loadChart().then((c) => ({ default: c })));
/**
 * Starts loading ECharts as a dashboard page opens, while its widgets' data is on the way: asked
 * for only when the first chart's data arrived, its download and start-up came after the data.
 * Once loaded, charts render it directly: a lazy component suspends once even on a loaded module,
 * and React holds a revealed Suspense boundary back by up to 300 ms (measured: charts drawn with
 * the slow pivot instead of with their own data).
 */
export const preloadCharts = () => void loadChart();

const fmt = (v: unknown, locale: string) =>
  typeof v === "number"
    ? new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(v)
    : v == null
      ? ""
      : typeof v === "object"
        ? JSON.stringify(v).slice(0, 80)
        : String(v);

interface Props {
  widget: Widget;
  data: WidgetData | undefined;
  onDrill?(point: DrillPoint): void;
  onExporter?(exporter: (kind: "png" | "svg") => string): void;
}

export function WidgetBody({ widget, data, onDrill, onExporter }: Props) {
  const { t, i18n } = useTranslation();
  const dir = useDirection();
  const empty = t("dashboards.emptyValue");
  const option = useMemo(
    () =>
      data && isSeriesData(data) ? chartOption(widget.type, data.series, widget.config, empty, dir === "rtl") : null,
    [data, widget.type, widget.config, empty, dir],
  );
  if (widget.type === "text") return <MarkdownView source={widget.config.markdown ?? ""} />;
  if (!data) return null;
  if (isNumberData(data)) {
    const change =
      data.previous != null && data.value != null && data.previous !== 0
        ? (data.value - data.previous) / Math.abs(data.previous)
        : null;
    return (
      <button
        type="button"
        className="flex size-full flex-col items-center justify-center gap-1 rounded hover:bg-gray-50"
        onClick={() => onDrill?.({})}
      >
        <span className="text-3xl font-semibold text-gray-900" data-testid="kpi-value">
          {fmt(data.value, i18n.language)}
        </span>
        {data.previous != null ? (
          <span className={`text-xs ${change != null && change < 0 ? "text-red-600" : "text-green-700"}`}>
            {change != null
              ? new Intl.NumberFormat(i18n.language, {
                  style: "percent",
                  signDisplay: "always",
                  maximumFractionDigits: 1,
                }).format(change)
              : null}{" "}
            <span className="text-gray-500">
              {t("dashboards.previous", { value: fmt(data.previous, i18n.language) })}
            </span>
          </span>
        ) : null}
      </button>
    );
  }
  if (isSeriesData(data)) {
    if (data.series.every((s) => s.points.length === 0))
      return <p className="m-auto text-sm text-gray-500">{t("dashboards.noData")}</p>;
    const Chart = loadedChart ?? LazyChart;
    return (
      <Suspense fallback={<div className="size-full animate-pulse rounded bg-gray-50" />}>
        <Chart
          option={option!}
          label={widget.title}
          onClick={(c: ChartClick) =>
            onDrill?.({ x: c.x === empty ? null : c.x, series: c.series === empty ? null : c.series })
          }
          onReady={onExporter}
        />
      </Suspense>
    );
  }
  if (isPivotData(data)) {
    const cellClass = "border-b border-gray-100 px-2 py-1 text-end tabular-nums";
    return (
      <div className="size-full overflow-auto">
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th />
              {data.columns.map((c, j) => (
                <th key={j} scope="col" className="px-2 py-1 text-end font-medium text-gray-600">
                  {label(c.key, empty)}
                </th>
              ))}
              <th scope="col" className="px-2 py-1 text-end font-semibold">
                {t("dashboards.total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r, i) => (
              <tr key={i}>
                <th scope="row" className="px-2 py-1 text-start font-medium text-gray-700">
                  {label(r.key, empty)}
                </th>
                {data.columns.map((c, j) => (
                  <td key={j} className={cellClass}>
                    <button
                      type="button"
                      className="hover:underline"
                      onClick={() => onDrill?.({ x: r.key, series: c.key == null ? null : String(c.key) })}
                    >
                      {fmt(data.cells[i]?.[j], i18n.language)}
                    </button>
                  </td>
                ))}
                <td className={`${cellClass} font-semibold`}>{fmt(r.total, i18n.language)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="px-2 py-1 text-start font-semibold">
                {t("dashboards.total")}
              </th>
              {data.columns.map((c, j) => (
                <td key={j} className={`${cellClass} font-semibold`}>
                  {fmt(c.total, i18n.language)}
                </td>
              ))}
              <td className={`${cellClass} font-semibold`}>{fmt(data.total, i18n.language)}</td>
            </tr>
          </tbody>
        </table>
        {data.truncated?.rows || data.truncated?.columns ? (
          <p className="px-2 py-1 text-xs text-gray-500" data-testid="pivot-cut">
            {t("dashboards.pivotCut")}
          </p>
        ) : null}
      </div>
    );
  }
  if (isListData(data)) {
    const keys = [...new Set(data.list.flatMap((r) => Object.keys(r)))].slice(0, 8);
    if (!data.list.length) return <p className="m-auto text-sm text-gray-500">{t("dashboards.noData")}</p>;
    return (
      <div className="size-full overflow-auto">
        <table className="w-full text-sm">
          <thead>
            <tr>
              {keys.map((k) => (
                <th key={k} scope="col" className="whitespace-nowrap px-2 py-1 text-start font-medium text-gray-600">
                  {k}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.list.map((r, i) => (
              <tr key={i} className="border-t border-gray-100">
                {keys.map((k) => (
                  <td key={k} className="max-w-48 truncate px-2 py-1">
                    {fmt(r[k], i18n.language)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return null;
}
