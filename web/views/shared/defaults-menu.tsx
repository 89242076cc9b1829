import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ListPlus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/query-keys";
import { viewsApi } from "../../api/views-api";
import type { ColumnCodec } from "../../fields/codec";
import { INPUT_CLASS } from "../../fields/common/text-editor";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";
import { Popover, TOOL_BUTTON } from "../grid/ui/popover";

interface DefaultsMenuProps {
  viewId: string | null | undefined;
  /** The view's fields; those a person writes get a line. */
  fields: ReadonlyArray<{ codec: ColumnCodec }>;
  /** Editors and up (those who change the view's filters). */
  canEdit: boolean;
  /** What the defaults do in this view, when not a new record's start (a form says how it uses them). */
  help?: string;
}

/**
 * "Defaults" of a view's toolbar (issue 37): the values every new record made in this view
 * starts with (use-record-template.ts), one line per writable field, typed as the field's text
 * (a date as the reader writes it, a select by its option); an empty line is no default. The
 * server checks each value as a write of its field.
 */
export function DefaultsMenu({ viewId, fields, canEdit, help }: DefaultsMenuProps) {
  const { t } = useTranslation();
  const template = useQuery({
    queryKey: queryKeys.recordTemplate(viewId ?? ""),
    queryFn: () => viewsApi.recordTemplate(viewId!),
    enabled: !!viewId && canEdit,
  });
  if (!canEdit || !viewId) return null;
  const count = Object.keys(template.data?.values ?? {}).length;
  return (
    <Popover
      label={t("recordTemplate.title")}
      button={
        <>
          <ListPlus aria-hidden="true" className="size-4" />
          {count > 0 ? t("recordTemplate.active", { n: count }) : t("recordTemplate.button")}
        </>
      }
      buttonClass={`${TOOL_BUTTON} ${count > 0 ? "bg-primary/10" : ""}`}
      panelClass="w-96 max-w-[calc(100vw-1rem)]"
    >
      {(close) => (
        <DefaultsPanel
          viewId={viewId}
          values={(template.data?.values ?? {}) as Record<string, unknown>}
          fields={fields.filter((f) => !f.codec.readOnly)}
          help={help ?? t("recordTemplate.help")}
          close={close}
        />
      )}
    </Popover>
  );
}

function DefaultsPanel({
  viewId,
  values,
  fields,
  help,
  close,
}: {
  viewId: string;
  values: Record<string, unknown>;
  fields: ReadonlyArray<{ codec: ColumnCodec }>;
  help: string;
  close(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      fields.map(({ codec }) => [
        codec.column.id,
        values[codec.column.id] === undefined ? "" : codec.toText(values[codec.column.id]),
      ]),
    ),
  );
  const [wrong, setWrong] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { values: Record<string, unknown> }) => viewsApi.saveRecordTemplate(viewId, body),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.recordTemplate(viewId), data);
      notify.success(t("recordTemplate.saved"), "record-template-saved");
      close();
    },
    onError: notifyError,
  });
  const submit = () => {
    const out: Record<string, unknown> = {};
    for (const { codec } of fields) {
      const text = texts[codec.column.id]?.trim() ?? "";
      if (!text) continue;
      const read = codec.fromText(text);
      if (!read.ok) return setWrong(codec.column.title);
      out[codec.column.id] = read.value;
    }
    setWrong(null);
    save.mutate({ values: out });
  };
  return (
    <form
      className="flex flex-col gap-2"
      data-testid="defaults-panel"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="text-xs text-gray-600">{help}</p>
      <div className="flex max-h-80 flex-col gap-2 overflow-y-auto">
        {fields.map(({ codec }) => (
          <label key={codec.column.id} className="flex flex-col gap-0.5 text-xs" htmlFor={`${id}-${codec.column.id}`}>
            <span className="font-medium">{codec.column.title}</span>
            <input
              id={`${id}-${codec.column.id}`}
              className={`${INPUT_CLASS} py-1 text-sm`}
              value={texts[codec.column.id] ?? ""}
              onChange={(e) => setTexts((x) => ({ ...x, [codec.column.id]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      {wrong ? (
        <p role="alert" className="text-xs text-red-700">
          {t("recordTemplate.invalid", { field: wrong })}
        </p>
      ) : null}
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-white hover:bg-primary/90"
        >
          {t("recordTemplate.save")}
        </button>
      </div>
    </form>
  );
}
