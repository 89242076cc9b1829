/**
 * Adding or editing a widget: its type, table (and optional view), what it groups by (a date field
 * takes a bucket), the values (an aggregate of a field, or the number of records), a series field,
 * the existing filter builder, a limit and the type's own options. The columns come from the
 * table's meta; only columns the viewer may read are offered, as the server reports them.
 */
import { useQuery } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../api/query-keys";
import { tablesApi } from "../api/tables-api";
import type { Column } from "../api/types";
import { Button } from "../components/ui/button";
import { IconButton } from "../components/ui/icon-button";
import { Modal } from "../components/ui/modal";
import { SelectField } from "../components/ui/select-field";
import { TextField } from "../components/ui/text-field";
import { FilterLevel } from "../views/grid/toolbar/filter-level";
import { fromSaved, isDateColumn, toFilterArr, type FilterNode } from "../views/grid/logic/filters";
import type { Filter } from "../api/view-types";
import type { WidgetInput } from "./dashboards-api";
import {
  AGGS,
  BUCKETS,
  WIDGET_TYPES,
  type Agg,
  type Bucket,
  type Widget,
  type WidgetConfig,
  type WidgetFilter,
  type WidgetType,
} from "./types";

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  tables: readonly { id: string; title: string }[];
  initial: Widget | null;
  pending: boolean;
  onSubmit(body: WidgetInput): void;
}

const AGG_KEY = {
  count: "links.rollup.count",
  sum: "links.rollup.sum",
  avg: "links.rollup.avg",
  min: "links.rollup.min",
  max: "links.rollup.max",
  count_distinct: "links.rollup.countDistinct",
} as const;
const BUCKET_KEY = {
  day: "views.calendar.day",
  week: "views.calendar.week",
  month: "views.calendar.month",
  quarter: "dashboards.quarter",
  year: "fields.types.Year",
} as const;

export function WidgetDialog(props: Props) {
  return props.open ? <WidgetForm key={props.initial?.id ?? "new"} {...props} /> : null;
}

function WidgetForm({ open, onOpenChange, tables, initial, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const [type, setType] = useState<WidgetType>(WIDGET_TYPES.find((w) => w === initial?.type) ?? "bar");
  const [title, setTitle] = useState(initial?.title ?? "");
  const [tableId, setTableId] = useState(initial?.table_id ?? tables[0]?.id ?? "");
  const horizontal = initial?.config.horizontal === true;
  const [viewId, setViewId] = useState(initial?.view_id ?? "");
  const c = initial?.config;
  // A number widget's comparison uses the same two choices: its date field and the period.
  const [x, setX] = useState(c?.x?.column_id ?? c?.compare?.column_id ?? "");
  const [bucket, setBucket] = useState<Bucket | "">(c?.x?.bucket ?? c?.compare?.period ?? "");
  const [ys, setYs] = useState<{ column_id?: string; agg: Agg }[]>(c?.y?.length ? c.y : [{ agg: "count" }]);
  const [series, setSeries] = useState(c?.series?.column_id ?? "");
  const [tree, setTree] = useState<FilterNode[]>(() => fromSaved((c?.filters ?? []) as unknown as Filter[]));
  const [limit, setLimit] = useState(c?.limit ? String(c.limit) : "");
  const [flags, setFlags] = useState({
    stacked: !!c?.stacked,
    horizontal,
    donut: !!c?.donut,
    compare: !!c?.compare,
  });
  const [text, setText] = useState(c?.markdown ?? "");

  const meta = useQuery({
    queryKey: queryKeys.table(tableId),
    queryFn: () => tablesApi.read(tableId),
    enabled: !!tableId && type !== "text",
  });
  const columns: readonly Column[] = (meta.data?.columns ?? []).filter((col) => !col.system) as Column[];
  const xColumn = columns.find((col) => col.id === x);
  const none = { value: "", label: t("dashboards.noField") };
  const columnChoices = columns.map((col) => ({ value: col.id, label: col.title }));
  const needsX = ["bar", "line", "area", "pie", "pivot"].includes(type);
  const needsY = type !== "text" && type !== "records";

  const changeTable = (id: string) => {
    setTableId(id);
    setViewId("");
    setX("");
    setSeries("");
    setYs([{ agg: "count" }]);
    setTree([]);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const filters = toFilterArr(tree, columns).filter((f) => !f.is_group) as unknown as WidgetFilter[];
    const config: WidgetConfig = {
      y: needsY ? ys.map((y) => (y.agg === "count" ? { agg: "count" } : y)) : [{ agg: "count" }],
      ...(needsX && x ? { x: { column_id: x, ...(bucket && isDateColumn(xColumn) ? { bucket } : {}) } } : {}),
      ...(type === "number" && flags.compare && x && isDateColumn(xColumn)
        ? { compare: { column_id: x, period: bucket || "month" } }
        : {}),
      ...((type === "bar" || type === "line" || type === "area" || type === "pivot") && series
        ? { series: { column_id: series } }
        : {}),
      ...(filters.length ? { filters } : {}),
      ...(Number(limit) > 0 ? { limit: Math.floor(Number(limit)) } : {}),
      ...(type === "bar" ? { stacked: flags.stacked, horizontal: flags.horizontal } : {}),
      ...(type === "pie" ? { donut: flags.donut } : {}),
      ...(type === "text" ? { markdown: text } : {}),
    };
    onSubmit({
      type,
      title: title.trim() || t(`dashboards.types.${type}`),
      table_id: tableId,
      view_id: viewId || null,
      config,
    });
  };

  const check = (name: keyof typeof flags, label: string) => (
    <label className="flex items-center gap-2 text-sm text-gray-700">
      <input
        type="checkbox"
        checked={flags[name]}
        onChange={(e) => setFlags((f) => ({ ...f, [name]: e.target.checked }))}
      />
      {label}
    </label>
  );

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t(initial ? "dashboards.editWidget" : "dashboards.addWidget")}
      width="max-w-2xl"
    >
      <form className="flex flex-col gap-3" onSubmit={submit}>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t("dashboards.type")}
            value={type}
            choices={WIDGET_TYPES.map((w) => ({ value: w, label: t(`dashboards.types.${w}`) }))}
            onValueChange={(v) => setType(v as WidgetType)}
          />
          <TextField label={t("hooks.form.title")} value={title} onValueChange={setTitle} data-autofocus autoFocus />
          <SelectField
            label={t("trash.type.table")}
            value={tableId}
            choices={tables.map((tb) => ({ value: tb.id, label: tb.title }))}
            onValueChange={changeTable}
          />
          {type !== "text" ? (
            <SelectField
              label={t("trash.type.view")}
              value={viewId}
              choices={[
                { value: "", label: t("dashboards.wholeTable") },
                ...(meta.data?.views ?? []).map((v) => ({ value: v.id, label: v.title })),
              ]}
              onValueChange={setViewId}
            />
          ) : null}
          {needsX || type === "number" ? (
            <SelectField label={t("dashboards.x")} value={x} choices={[none, ...columnChoices]} onValueChange={setX} />
          ) : null}
          {(needsX || (type === "number" && flags.compare)) && isDateColumn(xColumn) ? (
            <SelectField
              label={t("dashboards.bucket")}
              value={bucket}
              choices={[none, ...BUCKETS.map((b) => ({ value: b, label: t(BUCKET_KEY[b]) }))]}
              onValueChange={(v) => setBucket(v as Bucket | "")}
            />
          ) : null}
          {type === "bar" || type === "line" || type === "area" || type === "pivot" ? (
            <SelectField
              label={t("dashboards.series")}
              value={series}
              choices={[none, ...columnChoices]}
              onValueChange={setSeries}
            />
          ) : null}
          {type !== "text" ? (
            <TextField label={t("dashboards.limit")} type="number" min={1} value={limit} onValueChange={setLimit} />
          ) : null}
        </div>
        {needsY ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-gray-700">{t("dashboards.value")}</legend>
            {ys.map((y, i) => (
              <div key={i} className="flex items-end gap-2">
                <SelectField
                  className="flex-1"
                  label={t("dashboards.agg")}
                  value={y.agg}
                  choices={AGGS.map((a) => ({ value: a, label: t(AGG_KEY[a]) }))}
                  onValueChange={(v) => setYs((all) => all.map((o, j) => (j === i ? { ...o, agg: v as Agg } : o)))}
                />
                <SelectField
                  className="flex-1"
                  label={t("dashboards.value")}
                  value={y.agg === "count" ? "" : (y.column_id ?? "")}
                  disabled={y.agg === "count"}
                  choices={[{ value: "", label: t("dashboards.recordCount") }, ...columnChoices]}
                  onValueChange={(v) =>
                    setYs((all) => all.map((o, j) => (j === i ? { ...o, column_id: v || undefined } : o)))
                  }
                />
                {ys.length > 1 ? (
                  <IconButton
                    label={t("dashboards.removeValue")}
                    icon={X}
                    onClick={() => setYs((all) => all.filter((_, j) => j !== i))}
                  />
                ) : null}
              </div>
            ))}
            {type !== "pie" && type !== "number" ? (
              <div>
                <Button type="button" variant="ghost" onClick={() => setYs((all) => [...all, { agg: "sum" }])}>
                  <Plus className="size-4" aria-hidden />
                  {t("dashboards.addValue")}
                </Button>
              </div>
            ) : null}
          </fieldset>
        ) : null}
        {type !== "text" && columns.length ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-gray-700">{t("grid.filter.button")}</legend>
            <FilterLevel tree={tree} nodes={tree} parentKey={null} depth={0} columns={columns} onChange={setTree} />
          </fieldset>
        ) : null}
        <div className="flex flex-wrap gap-4">
          {type === "bar" ? check("stacked", t("dashboards.stacked")) : null}
          {type === "bar" ? check("horizontal", t("dashboards.horizontal")) : null}
          {type === "pie" ? check("donut", t("dashboards.donut")) : null}
          {type === "number" ? check("compare", t("dashboards.compare")) : null}
        </div>
        {type === "text" ? (
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            {t("dashboards.text")}
            <textarea
              className="min-h-32 rounded-md border border-gray-300 p-2 font-mono text-sm"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={pending} disabled={!tableId}>
            {t("dashboards.saveWidget")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
