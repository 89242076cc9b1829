import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Column, TableMeta } from "../../../api/types";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { Modal } from "../../../components/ui/modal";
import { TextField } from "../../../components/ui/text-field";
import {
  columnPayload,
  draftFromColumn,
  draftProblems,
  hasProblems,
  newFieldDraft,
  withType,
  type FieldDraft,
} from "../../../fields/field-draft";
import { FIELD_UI } from "../../../fields/registry";
import { takesRequired } from "../../../links/computed-field-settings";
import { useErrorText } from "../../auth/use-error-text";
import { DefaultValueInput } from "./default-value-input";
import { TypePicker } from "./type-picker";
import { useFieldActions } from "./use-field-actions";

interface FieldEditorProps {
  table: TableMeta;
  /** The column being edited; absent to add one. */
  column: Column | null;
  onDone(): void;
}

function FieldEditorForm({ table, column, onDone }: FieldEditorProps) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const { add, update } = useFieldActions(table.id);
  const [draft, setDraft] = useState<FieldDraft>(() => (column ? draftFromColumn(column) : newFieldDraft()));
  const [submitted, setSubmitted] = useState(false);
  const locked = Boolean(column && (column.system || column.pk));
  const others = table.columns.filter((c) => c.id !== column?.id).map((c) => c.title);
  const problems = draftProblems(draft, others);
  const mutation = column ? update : add;
  const ui = FIELD_UI[draft.uidt];
  const set = (patch: Partial<FieldDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const titleShown = (submitted || draft.title !== (column?.title ?? "")) && problems.title;

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (locked ? problems.title : hasProblems(problems)) return;
    const payload = columnPayload(draft, column ?? undefined);
    if (column) update.mutate({ columnId: column.id, payload }, { onSuccess: onDone });
    else add.mutate(payload, { onSuccess: onDone });
  }

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <TextField
        label={t("fields.editor.name")}
        value={draft.title}
        autoFocus
        onValueChange={(title) => set({ title })}
        error={titleShown ? t(titleShown) : null}
      />
      {locked ? (
        <p className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-600">{t("fields.editor.systemType")}</p>
      ) : (
        <>
          <TypePicker value={draft.uidt} column={column} onChange={(uidt) => setDraft((d) => withType(d, uidt))} />
          {ui.OptionsForm ? (
            <ui.OptionsForm
              options={draft.options}
              onChange={(options) => set({ options })}
              table={table}
              column={column}
            />
          ) : null}
          <FormAlert tone="error" message={problems.options} />
          <FormAlert tone="error" message={submitted && problems.virtual ? t(problems.virtual) : null} />
          {takesRequired(draft.uidt, column) ? (
            <label className="flex items-start gap-2 text-sm text-gray-700">
              <input
                type="checkbox"
                checked={draft.rqd}
                onChange={(e) => set({ rqd: e.target.checked })}
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                <span className="font-medium">{t("fields.editor.required")}</span>
                <span className="block text-xs text-gray-500">{t("fields.editor.requiredHint")}</span>
              </span>
            </label>
          ) : null}
          <DefaultValueInput draft={draft} error={problems.cdf} onChange={(cdf) => set({ cdf })} />
        </>
      )}
      <FormAlert tone="error" message={errorOf(mutation.error)} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {column ? t("fields.editor.submitSave") : t("fields.editor.submitAdd")}
        </Button>
      </div>
    </form>
  );
}

/** Adds or edits a field: name, type, the type's options, required and default value. */
export function FieldEditorDialog({
  open,
  onOpenChange,
  table,
  column,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  table: TableMeta;
  column: Column | null;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={column ? t("fields.editor.editTitle", { title: column.title }) : t("fields.editor.addTitle")}
      width="max-w-2xl"
    >
      <FieldEditorForm key={column?.id ?? "new"} table={table} column={column} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}
