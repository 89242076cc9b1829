import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../components/ui/icon-button";
import type { PageSummary } from "./picker-paging";

/** "11–20 of 23" with previous and next page buttons. */
export function Pager({ summary, onPage, page }: { summary: PageSummary; page: number; onPage(page: number): void }) {
  const { t } = useTranslation();
  if (summary.total === 0) return null;
  return (
    <div className="flex items-center justify-end gap-1 text-xs text-gray-500">
      <span data-testid="link-range" className="me-1 tabular-nums">
        {t("links.picker.range", { from: summary.from, to: summary.to, total: summary.total })}
      </span>
      <IconButton
        label={t("common.previous")}
        icon={ChevronLeft}
        disabled={!summary.hasPrev}
        onClick={() => onPage(page - 1)}
      />
      <IconButton
        label={t("common.next")}
        icon={ChevronRight}
        disabled={!summary.hasNext}
        onClick={() => onPage(page + 1)}
      />
    </div>
  );
}
