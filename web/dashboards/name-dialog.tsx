import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button";
import { FormAlert } from "../components/ui/form-alert";
import { Modal } from "../components/ui/modal";
import { TextField } from "../components/ui/text-field";
import { errorText } from "../lib/api-errors";

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  heading: string;
  submitLabel: string;
  initial?: string;
  pending: boolean;
  error: unknown;
  onSubmit(title: string): void;
}

/** A dashboard's name, new or renamed: not blank, at most 255 characters (the server checks too). */
export function NameDialog({
  open,
  onOpenChange,
  heading,
  submitLabel,
  initial = "",
  pending,
  error,
  onSubmit,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={heading}>
      {open ? (
        <NameForm
          submitLabel={submitLabel}
          initial={initial}
          pending={pending}
          error={error ? errorText(error, t("msg.error.internal")) : null}
          onSubmit={onSubmit}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </Modal>
  );
}

function NameForm(p: {
  submitLabel: string;
  initial: string;
  pending: boolean;
  error: string | null;
  onSubmit(title: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(p.initial);
  const clean = title.trim();
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (clean) p.onSubmit(clean);
      }}
    >
      <TextField
        label={t("dashboards.name")}
        value={title}
        onValueChange={setTitle}
        maxLength={255}
        autoFocus
        data-autofocus
      />
      {p.error ? <FormAlert tone="error" message={p.error} /> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={p.onCancel}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={p.pending} disabled={!clean}>
          {p.submitLabel}
        </Button>
      </div>
    </form>
  );
}
