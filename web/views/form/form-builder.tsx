/**
 * The form view's builder: fields are dragged (or added) into the form, dragged to reorder and
 * out again; each question has a label, help text and a required switch; the form has a heading,
 * subheading, banner and logo images, a success message, a redirect (with delay), "submit
 * another", show_blank_form and "e-mail me on submit". The preview tab is the form as a visitor
 * fills it, and submitting it creates a record through the form view (the server checks too).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { GripVertical, ListChecks, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/query-keys";
import { tablesApi } from "../../api/tables-api";
import { viewsApi } from "../../api/views-api";
import { viewKindsApi, type FormColumn, type FormSettings } from "../../api/view-kinds-api";
import type { View } from "../../api/view-types";
import { FormAlert } from "../../components/ui/form-alert";
import { FullPageSpinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { errorText } from "../../lib/api-errors";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";
import { isRequired } from "../../../db/views/form/required";
import { isHidden } from "../../../db/fields/registry";
import { codecFor } from "../../fields/codec";
import { DefaultsMenu } from "../shared/defaults-menu";
import { useProject } from "../../pages/project/project-context";
import { orderBetween } from "../../pages/project/sidebar/view-order";
import { FormPreview } from "./form-preview";
import { asFormField, conditionSources, questionsOf, type Question } from "./form-fields";
import { FormImage } from "./form-image";
import { PrefillLink } from "./prefill-link";
import { QuestionRules } from "./question-rules";

/** Required whatever the form says: the table requires the field (rqd without a default, a key to type). */
const requiredByTable = (q: Question) => isRequired({ ...asFormField(q), required: false });

/** The template's values of the shown questions as the texts the preview starts with, by title. */
function startTexts(shown: readonly Question[], values: Record<string, unknown> | undefined) {
  const out: Record<string, string> = {};
  for (const q of shown) {
    const value = values?.[q.column.id];
    if (value !== undefined && value !== null) out[q.column.title] = codecFor(q.column).toText(value);
  }
  return out;
}

const input =
  "w-full rounded-md border border-gray-300 px-2 py-1.5 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 disabled:bg-gray-50";

export function FormBuilder({ tableId, view }: { tableId: string; view: View }) {
  const { t } = useTranslation();
  const { projectId, can } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const table = useQuery({ queryKey: queryKeys.table(tableId), queryFn: () => tablesApi.read(tableId) });
  const formKey = ["form", view.id];
  const form = useQuery({ queryKey: formKey, queryFn: () => viewKindsApi.form(view.id) });
  // The preview starts from the view's defaults, as the shared form does (the Defaults menu shares this query).
  const template = useQuery({
    queryKey: queryKeys.recordTemplate(view.id),
    queryFn: () => viewsApi.recordTemplate(view.id),
  });
  const [draft, setDraft] = useState<FormSettings | null>(null);
  const [tab, setTab] = useState<"build" | "preview">("build");
  const [dragging, setDragging] = useState<{ id: string; from: "form" | "fields" } | null>(null);
  const [openRules, setOpenRules] = useState<string | null>(null);
  // Saves not yet answered (the preview's submit waits for them) and settings typed but not yet
  // saved (a reload of the form that an earlier save asked for must not undo them).
  const pending = useRef(new Set<Promise<unknown>>());
  const unsaved = useRef<Partial<FormSettings>>({});
  useEffect(() => {
    if (form.data) setDraft({ ...form.data, ...unsaved.current });
  }, [form.data]);
  const editable = can("viewUpdate");

  if (table.error || form.error)
    return <FormAlert tone="error" message={errorText(table.error ?? form.error, t("views.loadError"))} />;
  if (!table.data || !form.data || !draft) return <FullPageSpinner />;
  const { shown, hidden } = questionsOf(table.data.columns, form.data.columns);
  const refresh = () => queryClient.invalidateQueries({ queryKey: formKey });
  /** Reloads once the last save is answered: a reload between two saves would undo the later one on screen. */
  const refreshAfterSaves = () => (pending.current.size === 0 ? refresh() : undefined);

  /** Runs a save, known as pending until the server answers. */
  async function saving<T>(request: Promise<T>): Promise<T> {
    pending.current.add(request);
    try {
      return await request;
    } finally {
      pending.current.delete(request);
    }
  }
  function edit(patch: Partial<FormSettings>) {
    Object.assign(unsaved.current, patch);
    setDraft((d) => (d ? { ...d, ...patch } : d));
  }
  async function saveSettings(patch: Partial<FormSettings>) {
    edit(patch);
    try {
      await saving(viewKindsApi.updateForm(view.id, patch));
    } catch (err) {
      notifyError(err);
    }
    // Saved, or refused (the server's value comes back with the reload).
    for (const key of Object.keys(patch) as Array<keyof FormSettings>)
      if (unsaved.current[key] === patch[key]) delete unsaved.current[key];
    await refreshAfterSaves();
  }
  async function saveQuestion(
    fc: FormColumn,
    patch: Partial<Pick<FormColumn, "label" | "help" | "required" | "show" | "order" | "meta">>,
  ) {
    // A reload already under way would bring back the form as it was before this change.
    void queryClient.cancelQueries({ queryKey: formKey });
    queryClient.setQueryData<typeof form.data>(formKey, (old) =>
      old ? { ...old, columns: old.columns.map((c) => (c.id === fc.id ? { ...c, ...patch } : c)) } : old,
    );
    try {
      await saving(viewKindsApi.updateFormColumn(fc.id, patch));
    } catch (err) {
      notifyError(err);
    }
    await refreshAfterSaves();
  }
  function dropAt(index: number) {
    if (!dragging) return;
    const q = [...shown, ...hidden].find((x) => x.fc.id === dragging.id);
    setDragging(null);
    if (!q) return;
    const orders = shown.map((x) => x.fc.order);
    const from = dragging.from === "form" ? shown.indexOf(q) : orders.length;
    const order = orderBetween(dragging.from === "form" ? orders : [...orders, q.fc.order], from, index);
    void saveQuestion(q.fc, { show: true, order });
  }
  const text = (key: keyof FormSettings) => ({
    value: (draft[key] as string | null) ?? "",
    disabled: !editable,
    onChange: (e: { target: { value: string } }) => edit({ [key]: e.target.value }),
    onBlur: () => (draft[key] ?? "") !== (form.data![key] ?? "") && void saveSettings({ [key]: draft[key] ?? "" }),
  });

  const question = (q: Question, index: number) => (
    <li key={q.fc.id} className="flex flex-col gap-2">
      {index > 0 && (q.fc.meta as { pageBreak?: unknown } | undefined)?.pageBreak ? (
        <div className="flex items-center gap-2 text-xs text-gray-500" data-testid="form-page-break">
          <span className="h-px flex-1 bg-gray-300" />
          {t("views.form.rules.newPage")}
          <span className="h-px flex-1 bg-gray-300" />
        </div>
      ) : null}
      <div
        data-testid="form-question"
        // Not while its rules are open: dragging inside their inputs and lists must not move the question.
        draggable={editable && openRules !== q.fc.id}
        onDragStart={() => setDragging({ id: q.fc.id, from: "form" })}
        onDragOver={(e) => dragging && e.preventDefault()}
        onDrop={(e) => (e.preventDefault(), e.stopPropagation(), dropAt(index))}
        className="flex gap-2 rounded-md border border-gray-200 bg-white p-3"
      >
        <GripVertical aria-hidden="true" className="mt-1 size-4 shrink-0 cursor-grab text-gray-400" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="text-xs text-gray-500">{q.column.title}</p>
          <input
            className={input}
            aria-label={t("views.form.labelOf", { title: q.column.title })}
            placeholder={q.column.title}
            defaultValue={q.fc.label ?? ""}
            disabled={!editable}
            onBlur={(e) => e.target.value !== (q.fc.label ?? "") && void saveQuestion(q.fc, { label: e.target.value })}
          />
          <input
            className={input}
            aria-label={t("views.form.helpOf", { title: q.column.title })}
            placeholder={t("views.form.helpPlaceholder")}
            defaultValue={q.fc.help ?? ""}
            disabled={!editable}
            onBlur={(e) => e.target.value !== (q.fc.help ?? "") && void saveQuestion(q.fc, { help: e.target.value })}
          />
          <Switch
            label={t("views.form.requiredOf", { title: q.column.title })}
            checked={q.fc.required || requiredByTable(q)}
            // The table requires it: every form asks for it, whatever this switch says.
            disabled={!editable || requiredByTable(q)}
            onChange={(required) => void saveQuestion(q.fc, { required })}
          />
          <button
            type="button"
            className="inline-flex items-center gap-1 self-start rounded px-1.5 py-0.5 text-xs text-primary hover:bg-primary/10"
            aria-expanded={openRules === q.fc.id}
            onClick={() => setOpenRules(openRules === q.fc.id ? null : q.fc.id)}
          >
            <ListChecks aria-hidden="true" className="size-3.5" />
            {t("views.form.rules.open", { title: q.column.title })}
          </button>
          {openRules === q.fc.id ? (
            <QuestionRules
              q={q}
              earlier={conditionSources(shown.slice(0, index))}
              editable={editable}
              onSave={(meta) => saveQuestion(q.fc, { meta })}
            />
          ) : null}
        </div>
        {editable ? (
          <button
            type="button"
            className="self-start rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-red-600"
            aria-label={t("views.form.removeField", { title: q.column.title })}
            onClick={() => void saveQuestion(q.fc, { show: false })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
    </li>
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{view.title}</h2>
        <div className="ms-auto">
          {/* The values a submission starts with: the shared form shows them, the server sets hidden ones. */}
          <DefaultsMenu
            viewId={view.id}
            fields={table.data.columns.filter((c) => !isHidden(c.uidt)).map((column) => ({ codec: codecFor(column) }))}
            canEdit={can("filterCreate")}
            help={t("recordTemplate.formHelp")}
          />
        </div>
        <div role="tablist" className="flex rounded-md border border-gray-300">
          {(["build", "preview"] as const).map((x) => (
            <button
              key={x}
              role="tab"
              type="button"
              aria-selected={tab === x}
              onClick={() => setTab(x)}
              className={`px-3 py-1 text-sm ${tab === x ? "bg-primary/10 font-medium text-primary" : "text-gray-700"}`}
            >
              {t(`views.form.${x}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto lg:flex-row lg:overflow-hidden">
        {tab === "build" && editable ? (
          <aside
            className="flex shrink-0 flex-col gap-1 rounded-md border border-gray-200 bg-white p-2 lg:w-56 lg:overflow-y-auto"
            aria-label={t("views.form.fields")}
            onDragOver={(e) => dragging?.from === "form" && e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              const q = shown.find((x) => x.fc.id === dragging?.id);
              setDragging(null);
              if (q) void saveQuestion(q.fc, { show: false });
            }}
          >
            <h3 className="text-sm font-semibold text-gray-800">{t("views.form.fields")}</h3>
            <div className="flex gap-2 text-xs">
              <button
                type="button"
                className="text-primary"
                onClick={() => void viewKindsApi.setAll(view.id, true).then(refresh, notifyError)}
              >
                {t("views.form.addAll")}
              </button>
              <button
                type="button"
                className="text-primary"
                onClick={() => void viewKindsApi.setAll(view.id, false).then(refresh, notifyError)}
              >
                {t("views.form.removeAll")}
              </button>
            </div>
            {hidden.length === 0 ? <p className="text-xs text-gray-500">{t("views.form.allIn")}</p> : null}
            <ul className="flex flex-col gap-1">
              {hidden.map((q) => (
                <li
                  key={q.fc.id}
                  data-testid="form-field-out"
                  draggable
                  onDragStart={() => setDragging({ id: q.fc.id, from: "fields" })}
                  className="flex items-center gap-1 rounded-md border border-gray-200 px-2 py-1 text-sm"
                >
                  <GripVertical aria-hidden="true" className="size-3.5 cursor-grab text-gray-400" />
                  <span className="min-w-0 flex-1 truncate">{q.column.title}</span>
                  <button
                    type="button"
                    className="rounded p-0.5 text-gray-500 hover:bg-gray-100"
                    aria-label={t("views.form.addField", { title: q.column.title })}
                    onClick={() => void saveQuestion(q.fc, { show: true, order: (shown.at(-1)?.fc.order ?? 0) + 1 })}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
        <div className="min-w-0 flex-1 lg:overflow-y-auto">
          <div className="mx-auto flex max-w-2xl flex-col gap-3 rounded-lg border border-gray-200 bg-gray-50 p-4">
            {tab === "preview" ? (
              <FormPreview
                projectId={projectId}
                settings={draft}
                questions={shown}
                start={startTexts(shown, template.data?.values)}
                onSubmit={async (row) => {
                  // What the builder just saved (a message typed, a switch flipped) holds for this answer.
                  await Promise.allSettled([...pending.current]);
                  await viewKindsApi.submitForm(projectId, tableId, view.id, row);
                  notify.success(t("views.form.submitted"));
                }}
              />
            ) : (
              <>
                <input
                  className={`${input} text-lg font-semibold`}
                  aria-label={t("views.form.heading")}
                  placeholder={t("views.form.heading")}
                  {...text("heading")}
                />
                <textarea
                  className={input}
                  rows={2}
                  aria-label={t("views.form.subheading")}
                  placeholder={t("views.form.subheading")}
                  {...text("subheading")}
                />
                <ol
                  className="flex flex-col gap-2"
                  onDragOver={(e) => dragging && e.preventDefault()}
                  onDrop={(e) => (e.preventDefault(), dropAt(shown.length))}
                  data-testid="form-questions"
                >
                  {shown.map(question)}
                  {shown.length === 0 ? (
                    <li className="rounded-md border border-dashed border-gray-300 p-6 text-center text-sm text-gray-500">
                      {t("views.form.dropHere")}
                    </li>
                  ) : null}
                </ol>
              </>
            )}
          </div>
        </div>
        {tab === "build" ? (
          <aside
            className="flex shrink-0 flex-col gap-3 rounded-md border border-gray-200 bg-white p-3 lg:w-72 lg:overflow-y-auto"
            aria-label={t("views.form.settings")}
          >
            <h3 className="text-sm font-semibold text-gray-800">{t("views.form.settings")}</h3>
            <FormImage
              kind="banner"
              viewId={view.id}
              tableId={tableId}
              value={draft.banner_image_url}
              editable={editable}
              onSaved={refresh}
            />
            <FormImage
              kind="logo"
              viewId={view.id}
              tableId={tableId}
              value={draft.logo_url}
              editable={editable}
              onSaved={refresh}
            />
            <label className="flex flex-col gap-1 text-sm text-gray-700">
              {t("views.form.successMsg")}
              <textarea className={input} rows={2} {...text("success_msg")} />
            </label>
            <label className="flex flex-col gap-1 text-sm text-gray-700">
              {t("views.form.redirectUrl")}
              <input className={input} type="url" placeholder="https://" {...text("redirect_url")} />
            </label>
            <label className="flex flex-col gap-1 text-sm text-gray-700">
              {t("views.form.redirectAfter")}
              <input
                className={input}
                type="number"
                min={0}
                max={60}
                disabled={!editable}
                value={draft.redirect_after_secs ?? 0}
                onChange={(e) => edit({ redirect_after_secs: Number(e.target.value) })}
                onBlur={() =>
                  void saveSettings({
                    redirect_after_secs: Math.min(60, Math.max(0, Math.round(draft.redirect_after_secs ?? 0))),
                  })
                }
              />
            </label>
            <Switch
              label={t("views.form.submitAnotherSetting")}
              checked={draft.submit_another_form}
              disabled={!editable}
              onChange={(v) => void saveSettings({ submit_another_form: v })}
            />
            <Switch
              label={t("views.form.showBlank")}
              checked={draft.show_blank_form}
              disabled={!editable}
              onChange={(v) => void saveSettings({ show_blank_form: v })}
            />
            <Switch
              label={t("views.form.emailMe")}
              checked={draft.email}
              disabled={!editable}
              onChange={(v) => void saveSettings({ email: v })}
            />
            <PrefillLink tableId={tableId} viewId={view.id} questions={shown} />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
