import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Info, RotateCcw, Undo2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AccessRole } from "../../../../db/access/reader";
import { ACCESS_ROLES } from "../../../../db/access/reader";
import { accessApi, type TableAccessJson } from "../../../api/access-api";
import { queryKeys } from "../../../api/query-keys";
import { tablesApi } from "../../../api/tables-api";
import type { Column, TableSummary } from "../../../api/types";
import { Button } from "../../../components/ui/button";
import { Modal } from "../../../components/ui/modal";
import { FullPageSpinner } from "../../../components/ui/spinner";
import { errorText } from "../../../lib/api-errors";
import { setPreviewAs } from "../../../lib/preview";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import {
  accessBody,
  accessFields,
  draftFrom,
  ruleColumns,
  sameAccess,
  setMode,
  setRule,
  unfinishedRules,
  type AccessDraft,
} from "./access-draft";
import { FieldModeGrid } from "./field-mode-grid";
import { RoleRule } from "./role-rule";

const accessKey = (tableId: string) => ["tableAccess", tableId] as const;

interface AccessDialogProps {
  table: TableSummary;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The table's Access panel: field modes per role, a row rule per role, save, discard, undo, preview. */
export function AccessDialog({ table, open, onOpenChange }: AccessDialogProps) {
  const { t } = useTranslation();
  const meta = useQuery({
    queryKey: queryKeys.table(table.id),
    queryFn: () => tablesApi.read(table.id),
    enabled: open,
  });
  const access = useQuery({ queryKey: accessKey(table.id), queryFn: () => accessApi.read(table.id), enabled: open });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t("access.heading", { title: table.title })}
      description={t("access.builders")}
      width="max-w-4xl"
    >
      {meta.data && access.data ? (
        <AccessForm
          tableId={table.id}
          columns={meta.data.columns}
          answer={access.data}
          onPreviewed={() => onOpenChange(false)}
        />
      ) : meta.error || access.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(meta.error ?? access.error, t("msg.error.internal"))}
        </p>
      ) : (
        <FullPageSpinner />
      )}
    </Modal>
  );
}

interface AccessFormProps {
  tableId: string;
  columns: readonly Column[];
  answer: TableAccessJson;
  onPreviewed(): void;
}

function AccessForm({ tableId, columns, answer, onPreviewed }: AccessFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [saved, setSaved] = useState<AccessDraft>(() => draftFrom(answer));
  const [draft, setDraft] = useState<AccessDraft>(saved);
  /** The settings before the last save made here, for "Undo last save". */
  const [before, setBefore] = useState<AccessDraft | null>(null);
  useEffect(() => {
    // A fresh answer from the server (another builder saved) replaces what was saved, not the edits.
    setSaved(draftFrom(answer));
  }, [answer]);
  const fields = accessFields(columns, answer);
  const stored = ruleColumns(columns);
  const unfinished = unfinishedRules(draft, columns);
  const dirty = !sameAccess(draft, saved, columns);

  const save = useMutation({
    mutationFn: (next: AccessDraft) => accessApi.save(tableId, accessBody(next, columns)),
    onSuccess: (answered, _next) => {
      const now = draftFrom(answered);
      queryClient.setQueryData(accessKey(tableId), answered);
      setSaved(now);
      setDraft(now);
      // The owner's own meta is unchanged, but previews and other tabs read narrowed answers.
      void queryClient.invalidateQueries({ queryKey: queryKeys.table(tableId) });
    },
    onError: notifyError,
  });
  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => {
        setBefore(saved);
        notify.success(t("access.saved"), "access");
      },
    });
  const undo = () =>
    before &&
    save.mutate(before, {
      onSuccess: () => {
        setBefore(null);
        notify.success(t("access.undone"), "access");
      },
    });
  const preview = (role: AccessRole) => {
    setPreviewAs(role);
    notify.info(t("project.preview.started", { role: t(`roles.${role}`) }), "preview");
    onPreviewed();
  };

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty && unfinished.length === 0) submit();
      }}
    >
      <p className="flex items-start gap-2 rounded-md bg-gray-50 p-3 text-sm text-gray-700">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-500" />
        {t("access.intro")}
      </p>
      <section className="flex flex-col gap-2" aria-labelledby="access-fields-heading">
        <h3 id="access-fields-heading" className="text-sm font-semibold text-gray-900">
          {t("access.fields.heading")}
        </h3>
        <FieldModeGrid
          fields={fields}
          draft={draft}
          saved={saved}
          onMode={(role, id, mode) => setDraft((d) => setMode(d, role, id, mode))}
        />
      </section>
      <section className="flex flex-col gap-2" aria-labelledby="access-rules-heading">
        <h3 id="access-rules-heading" className="text-sm font-semibold text-gray-900">
          {t("access.rules.heading")}
        </h3>
        <p className="text-xs text-gray-500">{t("access.rules.intro")}</p>
        {ACCESS_ROLES.map((role) => (
          <RoleRule
            key={role}
            role={role}
            rule={draft[role].rule}
            columns={stored}
            unfinished={unfinished.includes(role)}
            canPreview={!dirty}
            onChange={(rule) => setDraft((d) => setRule(d, role, rule))}
            onPreview={() => preview(role)}
          />
        ))}
      </section>
      <div className="sticky -bottom-4 -mx-5 -mb-4 flex flex-wrap items-center justify-end gap-2 border-t border-gray-100 bg-white px-5 py-3">
        {dirty ? <span className="me-auto text-xs text-gray-600">{t("access.unsaved")}</span> : null}
        {before && !dirty ? (
          <Button variant="ghost" onClick={undo} disabled={save.isPending}>
            <Undo2 aria-hidden="true" className="size-4" />
            {t("access.undo")}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => setDraft(saved)} disabled={!dirty || save.isPending}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t("access.discard")}
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!dirty || unfinished.length > 0}>
          {t("access.save")}
        </Button>
      </div>
    </form>
  );
}
