import { useQuery } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../../api/query-keys";
import { tablesApi } from "../../../api/tables-api";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { useProject } from "../project-context";
import type { StepDraft } from "./automation-draft";

type SettingKey =
  | "table_id"
  | "fields"
  | "record_id"
  | "where"
  | "limit"
  | "field"
  | "ref_ids"
  | "to"
  | "subject"
  | "body"
  | "service"
  | "channels"
  | "text"
  | "method"
  | "url"
  | "headers"
  | "if"
  | "otherwise"
  | "minutes"
  | "formula";

type Kind = "table" | "text" | "code" | "textarea" | "number" | "fields" | "headers" | "list" | { choices: string[] };

/** The settings form of each step type: which setting, edited how (templates are text). */
const SETTINGS: Record<StepDraft["type"], Array<[SettingKey, Kind]>> = {
  create_record: [
    ["table_id", "table"],
    ["fields", "fields"],
  ],
  update_records: [
    ["table_id", "table"],
    ["record_id", "code"],
    ["fields", "fields"],
  ],
  find_records: [
    ["table_id", "table"],
    ["where", "code"],
    ["limit", "number"],
  ],
  link_records: [
    ["table_id", "table"],
    ["record_id", "code"],
    ["field", "text"],
    ["ref_ids", "code"],
  ],
  send_email: [
    ["to", "code"],
    ["subject", "text"],
    ["body", "textarea"],
  ],
  notify: [
    ["service", { choices: ["Slack", "Discord", "Microsoft Teams", "Mattermost"] }],
    ["channels", "list"],
    ["text", "textarea"],
  ],
  http_request: [
    ["method", { choices: ["POST", "GET", "PUT", "PATCH", "DELETE"] }],
    ["url", "code"],
    ["headers", "headers"],
    ["body", "textarea"],
  ],
  condition: [
    ["if", "code"],
    ["otherwise", { choices: ["stop", "skip"] }],
  ],
  delay: [["minutes", "number"]],
  formula: [["formula", "code"]],
};

type Header = { name: string; value: string };

/** A template for each field of the step's table (empty ones are left out). */
function FieldTemplates({
  tableId,
  value,
  onChange,
}: {
  tableId: string;
  value: Record<string, unknown>;
  onChange(v: Record<string, unknown>): void;
}) {
  const meta = useQuery({
    queryKey: queryKeys.table(tableId),
    queryFn: () => tablesApi.read(tableId),
    enabled: !!tableId,
  });
  const columns = (meta.data?.columns ?? []).filter((c) => !c.system && !c.pk);
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {columns.map((c) => (
        <TextField
          key={c.id}
          label={c.title}
          dir="ltr"
          value={String(value[c.title] ?? "")}
          onValueChange={(v) => {
            const next = { ...value, [c.title]: v };
            if (v === "") delete next[c.title];
            onChange(next);
          }}
        />
      ))}
    </div>
  );
}

export function StepSettings({ step, onChange }: { step: StepDraft; onChange(step: StepDraft): void }) {
  const { t } = useTranslation();
  const { tables } = useProject();
  const set = (key: string, v: unknown) => onChange({ ...step, [key]: v });
  return (
    <div className="flex flex-col gap-3">
      {SETTINGS[step.type].map(([key, kind]) => {
        const label = t(`automations.setting.${key}`);
        const value = step[key];
        if (kind === "table")
          return (
            <SelectField
              key={key}
              label={label}
              value={String(value ?? "")}
              choices={tables.map((x) => ({ value: x.id, label: x.title }))}
              onValueChange={(v) => onChange({ ...step, table_id: v, ...(step.fields ? { fields: {} } : {}) })}
            />
          );
        if (kind === "fields")
          return (
            <fieldset key={key} className="flex flex-col gap-2">
              <legend className="text-sm font-medium text-gray-700">{label}</legend>
              <FieldTemplates
                tableId={String(step.table_id ?? "")}
                value={(value as Record<string, unknown>) ?? {}}
                onChange={(v) => set(key, v)}
              />
            </fieldset>
          );
        if (kind === "headers") {
          const headers = (value as Header[] | undefined) ?? [];
          const put = (i: number, h: Partial<Header>) =>
            set(
              key,
              headers.map((x, j) => (j === i ? { ...x, ...h } : x)),
            );
          return (
            <fieldset key={key} className="flex flex-col gap-2">
              <legend className="text-sm font-medium text-gray-700">{label}</legend>
              {headers.map((h, i) => (
                <div key={i} className="flex items-end gap-2">
                  <TextField
                    className="flex-1"
                    label={t("hooks.form.headerName")}
                    dir="ltr"
                    value={h.name}
                    onValueChange={(name) => put(i, { name })}
                  />
                  <TextField
                    className="flex-1"
                    label={t("hooks.form.headerValue")}
                    dir="ltr"
                    value={h.value}
                    onValueChange={(v) => put(i, { value: v })}
                  />
                  <button
                    type="button"
                    className="mb-1 rounded p-1.5 text-gray-400 hover:bg-gray-100"
                    aria-label={t("hooks.form.removeHeader")}
                    onClick={() =>
                      set(
                        key,
                        headers.filter((_, j) => j !== i),
                      )
                    }
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </div>
              ))}
              <Button
                variant="secondary"
                className="self-start"
                onClick={() => set(key, [...headers, { name: "", value: "" }])}
              >
                <Plus aria-hidden="true" className="size-4" />
                {t("hooks.form.addHeader")}
              </Button>
            </fieldset>
          );
        }
        if (typeof kind === "object")
          return (
            <SelectField
              key={key}
              label={label}
              value={String(value ?? kind.choices[0])}
              choices={kind.choices.map((c) => ({
                value: c,
                label: key === "otherwise" ? t(`automations.otherwise.${c as "stop" | "skip"}`) : c,
              }))}
              onValueChange={(v) => set(key, v)}
            />
          );
        if (kind === "textarea")
          return (
            <label key={key} className="flex flex-col gap-1 text-sm font-medium text-gray-700">
              {label}
              <textarea
                dir="ltr"
                rows={3}
                className="rounded-md border border-gray-300 px-3 py-2 font-mono text-sm font-normal"
                value={String(value ?? "")}
                onChange={(e) => set(key, e.target.value)}
              />
            </label>
          );
        if (kind === "list")
          return (
            <TextField
              key={key}
              label={label}
              hint={t("hooks.form.channelsHint")}
              value={Array.isArray(value) ? value.join(", ") : String(value ?? "")}
              onValueChange={(v) => set(key, v)}
            />
          );
        return (
          <TextField
            key={key}
            label={label}
            type={kind === "number" ? "number" : "text"}
            dir={kind === "code" ? "ltr" : undefined}
            className={kind === "code" ? "font-mono" : ""}
            value={String(value ?? "")}
            onValueChange={(v) => set(key, kind === "number" ? Number(v) : v)}
          />
        );
      })}
    </div>
  );
}
