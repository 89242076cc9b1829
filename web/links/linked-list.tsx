/** Every record linked to a row (hm/mm, paged), each with unlink; links more from here too. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { linksApi, type RowKey } from "../api/links-api";
import type { Column } from "../api/types";
import { Button } from "../components/ui/button";
import { FormAlert } from "../components/ui/form-alert";
import { IconButton } from "../components/ui/icon-button";
import { Modal } from "../components/ui/modal";
import { errorText } from "../lib/api-errors";
import type { LinkHostValue } from "./link-host-value";
import { recordOfRow, relatedTableOf } from "./link-values";
import { Pager } from "./pager";
import { clampPage, pageSummary, pickerRequest, PICKER_PAGE_SIZE } from "./picker-paging";
import { linkKeys, linkTarget } from "./use-link-actions";
import { useRelatedMeta } from "./use-related-meta";

interface LinkedListProps {
  host: LinkHostValue;
  column: Column;
  rowKey: RowKey;
  onClose(): void;
}

export function LinkedList({ host, column, rowKey, onClose }: LinkedListProps) {
  const { t } = useTranslation();
  const meta = useRelatedMeta(relatedTableOf(column));
  const [page, setPage] = useState(0);
  const target = linkTarget(host.projectId, host.tableId, column, rowKey);
  const rows = useQuery({
    queryKey: linkKeys.list(host.tableId, column.id, rowKey, page),
    queryFn: ({ signal }) => linksApi.list(target, pickerRequest(page), signal),
    placeholderData: keepPreviousData,
  });
  const list = rows.data?.list ?? [];
  const summary = pageSummary(page, PICKER_PAGE_SIZE, list.length, rows.data?.pageInfo);
  if (rows.data && !rows.isPlaceholderData && page > 0 && clampPage(page, summary) !== page)
    setPage(clampPage(page, summary));

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("links.list.title", { title: column.title })}
      width="max-w-lg"
    >
      <div className="flex flex-col gap-3">
        <FormAlert
          tone="error"
          message={meta.error || rows.error ? errorText(meta.error ?? rows.error, t("links.picker.loadError")) : null}
        />
        <ul
          aria-label={t("links.list.label", { title: column.title })}
          aria-busy={rows.isFetching}
          className="flex min-h-24 flex-col divide-y divide-gray-100 rounded-md border border-gray-200"
        >
          {rows.isSuccess && list.length === 0 ? (
            <li className="px-3 py-6 text-center text-sm text-gray-500">{t("links.list.empty")}</li>
          ) : null}
          {meta.data
            ? list.map((row) => {
                const record = recordOfRow(row, meta.data);
                const label = record.label || String(record.key);
                return (
                  <li key={String(record.key)} className="flex items-center gap-2 px-3 py-1.5 text-sm">
                    <span className="min-w-0 flex-1 truncate text-gray-900">{record.label}</span>
                    <span className="shrink-0 text-xs tabular-nums text-gray-400">
                      {t("links.picker.key", { key: String(record.key) })}
                    </span>
                    {host.canUnlink ? (
                      <IconButton
                        label={t("links.cell.unlink", { label })}
                        icon={X}
                        tone="danger"
                        onClick={() => void host.unlink(column, rowKey, record)}
                      />
                    ) : null}
                  </li>
                );
              })
            : null}
        </ul>
        <div className="flex items-center justify-between gap-2">
          {host.canLink ? (
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              onClick={() => host.open({ kind: "picker", column, rowKey })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("links.list.linkMore")}
            </Button>
          ) : (
            <span />
          )}
          <Pager summary={summary} page={page} onPage={setPage} />
        </div>
      </div>
    </Modal>
  );
}
