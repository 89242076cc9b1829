import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { htmlLangOf } from "../../lib/locales";
import type { Running } from "./use-import-flow";

/** Step 3: rows done of the total (an estimate while a CSV is still being read), and cancel. */
export function ProgressStep({ running, onCancel }: { running: Running; onCancel(): void }) {
  const { t, i18n } = useTranslation();
  const { inserted, refused, total } = running.progress;
  const done = inserted + refused;
  const known = total !== null && total > 0;
  const percent = known ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const numbers = {
    done: done.toLocaleString(htmlLangOf(i18n.language)),
    total: (total ?? 0).toLocaleString(htmlLangOf(i18n.language)),
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-gray-800">
        {t("import.progress.table", { name: running.name, index: running.index, count: running.count })}
      </p>
      <div
        role="progressbar"
        aria-label={t("import.progress.bar")}
        aria-valuemin={0}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? done : undefined}
        className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p data-testid="import-progress" className="text-sm text-gray-600">
        {known ? t("import.progress.rows", numbers) : t("import.progress.rowsOpen", numbers)}
      </p>
      <div className="flex justify-end">
        <Button variant="danger" loading={running.cancelling} onClick={onCancel}>
          {running.cancelling ? t("import.progress.cancelling") : t("import.progress.cancel")}
        </Button>
      </div>
    </div>
  );
}
