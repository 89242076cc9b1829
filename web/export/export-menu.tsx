import { Download } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TableMeta } from "../api/types";
import { Button } from "../components/ui/button";
import { errorText } from "../lib/api-errors";
import { htmlLangOf } from "../lib/locales";
import { notify } from "../lib/toast";
import { useProject } from "../pages/project/project-context";
import { Menu } from "../import/ui/menu";
import { exportCsvParts } from "./csv-export";
import { downloadBlob } from "./download";
import { countRows, fetchCsvBatch } from "./export-client";
import { exportXlsx } from "./xlsx-export";

type Kind = "csv" | "xlsx";

/** The table tab's Export menu: CSV or XLSX of the open view, with progress and cancel. */
export function ExportMenu({ table, viewTitle }: { table: TableMeta; viewTitle?: string | null }) {
  const { t, i18n } = useTranslation();
  const { projectId, can } = useProject();
  const [running, setRunning] = useState<{ kind: Kind; done: number; total: number | null } | null>(null);
  const abort = useRef<AbortController | null>(null);
  if (!can("dataExport")) return null;
  const view =
    table.views.find((v) => v.title === viewTitle) ?? table.views.find((v) => v.is_default) ?? table.views[0];

  async function run(kind: Kind) {
    if (!view) return;
    const ref = { projectId, tableId: table.id, viewId: view.id, title: view.title };
    const controller = new AbortController();
    abort.current = controller;
    setRunning({ kind, done: 0, total: null });
    const progress = (done: number, total: number | null) =>
      setRunning((r) => (r ? { ...r, done, total: total ?? r.total } : r));
    try {
      if (kind === "csv") {
        const total = await countRows(ref, controller.signal).catch(() => null);
        progress(0, total);
        const parts = await exportCsvParts({
          fetchBatch: (offset) => fetchCsvBatch(ref, offset, controller.signal),
          onProgress: (n) => progress(n, null),
          signal: controller.signal,
        });
        downloadBlob(new Blob(parts, { type: "text/csv;charset=utf-8" }), `${view.title}-export.csv`);
      } else {
        downloadBlob(
          await exportXlsx(ref, table, { onProgress: progress, signal: controller.signal }),
          `${view.title}-export.xlsx`,
        );
      }
      notify.success(t("export.done", { name: view.title }));
    } catch (err) {
      if (!controller.signal.aborted)
        notify.error(t("export.failed", { message: errorText(err, t("msg.error.internal")) }));
    } finally {
      setRunning(null);
    }
  }

  const numbers = running
    ? {
        done: running.done.toLocaleString(htmlLangOf(i18n.language)),
        total: (running.total ?? 0).toLocaleString(htmlLangOf(i18n.language)),
      }
    : null;
  return (
    <div className="flex items-center gap-2">
      <Menu
        label={t("export.menu")}
        trigger={
          <>
            <Download aria-hidden="true" className="size-4" />
            {t("export.menu")}
          </>
        }
        triggerClass="inline-flex items-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary"
        align="end"
        items={[
          { key: "csv", label: t("export.csv"), onSelect: () => void run("csv"), disabled: Boolean(running) },
          { key: "xlsx", label: t("export.xlsx"), onSelect: () => void run("xlsx"), disabled: Boolean(running) },
        ]}
      />
      {running && numbers ? (
        <div role="status" className="flex items-center gap-2 text-sm text-gray-600">
          <progress
            className="h-2 w-28"
            max={running.total ?? undefined}
            value={running.total ? running.done : undefined}
            aria-label={t("export.progress")}
          />
          <span>{running.total !== null ? t("export.rows", numbers) : t("export.rowsOpen", numbers)}</span>
          <Button variant="ghost" onClick={() => abort.current?.abort()}>
            {t("export.cancel")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
