/**
 * The copy-link helper: sample answers for the questions that take text, written into the
 * form's public link as `?Title=value` (db/views/form/prefill.ts), ready to copy.
 */
import { useQuery } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { prefillLink } from "../../../db/views/form/prefill";
import { shareApi, sharedLink } from "../../api/share-api";
import { notify } from "../../lib/toast";
import type { Question } from "./form-fields";
import { fieldType, isLink } from "../../../db/fields/registry";

const input =
  "w-full rounded-md border border-gray-300 px-2 py-1 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30";

export function PrefillLink({
  tableId,
  viewId,
  questions,
}: {
  tableId: string;
  viewId: string;
  questions: readonly Question[];
}) {
  const { t } = useTranslation();
  const shares = useQuery({ queryKey: ["shares", tableId], queryFn: () => shareApi.list(tableId) });
  const [samples, setSamples] = useState<Record<string, string>>({});
  const shared = shares.data?.find((v) => v.id === viewId && v.uuid);
  const base = shared ? sharedLink(shared) : `${location.origin}/nc/form/…`;
  const textQuestions = questions.filter(
    (q) => fieldType(q.column.uidt)?.kind !== "attachment" && !isLink(q.column.uidt),
  );
  const url = prefillLink(
    base,
    textQuestions.map((q) => [q.column.title, samples[q.column.title] ?? ""] as const),
  );

  return (
    <details
      className="flex flex-col gap-2 border-t border-gray-100 pt-2 text-sm text-gray-700"
      data-testid="prefill-link"
    >
      <summary className="cursor-pointer font-medium">{t("views.form.prefillLink")}</summary>
      <p className="text-xs text-gray-500">{t("views.form.prefillHelp")}</p>
      {textQuestions.map((q) => (
        <label key={q.fc.id} className="flex flex-col gap-0.5 text-xs text-gray-600">
          {q.column.title}
          <input
            className={input}
            value={samples[q.column.title] ?? ""}
            onChange={(e) => setSamples({ ...samples, [q.column.title]: e.target.value })}
          />
        </label>
      ))}
      {shared ? null : <p className="text-xs text-amber-700">{t("views.form.prefillNotShared")}</p>}
      <div className="flex items-center gap-1">
        <input
          className={`${input} font-mono text-xs`}
          readOnly
          value={url}
          aria-label={t("views.form.prefillLink")}
          data-testid="prefill-url"
        />
        <button
          type="button"
          disabled={!shared}
          className="rounded p-1.5 text-gray-500 hover:bg-gray-100 disabled:opacity-50"
          aria-label={t("views.form.copyLink")}
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => notify.success(t("views.form.linkCopied")),
              () => notify.error(t("views.form.copyFailed")),
            )
          }
        >
          <Copy aria-hidden="true" className="size-4" />
        </button>
      </div>
    </details>
  );
}
