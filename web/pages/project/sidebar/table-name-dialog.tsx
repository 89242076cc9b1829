import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { Modal } from "../../../components/ui/modal";
import { TextField } from "../../../components/ui/text-field";
import { tableNameError } from "../../../lib/table-name";
import { useErrorText } from "../../auth/use-error-text";

interface TableNameDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  heading: string;
  submitLabel: string;
  initial?: string;
  /** Titles of the other tables, for the duplicate check. */
  others: readonly string[];
  pending: boolean;
  /** The server's refusal, shown as it is. */
  error: unknown;
  onSubmit(title: string): void;
}

function TableNameForm({
  submitLabel,
  initial = "",
  others,
  pending,
  error,
  onSubmit,
  onCancel,
}: Omit<TableNameDialogProps, "open" | "onOpenChange" | "heading"> & { onCancel(): void }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [title, setTitle] = useState(initial);
  const [touched, setTouched] = useState(false);
  const problem = tableNameError(title, others);
  const shown = touched || title !== initial ? problem : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!problem) onSubmit(title);
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <TextField
        label={t("project.tables.nameLabel")}
        value={title}
        autoFocus
        placeholder={t("project.tables.namePlaceholder")}
        onValueChange={setTitle}
        error={shown ? t(shown.key, "values" in shown ? shown.values : {}) : null}
      />
      <FormAlert tone="error" message={errorOf(error)} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={pending} disabled={Boolean(shown)}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Asks for a table name with SPEC 5's rules checked as typed; Enter submits, Escape cancels. */
export function TableNameDialog({ open, onOpenChange, heading, ...form }: TableNameDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={heading}>
      <TableNameForm {...form} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}
