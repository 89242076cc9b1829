import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Plus, Trash2, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  automationsApi,
  STEP_TYPES,
  TABLE_TRIGGERS,
  TRIGGER_TYPES,
  type Automation,
  type StepType,
  type TriggerType,
} from "../../../api/automations-api";
import { queryKeys } from "../../../api/query-keys";
import { tablesApi } from "../../../api/tables-api";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { Modal } from "../../../components/ui/modal";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { FilterLevel } from "../../../views/grid/toolbar/filter-level";
import { useProject } from "../project-context";
import { draftOf, inputOf, newStep, type AutomationDraft } from "./automation-draft";
import { AutomationRuns, StepResults } from "./automation-runs";
import { StepSettings } from "./step-settings";

/** Template examples shown under the steps (code, the same in every language). */
const TEMPLATE_EXAMPLES =
  '{{record.Title}} · {{steps.1.records.0.Email}} · {{trigger.user.email}} · {{if (gt record.Amount 100) "big" "small"}} · {{date (addDays record.Due 7) "YYYY-MM-DD"}}';

/**
 * The project's automations (issue 39): the list, the builder (trigger → steps, each step's
 * settings), "test with a record" with each step's input and output, and the runs with re-run.
 */
export function AutomationsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const { projectId, tables } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const key = ["automations", projectId] as const;
  const list = useQuery({ queryKey: key, queryFn: () => automationsApi.list(projectId), enabled: open });
  const [draft, setDraft] = useState<AutomationDraft | null>(null);
  const [deleting, setDeleting] = useState<Automation | null>(null);
  const firstTable = tables[0]?.id ?? "";
  const meta = useQuery({
    queryKey: queryKeys.table(draft?.tableId ?? ""),
    queryFn: () => tablesApi.read(draft!.tableId),
    enabled: !!draft?.tableId,
  });
  const columns = (meta.data?.columns ?? []).filter((c) => !c.system);
  const set = (patch: Partial<AutomationDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  const save = useMutation({
    mutationFn: (d: AutomationDraft) => {
      const input = inputOf(d, columns, TABLE_TRIGGERS);
      return d.id ? automationsApi.update(projectId, d.id, input) : automationsApi.create(projectId, input);
    },
    onSuccess: async (saved) => {
      notify.success(t("automations.saved", { title: saved.title }));
      setDraft(draftOf(saved, firstTable, ""));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: (a: Automation) => automationsApi.remove(projectId, a.id),
    onSuccess: async () => {
      notify.success(t("automations.deleted"));
      setDeleting(null);
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: notifyError,
  });
  const [recordId, setRecordId] = useState("");
  const test = useMutation({
    mutationFn: (id: string) =>
      automationsApi.test(projectId, id, recordId.trim() ? { record_id: recordId.trim() } : {}),
    onSuccess: () => notify.success(t("automations.tested")),
    onError: notifyError,
  });

  const automations = list.data?.list ?? [];
  const onTable = draft ? TABLE_TRIGGERS.includes(draft.triggerType) : false;
  const moveStep = (i: number, by: number) =>
    set({
      steps: (() => {
        const s = [...draft!.steps];
        const [x] = s.splice(i, 1);
        s.splice(i + by, 0, x!);
        return s;
      })(),
    });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("automations.heading")} width="max-w-5xl">
      <div className="flex flex-col gap-4 md:flex-row">
        <nav aria-label={t("automations.heading")} className="flex flex-col gap-2 md:w-56 md:shrink-0">
          <Button
            onClick={() => {
              setDraft(draftOf(null, firstTable, t("automations.defaultTitle")));
              test.reset();
            }}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("automations.create")}
          </Button>
          {automations.length === 0 && !list.isLoading ? (
            <EmptyState body={t("automations.empty")} />
          ) : (
            <ul className="flex flex-col gap-1">
              {automations.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    aria-current={draft?.id === a.id ? "true" : undefined}
                    className="w-full rounded-md px-3 py-2 text-start text-sm hover:bg-gray-100 aria-[current]:bg-primary/10"
                    onClick={() => {
                      setDraft(draftOf(a, firstTable, ""));
                      test.reset();
                    }}
                  >
                    <span className="block truncate font-medium text-gray-900">{a.title}</span>
                    <span className="block truncate text-xs text-gray-500">
                      {t(`automations.trigger.${a.trigger.type}`)}
                      {a.active ? "" : ` · ${t("automations.inactive")}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        {draft ? (
          <div className="flex min-w-0 flex-1 flex-col gap-4">
            <form
              className="flex flex-col gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                save.mutate(draft);
              }}
            >
              <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
                <TextField
                  label={t("hooks.form.title")}
                  required
                  maxLength={255}
                  value={draft.title}
                  onValueChange={(title) => set({ title })}
                />
                <label className="inline-flex items-center gap-2 pb-2 text-sm text-gray-700">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={draft.active}
                    onChange={(e) => set({ active: e.target.checked })}
                  />
                  {t("hooks.form.active")}
                </label>
              </div>
              <fieldset className="flex flex-col gap-3 rounded-md border border-gray-200 p-3">
                <legend className="px-1 text-sm font-semibold text-gray-900">{t("automations.when")}</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <SelectField
                    label={t("automations.triggerLabel")}
                    value={draft.triggerType}
                    choices={TRIGGER_TYPES.map((x) => ({ value: x, label: t(`automations.trigger.${x}`) }))}
                    onValueChange={(v) => set({ triggerType: v as TriggerType })}
                  />
                  {onTable ? (
                    <SelectField
                      label={t("automations.setting.table_id")}
                      value={draft.tableId}
                      choices={tables.map((x) => ({ value: x.id, label: x.title }))}
                      onValueChange={(tableId) => set({ tableId, conditions: [] })}
                    />
                  ) : null}
                </div>
                {draft.triggerType === "schedule" ? (
                  <div className="grid gap-3 sm:grid-cols-2">
                    <TextField
                      label={t("automations.cron")}
                      dir="ltr"
                      value={draft.cron}
                      onValueChange={(cron) => set({ cron })}
                    />
                    <TextField
                      label={t("automations.timezone")}
                      dir="ltr"
                      value={draft.timezone}
                      onValueChange={(timezone) => set({ timezone })}
                    />
                  </div>
                ) : null}
                {draft.triggerType === "webhook" ? (
                  <p className="text-sm text-gray-700">
                    {t("automations.webhookUrl")}{" "}
                    <code dir="ltr" className="break-all rounded bg-gray-100 px-1">
                      {draft.webhookUrl
                        ? `${window.location.origin}${draft.webhookUrl}`
                        : t("automations.webhookAfterSave")}
                    </code>
                  </p>
                ) : null}
                {onTable && draft.triggerType !== "button" ? (
                  <fieldset className="flex flex-col gap-2">
                    <legend className="text-sm font-medium text-gray-700">{t("hooks.form.conditions")}</legend>
                    <FilterLevel
                      tree={draft.conditions}
                      nodes={draft.conditions}
                      parentKey={null}
                      depth={0}
                      columns={columns}
                      onChange={(conditions) => set({ conditions })}
                    />
                  </fieldset>
                ) : null}
              </fieldset>
              <fieldset className="flex flex-col gap-3">
                <legend className="text-sm font-semibold text-gray-900">{t("automations.then")}</legend>
                <ol className="flex flex-col gap-3">
                  {draft.steps.map((step, i) => (
                    <li key={i} className="flex flex-col gap-3 rounded-md border border-gray-200 p-3">
                      <div className="flex flex-wrap items-end gap-2">
                        <span className="pb-2 text-sm font-semibold text-gray-500">
                          {t("automations.stepN", { n: i + 1 })}
                        </span>
                        <SelectField
                          className="flex-1"
                          label={t("automations.stepType")}
                          value={step.type}
                          choices={STEP_TYPES.map((x) => ({ value: x, label: t(`automations.step.${x}`) }))}
                          onValueChange={(v) =>
                            set({
                              steps: draft.steps.map((s, j) => (j === i ? newStep(v as StepType, draft.tableId) : s)),
                            })
                          }
                        />
                        <Button
                          variant="ghost"
                          aria-label={t("automations.moveUp", { n: i + 1 })}
                          disabled={i === 0}
                          onClick={() => moveStep(i, -1)}
                        >
                          <ArrowUp aria-hidden="true" className="size-4" />
                        </Button>
                        <Button
                          variant="ghost"
                          aria-label={t("automations.moveDown", { n: i + 1 })}
                          disabled={i === draft.steps.length - 1}
                          onClick={() => moveStep(i, 1)}
                        >
                          <ArrowDown aria-hidden="true" className="size-4" />
                        </Button>
                        <Button
                          variant="ghost"
                          aria-label={t("automations.removeStep", { n: i + 1 })}
                          onClick={() => set({ steps: draft.steps.filter((_, j) => j !== i) })}
                        >
                          <X aria-hidden="true" className="size-4" />
                        </Button>
                      </div>
                      <StepSettings
                        step={step}
                        onChange={(s) => set({ steps: draft.steps.map((x, j) => (j === i ? s : x)) })}
                      />
                    </li>
                  ))}
                </ol>
                <Button
                  variant="secondary"
                  className="self-start"
                  onClick={() => set({ steps: [...draft.steps, newStep("create_record", draft.tableId)] })}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  {t("automations.addStep")}
                </Button>
                <p className="text-xs text-gray-500">
                  {t("automations.templateHint")}{" "}
                  <code dir="ltr" className="break-words">
                    {TEMPLATE_EXAMPLES}
                  </code>
                </p>
              </fieldset>
              <div className="flex flex-wrap justify-end gap-2 border-t border-gray-100 pt-3">
                {draft.id ? (
                  <Button
                    variant="danger"
                    onClick={() => setDeleting(automations.find((a) => a.id === draft.id) ?? null)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t("automations.delete")}
                  </Button>
                ) : null}
                <Button type="submit" loading={save.isPending}>
                  {t("automations.save")}
                </Button>
              </div>
            </form>
            {draft.id ? (
              <section
                aria-label={t("automations.test")}
                className="flex flex-col gap-2 rounded-md border border-gray-200 p-3"
              >
                <h3 className="text-sm font-semibold text-gray-900">{t("automations.test")}</h3>
                <div className="flex flex-wrap items-end gap-2">
                  <TextField
                    label={t("automations.testRecord")}
                    dir="ltr"
                    value={recordId}
                    onValueChange={setRecordId}
                  />
                  <Button variant="secondary" loading={test.isPending} onClick={() => test.mutate(draft.id!)}>
                    {t("automations.testRun")}
                  </Button>
                </div>
                {test.data ? <StepResults steps={test.data.steps} /> : null}
              </section>
            ) : null}
            {draft.id ? <AutomationRuns automationId={draft.id} /> : null}
          </div>
        ) : null}
      </div>
      {deleting ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => (o ? null : setDeleting(null))}
          title={t("automations.deleteTitle")}
          body={t("automations.deleteBody", { title: deleting.title })}
          confirmLabel={t("automations.delete")}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
        />
      ) : null}
    </Modal>
  );
}
