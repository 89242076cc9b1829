/**
 * A chart widget's series as an ECharts option: bars (side by side, or stacked; columns or
 * horizontal), lines, areas (stacked when split by series), pie or donut (the first series). Kept
 * apart from ECharts itself so it is tested without a canvas and the page chunk does not need it.
 */
import type { Series, WidgetConfig } from "./types";
import { xValues } from "./widget-csv";

export const label = (x: unknown, empty: string) => (x === null || x === undefined || x === "" ? empty : String(x));

export function chartOption(
  type: string,
  series: readonly Series[],
  config: WidgetConfig,
  empty: string,
  rtl: boolean,
) {
  const animation = false; // a live update moves the chart at once; first paint is not delayed
  if (type === "pie") {
    const first = series[0];
    return {
      animation,
      tooltip: { trigger: "item" },
      legend: { type: "scroll", bottom: 0 },
      series: [
        {
          type: "pie",
          radius: config.donut ? ["45%", "70%"] : "70%",
          data: (first?.points ?? []).map((p) => ({ name: label(p.x, empty), value: p.y ?? 0, raw: p.x })),
        },
      ],
    };
  }
  const xs = xValues(series);
  const names = xs.map((x) => label(x, empty));
  const byX = series.map((s) => new Map(s.points.map((p) => [label(p.x, empty), p.y])));
  const horizontal = type === "bar" && config.horizontal;
  const category = { type: "category", data: names, inverse: rtl && !horizontal };
  const value = { type: "value", position: rtl && horizontal ? "top" : undefined };
  const stack = (type === "bar" && config.stacked) || (type === "area" && series.length > 1) ? "total" : undefined;
  return {
    animation,
    tooltip: { trigger: type === "bar" ? "item" : "axis" },
    legend: series.length > 1 ? { type: "scroll", bottom: 0 } : undefined,
    grid: { left: 8, right: 8, top: 16, bottom: series.length > 1 ? 32 : 8, containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? { ...category, inverse: true } : { ...value, position: rtl ? "right" : undefined },
    series: series.map((s, i) => ({
      type: type === "bar" ? "bar" : "line",
      name: label(s.name, empty),
      stack,
      areaStyle: type === "area" ? {} : undefined,
      data: names.map((n) => byX[i]!.get(n) ?? null),
    })),
  };
}
