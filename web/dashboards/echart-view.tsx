/**
 * The one module that imports ECharts, loaded only by dashboard pages (React.lazy): the core,
 * with just the bar, line and pie charts, the grid, tooltip and legend, and both renderers (canvas
 * on screen, SVG for the SVG export).
 */
import { BarChart, LineChart, PieChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer, SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
  SVGRenderer,
]);

export interface ChartClick {
  /** The x value (category name or a slice's raw value) and the series clicked. */
  x: unknown;
  series: string | null;
}

interface Props {
  option: Record<string, unknown>;
  onClick?(click: ChartClick): void;
  onReady?(exporter: (kind: "png" | "svg") => string): void;
  label: string;
}

export default function EChartView({ option, onClick, onReady, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const clickRef = useRef(onClick);
  clickRef.current = onClick;

  useEffect(() => {
    const el = box.current!;
    const c = echarts.init(el, undefined, { renderer: "canvas" });
    chart.current = c;
    c.on("click", (p: { name?: string; seriesName?: string; data?: unknown; seriesType?: string }) => {
      const raw = p.data && typeof p.data === "object" && "raw" in p.data ? (p.data as { raw: unknown }).raw : p.name;
      clickRef.current?.({ x: raw, series: p.seriesType === "pie" ? null : (p.seriesName ?? null) });
    });
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
    onReady?.((kind) => exportChart(option, kind, box.current));
  }, [option, onReady]);

  // The numbers drawn, readable by tests (a canvas is not): each series' values in x order.
  const drawn = JSON.stringify(
    ((option.series ?? []) as { data?: unknown[] }[]).map((s) =>
      (s.data ?? []).map((d) => (d && typeof d === "object" && "value" in d ? (d as { value: unknown }).value : d)),
    ),
  );
  return <div ref={box} role="img" aria-label={label} data-series={drawn} className="size-full min-h-0" />;
}

/** The chart drawn again off screen with the renderer the format needs, as a data URL. */
function exportChart(option: Record<string, unknown>, kind: "png" | "svg", on: HTMLElement | null): string {
  const el = document.createElement("div");
  const width = on?.clientWidth || 800;
  const height = on?.clientHeight || 480;
  const c = echarts.init(el, undefined, { renderer: kind === "svg" ? "svg" : "canvas", width, height });
  c.setOption({ ...option, animation: false, backgroundColor: "#fff" });
  const url = c.getDataURL({ type: kind, pixelRatio: kind === "png" ? 2 : 1, backgroundColor: "#fff" });
  c.dispose();
  return url;
}
