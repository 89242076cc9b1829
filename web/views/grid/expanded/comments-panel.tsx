import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { commentsApi } from "../../../api/comments-api";
import { queryKeys } from "../../../api/query-keys";
import type { Audit } from "../../../api/view-types";
import { Button } from "../../../components/ui/button";
import { INPUT_CLASS } from "../../../fields/common/text-editor";
import { htmlLangOf } from "../../../lib/locales";
import { useNotifyError } from "../../../lib/use-notify-error";
import type { GridFieldView } from "../grid-field";
import { HistoryChanges } from "./history-changes";
import { versionAfter } from "../../../../db/rows/history-version";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { notify } from "../../../lib/toast";

/** The instant in the reader's language (and the browser's time zone). */
function when(iso: string, lang: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(htmlLangOf(lang));
}

/** A restore's own entry (db/rows/history-restore.ts) names the version's instant: shown in the reader's language. */
const RESTORED = /^restored the version of (\S+)$/;

interface EntryProps {
  a: Audit;
  fields: readonly GridFieldView[];
  onRestore?(title: string, value: unknown): void;
  /** Asks to restore the version right after this entry; absent when it cannot be restored. */
  onRestoreVersion?(): void;
}

function Entry({ a, fields, onRestore, onRestoreVersion }: EntryProps) {
  const { t, i18n } = useTranslation();
  const restored = RESTORED.exec(a.description ?? "");
  return (
    <li
      className="rounded-md border border-gray-100 bg-white p-2"
      data-testid={a.op_type === "COMMENT" ? "comment" : "history-entry"}
    >
      <div className="flex justify-between gap-2 text-xs text-gray-500">
        <span className="truncate font-medium text-gray-700">{a.user ?? ""}</span>
        <time dateTime={a.created_at}>{when(a.created_at, i18n.language)}</time>
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-800">
        {restored ? t("history.restoredEntry", { time: when(restored[1]!, i18n.language) }) : (a.description ?? "")}
      </p>
      {a.op_type === "COMMENT" ? null : <HistoryChanges details={a.details} fields={fields} onRestore={onRestore} />}
      {onRestoreVersion ? (
        <button
          type="button"
          data-testid="restore-version"
          onClick={onRestoreVersion}
          className="mt-1 rounded text-xs font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {t("history.restoreVersion")}
        </button>
      ) : null}
    </li>
  );
}

interface CommentsPanelProps {
  tableId: string;
  rowId: string;
  canComment: boolean;
  /** The record's fields, to show history values as the grid does. */
  fields: readonly GridFieldView[];
  /** Writes a field's past value back (the history's "Restore this value"); absent for readers. */
  onRestore?(title: string, value: unknown): void;
  /** Restores the version right after a history entry (asked first); absent for readers. */
  onRestoreVersion?(entry: Audit): Promise<void>;
}

/** A version to restore, with the fields whose current values it replaces (those the reader may edit). */
interface Asked {
  entry: Audit;
  titles: string[];
}

/** The record's comments (add one when the role allows) and its change history, newest first. */
export function CommentsPanel({ tableId, rowId, canComment, fields, onRestore, onRestoreVersion }: CommentsPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [tab, setTab] = useState<"comments" | "history">("comments");
  const [text, setText] = useState("");
  const key = queryKeys.audits(tableId, rowId);
  const audits = useQuery({ queryKey: key, queryFn: () => commentsApi.list(tableId, rowId) });
  const add = useMutation({
    mutationFn: () => commentsApi.add(tableId, rowId, text.trim()),
    onSuccess: async () => {
      setText("");
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: notifyError,
  });
  const list = (audits.data ?? []).filter((a) =>
    tab === "comments" ? a.op_type === "COMMENT" : a.op_type !== "COMMENT",
  );
  const [asked, setAsked] = useState<Asked | null>(null);
  const [restoring, setRestoring] = useState(false);
  // The newest entry is the record as it is; a deleted record has no version to go back to.
  const restorable = (a: Audit) =>
    onRestoreVersion && tab === "history" && a.id !== list[0]?.id && a.op_sub_type !== "DELETE";
  const ask = (entry: Audit) => {
    const version = versionAfter(list, entry.id) ?? {};
    const titles = Object.keys(version).filter((title) =>
      fields.some((f) => f.column.title === title && !f.codec.readOnly),
    );
    if (titles.length === 0) notify.info(t("history.nothingToRestore"));
    else setAsked({ entry, titles });
  };
  const confirm = async () => {
    if (!asked || !onRestoreVersion) return;
    setRestoring(true);
    try {
      await onRestoreVersion(asked.entry);
    } finally {
      setRestoring(false);
      setAsked(null);
    }
  };
  const tabClass = (on: boolean) =>
    `rounded-md px-2 py-1 text-xs font-medium ${on ? "bg-white text-gray-900 shadow-sm" : "text-gray-500 hover:text-gray-800"}`;
  return (
    <section className="flex min-h-0 flex-col gap-2" aria-label={t("grid.expanded.activity")}>
      <div role="tablist" className="flex gap-1 rounded-lg bg-gray-100 p-1">
        <button
          type="button"
          role="tab"
          aria-selected={tab === "comments"}
          className={tabClass(tab === "comments")}
          onClick={() => setTab("comments")}
        >
          {t("grid.expanded.comments")}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === "history"}
          className={tabClass(tab === "history")}
          onClick={() => setTab("history")}
        >
          {t("grid.expanded.history")}
        </button>
      </div>
      <ul className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto">
        {audits.isPending ? <li className="text-xs text-gray-500">{t("grid.loading")}</li> : null}
        {!audits.isPending && list.length === 0 ? (
          <li className="text-xs text-gray-500">
            {t(tab === "comments" ? "grid.expanded.noComments" : "grid.expanded.noHistory")}
          </li>
        ) : null}
        {list.map((a) => (
          <Entry
            key={a.id}
            a={a}
            fields={fields}
            onRestore={onRestore}
            onRestoreVersion={restorable(a) ? () => ask(a) : undefined}
          />
        ))}
      </ul>
      {tab === "comments" && canComment ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) add.mutate();
          }}
        >
          <textarea
            aria-label={t("grid.expanded.newComment")}
            placeholder={t("grid.expanded.commentHint")}
            className={`${INPUT_CLASS} min-h-16`}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" loading={add.isPending} disabled={!text.trim()} className="self-end">
            {t("grid.expanded.addComment")}
          </Button>
        </form>
      ) : null}
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => (open ? undefined : setAsked(null))}
        title={t("history.confirmTitle")}
        body={t("history.confirmBody", { n: asked?.titles.length ?? 0, fields: asked?.titles.join(", ") ?? "" })}
        confirmLabel={t("history.confirm")}
        pending={restoring}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
