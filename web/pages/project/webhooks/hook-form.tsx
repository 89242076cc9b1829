import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  HOOK_METHODS,
  HOOK_OPERATIONS,
  NOTIFICATION_TYPES,
  type HookHeader,
  type HookInput,
  type HookOperation,
  type NotificationType,
} from "../../../api/hooks-api";
import type { Column } from "../../../api/types";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import type { FilterNode } from "../../../views/grid/logic/filters";
import { toFilterArr } from "../../../views/grid/logic/filters";
import { FilterLevel } from "../../../views/grid/toolbar/filter-level";

export interface HookDraft {
  title: string;
  operation: HookOperation;
  type: NotificationType;
  method: string;
  url: string;
  headers: Array<Required<Pick<HookHeader, "name" | "value">>>;
  channels: string;
  active: boolean;
  retries: number;
  retryInterval: number;
  timeout: number;
  conditions: FilterNode[];
}

export function toHookInput(d: HookDraft, columns: readonly Column[]): HookInput {
  const payload =
    d.type === "URL"
      ? { method: d.method, path: d.url.trim(), headers: d.headers.filter((h) => h.name.trim()) }
      : {
          channels: d.channels
            .split(",")
            .map((c) => ({ channel: c.trim() }))
            .filter((c) => c.channel),
        };
  return {
    title: d.title.trim(),
    event: "after",
    operation: d.operation,
    notification: { type: d.type, payload },
    active: d.active,
    retries: d.retries,
    retry_interval: d.retryInterval,
    timeout: d.timeout,
    filters: toFilterArr(d.conditions, columns),
  };
}

interface HookFormProps {
  initial: HookDraft;
  columns: readonly Column[];
  saving: boolean;
  testing: boolean;
  onSave(d: HookDraft): void;
  onTest(d: HookDraft): void;
  onCancel(): void;
}

/** A hook's settings: event and operation, where it goes (URL or an app store chat target), conditions, retries. */
export function HookForm({ initial, columns, saving, testing, onSave, onTest, onCancel }: HookFormProps) {
  const { t } = useTranslation();
  const [d, setD] = useState(initial);
  const set = (patch: Partial<HookDraft>) => setD((cur) => ({ ...cur, ...patch }));
  const setHeader = (i: number, patch: Partial<HookHeader>) =>
    set({ headers: d.headers.map((h, j) => (j === i ? { ...h, ...patch } : h)) });
  const number = (v: string, min: number) => Math.max(min, Math.round(Number(v) || 0));
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(d);
      }}
    >
      <TextField
        label={t("hooks.form.title")}
        value={d.title}
        required
        maxLength={255}
        onValueChange={(title) => set({ title })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t("hooks.form.event")}
          value={d.operation}
          choices={HOOK_OPERATIONS.map((o) => ({ value: o, label: t(`hooks.operation.${o}`) }))}
          onValueChange={(v) => set({ operation: v as HookOperation })}
        />
        <SelectField
          label={t("hooks.form.type")}
          value={d.type}
          choices={NOTIFICATION_TYPES.map((n) => ({ value: n, label: n === "URL" ? t("hooks.form.typeUrl") : n }))}
          onValueChange={(v) => set({ type: v as NotificationType })}
        />
      </div>
      {d.type === "URL" ? (
        <>
          <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
            <SelectField
              label={t("hooks.form.method")}
              value={d.method}
              choices={HOOK_METHODS.map((m) => ({ value: m, label: m }))}
              onValueChange={(method) => set({ method })}
            />
            <TextField
              label={t("hooks.form.url")}
              type="url"
              dir="ltr"
              required
              value={d.url}
              placeholder="https://"
              onValueChange={(url) => set({ url })}
            />
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-gray-700">{t("hooks.form.headers")}</legend>
            {d.headers.map((h, i) => (
              <div key={i} className="flex items-end gap-2">
                <TextField
                  className="flex-1"
                  label={t("hooks.form.headerName")}
                  dir="ltr"
                  value={h.name}
                  onValueChange={(name) => setHeader(i, { name })}
                />
                <TextField
                  className="flex-1"
                  label={t("hooks.form.headerValue")}
                  dir="ltr"
                  value={h.value}
                  onValueChange={(value) => setHeader(i, { value })}
                />
                <button
                  type="button"
                  className="mb-1 rounded p-1.5 text-gray-400 hover:bg-gray-100"
                  aria-label={t("hooks.form.removeHeader")}
                  onClick={() => set({ headers: d.headers.filter((_, j) => j !== i) })}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </div>
            ))}
            <Button
              variant="secondary"
              className="self-start"
              onClick={() => set({ headers: [...d.headers, { name: "", value: "" }] })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("hooks.form.addHeader")}
            </Button>
          </fieldset>
        </>
      ) : (
        <TextField
          label={t("hooks.form.channels")}
          hint={t("hooks.form.channelsHint")}
          value={d.channels}
          onValueChange={(channels) => set({ channels })}
        />
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-gray-700">{t("hooks.form.conditions")}</legend>
        {d.conditions.length === 0 ? <p className="text-xs text-gray-500">{t("hooks.form.noConditions")}</p> : null}
        <FilterLevel
          tree={d.conditions}
          nodes={d.conditions}
          parentKey={null}
          depth={0}
          columns={columns}
          onChange={(conditions) => set({ conditions })}
        />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label={t("hooks.form.retries")}
          type="number"
          min={0}
          max={10}
          value={String(d.retries)}
          onValueChange={(v) => set({ retries: Math.min(10, number(v, 0)) })}
        />
        <TextField
          label={t("hooks.form.retryInterval")}
          type="number"
          min={100}
          value={String(d.retryInterval)}
          onValueChange={(v) => set({ retryInterval: number(v, 100) })}
        />
        <TextField
          label={t("hooks.form.timeout")}
          type="number"
          min={100}
          max={30000}
          value={String(d.timeout)}
          onValueChange={(v) => set({ timeout: Math.min(30000, number(v, 100)) })}
        />
      </div>
      <label className="inline-flex items-center gap-2 text-sm text-gray-700">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={d.active}
          onChange={(e) => set({ active: e.target.checked })}
        />
        {t("hooks.form.active")}
      </label>
      <div className="flex flex-wrap justify-end gap-2 border-t border-gray-100 pt-3">
        <Button variant="secondary" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
        <Button variant="secondary" loading={testing} onClick={() => onTest(d)}>
          {t("hooks.form.test")}
        </Button>
        <Button type="submit" loading={saving}>
          {t("hooks.form.save")}
        </Button>
      </div>
    </form>
  );
}
