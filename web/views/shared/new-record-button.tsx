import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";

/** "+ New record" of a view's toolbar (grid, gallery): opens the new-record form. */
export function NewRecordButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-white hover:bg-primary/90"
      onClick={onClick}
    >
      <Plus aria-hidden="true" className="size-4" />
      {t("grid.row.new")}
    </button>
  );
}
