import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { errorText } from "../../lib/api-errors";
import { SHOWN_ERRORS } from "../config";
import { parseMessageKey } from "../csv/parse-messages";
import { downloadBlob } from "../../export/download";
import { rangeText } from "../pipeline/ranges";
import { reportOk } from "../pipeline/run-import";
import { errorsCsv } from "./errors-csv";
import type { TableOutcome } from "./use-import-flow";

/** One table's summary: rows imported, or what stopped it and which rows were kept; then row errors. */
export function OutcomeView({ outcome, existing }: { outcome: TableOutcome; existing: boolean }) {
  const { t } = useTranslation();
  const msg = (m: string) => {
    const key = parseMessageKey(m);
    return key ? t(key) : m;
  };
  const { name, result } = outcome;
  if (!result)
    return (
      <FormAlert
        tone="error"
        message={t("import.result.error", { name, message: errorText(outcome.error, t("msg.error.internal")) })}
      />
    );
  const { report, removed } = result;
  const ok = reportOk(report);
  const stop = report.failed[0]?.message ?? report.sourceError;
  const lines: string[] = [];
  if (ok) lines.push(t("import.result.imported", { count: report.inserted, name }));
  else if (report.cancelled) lines.push(t("import.result.cancelled", { name }));
  else lines.push(t("import.result.failed", { name, message: stop ?? "" }));
  if (removed) lines.push(t("import.result.removed", { name }));
  if (!ok && existing) {
    lines.push(
      report.kept.length
        ? t("import.result.kept", { ranges: report.kept.map(rangeText).join(", "), kept: report.inserted })
        : t("import.result.noneKept"),
    );
    for (const f of report.failed)
      lines.push(t("import.result.failedRows", { ranges: f.rows.map(rangeText).join(", "), message: f.message }));
    if (!report.complete) lines.push(t("import.result.notImported", { row: report.lastRow }));
  }
  const download = () =>
    downloadBlob(
      new Blob(["\ufeff", errorsCsv(report, outcome.headers)], { type: "text/csv;charset=utf-8" }),
      `${name}-import-errors.csv`,
    );
  const hidden = report.rowErrorCount - Math.min(SHOWN_ERRORS, report.rowErrors.length);
  return (
    <section
      data-testid="import-outcome"
      aria-label={name}
      className="flex flex-col gap-2 rounded-lg border border-gray-200 p-4"
    >
      {lines.map((line) => (
        <p key={line} className={`text-sm ${ok ? "text-gray-800" : "text-red-700"}`}>
          {line}
        </p>
      ))}
      {report.rowErrorCount > 0 ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium text-gray-800">
            {t("import.result.errors", { count: report.rowErrorCount })}
          </p>
          <ul
            data-testid="import-row-errors"
            className="max-h-48 overflow-auto rounded-md bg-gray-50 px-3 py-2 text-xs text-gray-700"
          >
            {report.rowErrors.slice(0, SHOWN_ERRORS).map((e) => (
              <li key={`${e.row}-${e.message}`}>
                {t("import.result.rowError", { row: e.row, message: msg(e.message) })}
              </li>
            ))}
            {hidden > 0 ? <li>{t("import.result.more", { count: hidden })}</li> : null}
          </ul>
        </div>
      ) : null}
      {report.rowErrorCount > 0 || report.failed.length > 0 ? (
        <div>
          <Button variant="secondary" onClick={download}>
            <Download aria-hidden="true" className="size-4" />
            {t("import.result.download")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
