/**
 * A record as a form of all its fields, with its comments and history; also the "new record"
 * form. Rules: the record is read again in full (the grid may hold only the shown fields);
 * Save checks every changed value with the registry and shows each message under its field;
 * nothing is saved while one is invalid. An edit goes through the grid's history (undoable).
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { rowsApi, type RowTarget } from "../../../api/rows-api";
import type { Row } from "../../../api/view-types";
import { Button } from "../../../components/ui/button";
import { Modal } from "../../../components/ui/modal";
import type { EditorOutput } from "../../../fields/types";
import { useLinkHost } from "../../../links/link-host";
import { pendingValues } from "../../../links/link-values";
import type { GridWrites } from "../data/use-grid-writes";
import type { GridFieldView } from "../grid-field";
import { CommentsPanel } from "./comments-panel";
import { RowForm } from "./row-form";
import { keyPartOf } from "../../../lib/row-id";

interface ExpandedRowProps {
  target: RowTarget;
  keyTitle: string;
  /** The record's key; null for a new record. */
  rowKey: string | number | null;
  fields: readonly GridFieldView[];
  canEdit: boolean;
  canComment: boolean;
  /** Only saving is needed, so views other than the grid (gallery, kanban, calendar) can open a record too. */
  writes: Pick<GridWrites, "insertRow" | "applyPlan">;
  onClose(): void;
}

export function ExpandedRow({
  target,
  keyTitle,
  rowKey,
  fields,
  canEdit,
  canComment,
  writes,
  onClose,
}: ExpandedRowProps) {
  const { t } = useTranslation();
  const isNew = rowKey === null;
  const read = useQuery({
    queryKey: ["row", target.tableId, rowKey],
    queryFn: () => rowsApi.read(target, rowKey!),
    enabled: !isNew,
  });
  const [drafts, setDrafts] = useState<Record<string, EditorOutput>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const row: Row | undefined = isNew ? {} : read.data;
  // A new record's belongs-to links are chosen in the form and sent with it.
  const links = useLinkHost();
  const clearLinks = links?.clearPending;
  useEffect(() => () => clearLinks?.(), [clearLinks]);

  const save = async () => {
    if (!row) return;
    const values: Row = {};
    const problems: Record<string, string> = {};
    for (const f of fields) {
      const out = drafts[f.column.title];
      if (!out) continue;
      const parsed = "text" in out ? f.codec.fromText(out.text) : f.codec.fromValue(out.value);
      if (parsed.ok) values[f.column.title] = parsed.value;
      else problems[f.column.title] = parsed.error;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    const ok = isNew
      ? (await writes.insertRow({ ...values, ...(links ? pendingValues(links.pending) : {}) })) !== null
      : Object.keys(values).length === 0 ||
        (await writes.applyPlan({
          updates: [{ ...keyPartOf(row, keyTitle), ...values }],
          before: [row],
          inserts: [],
          error: null,
        }));
    setSaving(false);
    if (ok) onClose();
  };

  const title = isNew
    ? t("grid.expanded.newTitle")
    : t("grid.expanded.title", { title: String(row?.[fields[0]?.column.title ?? ""] ?? rowKey ?? "") });
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title={title} width="max-w-5xl">
      <div className="flex flex-col gap-6 md:flex-row">
        <div className="min-w-0 flex-1">
          {row ? (
            <RowForm
              row={row}
              fields={fields}
              canEdit={canEdit || isNew}
              errors={errors}
              onChange={(key, out) => setDrafts((d) => ({ ...d, [key]: out }))}
            />
          ) : (
            <p className="text-sm text-gray-500">{read.isError ? t("grid.expanded.loadError") : t("grid.loading")}</p>
          )}
          {canEdit || isNew ? (
            <div className="mt-6 flex justify-end gap-2">
              <Button variant="secondary" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button loading={saving} onClick={() => void save()} disabled={!row}>
                {isNew ? t("grid.expanded.create") : t("grid.expanded.save")}
              </Button>
            </div>
          ) : null}
        </div>
        {!isNew ? (
          <div className="flex max-h-[70vh] w-full flex-col md:w-80">
            <CommentsPanel tableId={target.tableId} rowId={String(rowKey)} canComment={canComment} />
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
