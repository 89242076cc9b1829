import { Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import type { RowStore } from "./data/row-store";
import { GridLoadError } from "./grid-load-error";
import { rectRows, type Rect } from "./logic/selection";

interface GridFooterProps {
  store: RowStore;
  rect: Rect;
  canDelete: boolean;
  onDelete(rect: Rect): Promise<boolean>;
  onCollapse(): void;
  /** The grid takes the keys back when the confirmation closes (Ctrl+Z right after a delete). */
  onReturnFocus(): void;
  /** The columns' aggregates and their picker (footer-aggregates.tsx), when the grid has them. */
  aggregates?: ReactNode;
}

/** The record count, the columns' aggregates, and deleting the selected records after a confirmation. */
export function GridFooter({
  store,
  rect,
  canDelete,
  onDelete,
  onCollapse,
  onReturnFocus,
  aggregates,
}: GridFooterProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const total = store.totalRows;
  const bottom = Math.min(rect.bottom, (total ?? 0) - 1);
  const count = bottom >= rect.top ? rectRows({ ...rect, bottom }) : 0;
  return (
    <div className="flex items-center justify-between gap-3 rounded-b-lg border border-t-0 border-gray-200 bg-gray-50 px-3 py-1.5 text-xs text-gray-600">
      {total === null && store.error ? (
        <GridLoadError store={store} />
      ) : (
        <span data-testid="grid-count">
          {total === null
            ? t("grid.loading")
            : store.approximate
              ? t("grid.countApprox", { count: total })
              : t("grid.count", { count: total })}
        </span>
      )}
      {aggregates}
      {canDelete && count > 0 ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded px-2 py-1 text-red-600 hover:bg-red-50"
          onClick={() => setAsking(true)}
        >
          <Trash2 aria-hidden="true" className="size-3.5" />
          {t("grid.row.deleteSelected", { count })}
        </button>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("grid.row.deleteTitle", { count })}
        body={t("grid.row.deleteBody", { count })}
        confirmLabel={t("grid.row.deleteConfirm", { count })}
        pending={pending}
        returnFocus={onReturnFocus}
        onConfirm={() => {
          setPending(true);
          void onDelete({ ...rect, bottom }).then((ok) => {
            setPending(false);
            if (ok) {
              setAsking(false);
              onCollapse();
            }
          });
        }}
      />
    </div>
  );
}
