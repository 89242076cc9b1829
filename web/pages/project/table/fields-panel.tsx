import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../../api/query-keys";
import { tablesApi } from "../../../api/tables-api";
import type { Column } from "../../../api/types";
import { Button } from "../../../components/ui/button";
import { DeleteFieldDialog } from "./delete-field-dialog";
import { FormAlert } from "../../../components/ui/form-alert";
import { FullPageSpinner } from "../../../components/ui/spinner";
import { errorText } from "../../../lib/api-errors";
import { useProject } from "../project-context";
import { FieldEditorDialog } from "./field-editor-dialog";
import { FieldRow } from "./field-row";
import { useFieldActions } from "./use-field-actions";

type Editing = { column: Column | null } | null;

/** A table tab (the grid arrives later): its fields, with add, edit, delete and display value. */
export function FieldsPanel({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const { can } = useProject();
  const table = useQuery({ queryKey: queryKeys.table(tableId), queryFn: () => tablesApi.read(tableId) });
  const { remove, setDisplay } = useFieldActions(tableId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Column | null>(null);

  if (table.isPending) return <FullPageSpinner />;
  if (table.isError) return <FormAlert tone="error" message={errorText(table.error, t("fields.panel.loadError"))} />;
  const meta = table.data;
  const columns = meta.columns;

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-gray-900">{meta.title}</h2>
          <p className="text-sm text-gray-500">{t("fields.panel.count", { count: columns.length })}</p>
        </div>
        {can("columnAdd") ? (
          <Button onClick={() => setEditing({ column: null })}>
            <Plus aria-hidden="true" className="size-4" />
            {t("fields.panel.add")}
          </Button>
        ) : null}
      </div>
      {can("columnUpdate") ? null : <p className="text-sm text-gray-500">{t("fields.panel.readOnly")}</p>}
      <ul
        aria-label={t("fields.panel.listLabel", { title: meta.title })}
        className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white"
      >
        {columns.map((column) => (
          <FieldRow
            key={column.id}
            column={column}
            onEdit={() => setEditing({ column })}
            onDelete={() => (remove.reset(), setDeleting(column))}
            onSetDisplay={() => setDisplay.mutate(column)}
          />
        ))}
      </ul>
      <FieldEditorDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        table={meta}
        column={editing?.column ?? null}
      />
      <DeleteFieldDialog column={deleting} remove={remove} onClose={() => setDeleting(null)} />
    </section>
  );
}
