/**
 * A record as a form of all its fields, with its comments and history; also the "new record"
 * form. Rules: the record is read again in full (the grid may hold only the shown fields).
 * - A record: each changed field is saved as it is left (as Airtable does), and whatever is still
 *   changed when the form closes (×, Escape, a click outside, Save) is saved then; Escape in a
 *   text box drops only what was typed there. An invalid value shows the registry's message under
 *   its field and keeps the form open. Each save goes through the grid's history (undoable).
 * - A new record: Create checks every value and saves them together; nothing while one is invalid.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../../api/query-keys";
import { rowsApi, type RowTarget } from "../../../api/rows-api";
import type { Audit, Row } from "../../../api/view-types";
import { commentsApi } from "../../../api/comments-api";
import { htmlLangOf } from "../../../lib/locales";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
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
import { isEmptyValue } from "../../../../db/views/form/required";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";

interface ExpandedRowProps {
  target: RowTarget;
  keyTitle: string;
  /** The record's key; null for a new record. */
  rowKey: string | number | null;
  fields: readonly GridFieldView[];
  canEdit: boolean;
  canComment: boolean;
  /**
   * Only saving is needed, so views other than the grid (gallery, kanban, calendar) can open a
   * record too; the grid also takes a restored version onto its undo stack (recordUpdate).
   */
  writes: Pick<GridWrites, "insertRow" | "applyPlan"> & Partial<Pick<GridWrites, "recordUpdate">>;
  onClose(): void;
  /** A new record's values before the user types (a grid group's values, issue 37). */
  initial?: Row;
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
  initial,
}: ExpandedRowProps) {
  const { t, i18n } = useTranslation();
  const notifyError = useNotifyError();
  const isNew = rowKey === null;
  const read = useQuery({
    queryKey: ["row", target.tableId, rowKey],
    queryFn: () => rowsApi.read(target, rowKey!),
    enabled: !isNew,
  });
  const [drafts, setDrafts] = useState<Record<string, EditorOutput>>({});
  // A record's changes not yet saved, by field title (a ref: blur and close read it at once).
  const unsaved = useRef<Record<string, EditorOutput>>({});
  const [saved, setSaved] = useState<Row>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // Remounts the form's editors when a value comes back from the history.
  const [formKey, setFormKey] = useState(0);
  const queryClient = useQueryClient();
  const row: Row | undefined = isNew ? (initial ?? {}) : read.data;
  // A new record's belongs-to links are chosen in the form and sent with it.
  const links = useLinkHost();
  const clearLinks = links?.clearPending;
  useEffect(() => () => clearLinks?.(), [clearLinks]);

  /** The registry's reading of each given draft: the values, and a message per invalid field. */
  const check = (outs: Record<string, EditorOutput>) => {
    const values: Row = {};
    const problems: Record<string, string> = {};
    for (const f of fields) {
      const out = outs[f.column.title];
      if (!out) continue;
      const parsed = "text" in out ? f.codec.fromText(out.text) : f.codec.fromValue(out.value);
      if (parsed.ok) values[f.column.title] = parsed.value;
      else problems[f.column.title] = parsed.error;
    }
    return { values, problems };
  };

  const create = async () => {
    const { values, problems } = check(drafts);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    const made = await writes.insertRow({ ...initial, ...values, ...(links ? pendingValues(links.pending) : {}) });
    setSaving(false);
    if (made !== null) onClose();
  };

  /** Saves a record's unsaved changes to the given fields; false while one is invalid or refused. */
  const saveFields = async (titles: readonly string[]): Promise<boolean> => {
    if (!row || isNew) return true;
    const outs = Object.fromEntries(titles.flatMap((k) => (unsaved.current[k] ? [[k, unsaved.current[k]]] : [])));
    const { values, problems } = check(outs);
    setErrors((e) => ({ ...Object.fromEntries(Object.entries(e).filter(([k]) => !titles.includes(k))), ...problems }));
    const current = { ...row, ...saved };
    const changed = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => JSON.stringify(v ?? null) !== JSON.stringify(current[k] ?? null)),
    );
    for (const k of Object.keys(values)) delete unsaved.current[k];
    const ok =
      Object.keys(changed).length === 0 ||
      (await writes.applyPlan({
        updates: [{ ...keyPartOf(row, keyTitle), ...changed }],
        before: [current],
        inserts: [],
        error: null,
      }));
    if (ok) setSaved((s) => ({ ...s, ...changed }));
    else for (const k of Object.keys(changed)) unsaved.current[k] ??= outs[k]!;
    return ok && Object.keys(problems).length === 0;
  };

  /** The history's "Restore this value": a save like any other (undoable in the grid), then fresh. */
  const restore = async (title: string, value: unknown) => {
    if (!row || isNew) return;
    const ok = await writes.applyPlan({
      updates: [{ ...keyPartOf(row, keyTitle), [title]: value }],
      before: [{ ...row, ...saved }],
      inserts: [],
      error: null,
    });
    if (!ok) return;
    delete unsaved.current[title];
    setSaved((s) => ({ ...s, [title]: value }));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ["row", target.tableId, rowKey] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.audits(target.tableId, String(rowKey)) }),
    ]);
    setFormKey((k) => k + 1);
  };

  /**
   * The history's "Restore this version" (issue 35): the server writes it as one update and its
   * own history entry; the grid shows the values and can undo it like its own edit.
   */
  const restoreVersion = async (entry: Audit) => {
    if (!row || isNew) return;
    const before = { ...row, ...saved };
    try {
      const res = await commentsApi.restoreVersion(target.tableId, String(rowKey), entry.id);
      const written = Object.fromEntries(res.restored.map((k) => [k, (res.row as Row)[k]]));
      writes.recordUpdate?.([before], [{ ...keyPartOf(row, keyTitle), ...written }]);
      for (const k of res.restored) delete unsaved.current[k];
      setSaved((s) => ({ ...s, ...written }));
      notify.success(
        t("history.restored", { time: new Date(entry.created_at).toLocaleString(htmlLangOf(i18n.language)) }),
      );
      if (res.skipped.length) notify.info(t("history.skipped", { fields: res.skipped.join(", ") }));
    } catch (err) {
      notifyError(err);
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ["row", target.tableId, rowKey] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.audits(target.tableId, String(rowKey)) }),
    ]);
    setFormKey((k) => k + 1);
  };

  // A new record with something typed or picked is not thrown away without a word (issue 33).
  const [askDiscard, setAskDiscard] = useState(false);
  const typedSomething = () =>
    Object.values(drafts).some((out) =>
      "text" in out ? out.text.trim() !== "" : out.value !== false && !isEmptyValue(out.value),
    ) || Boolean(links && Object.keys(pendingValues(links.pending)).length);
  const close = async () => {
    if (isNew) return typedSomething() ? setAskDiscard(true) : onClose();
    if (await saveFields(Object.keys(unsaved.current))) onClose();
  };

  // Escape in a text box drops what was typed there; the form then closes, saving the rest.
  const dropTyped = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (!/^(INPUT|TEXTAREA)$/.test(target.tagName)) return;
    const title = target.closest<HTMLElement>("[data-testid=expanded-field]")?.dataset.title;
    if (title !== undefined) delete unsaved.current[title];
  };

  const title = isNew
    ? t("grid.expanded.newTitle")
    : t("grid.expanded.title", { title: String(row?.[fields[0]?.column.title ?? ""] ?? rowKey ?? "") });
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : void close())}
      onEscapeKeyDown={dropTyped}
      title={title}
      width="max-w-5xl"
    >
      <div className="flex flex-col gap-6 md:flex-row">
        <div className="min-w-0 flex-1">
          {row ? (
            <RowForm
              key={formKey}
              row={row}
              fields={fields}
              canEdit={canEdit || isNew}
              errors={errors}
              onChange={(key, out) => {
                unsaved.current[key] = out;
                setDrafts((d) => ({ ...d, [key]: out }));
              }}
              onLeave={(key) => void saveFields([key])}
            />
          ) : (
            <p className="text-sm text-gray-500">{read.isError ? t("grid.expanded.loadError") : t("grid.loading")}</p>
          )}
          {canEdit || isNew ? (
            <div className="mt-6 flex justify-end gap-2">
              {isNew ? (
                <Button variant="secondary" onClick={() => void close()}>
                  {t("common.cancel")}
                </Button>
              ) : null}
              <Button loading={saving} onClick={() => void (isNew ? create() : close())} disabled={!row}>
                {isNew ? t("grid.expanded.create") : t("grid.expanded.save")}
              </Button>
            </div>
          ) : null}
        </div>
        {!isNew ? (
          <div className="flex max-h-[70vh] w-full flex-col md:w-80">
            <CommentsPanel
              tableId={target.tableId}
              rowId={String(rowKey)}
              canComment={canComment}
              fields={fields}
              onRestore={canEdit ? (title, value) => void restore(title, value) : undefined}
              onRestoreVersion={canEdit ? restoreVersion : undefined}
            />
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={askDiscard}
        onOpenChange={setAskDiscard}
        title={t("grid.expanded.discardTitle")}
        body={t("grid.expanded.discardBody")}
        confirmLabel={t("grid.expanded.discard")}
        onConfirm={() => (setAskDiscard(false), onClose())}
      />
    </Modal>
  );
}
