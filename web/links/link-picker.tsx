/**
 * The "link records" dialog: search the other table's display value, page through the records
 * not yet linked (the exclude route), click one to link it. A belongs-to link holds one record,
 * so the dialog closes after a pick; the others stay open to link more. For a record not yet
 * created (no key) it lists the other table's rows and only chooses one.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { linksApi, type LinkPage, type RowKey } from "../api/links-api";
import { rowsApi } from "../api/rows-api";
import type { Column } from "../api/types";
import { FormAlert } from "../components/ui/form-alert";
import { Modal } from "../components/ui/modal";
import { SearchBox, useDebouncedValue } from "../components/ui/search-box";
import { errorText } from "../lib/api-errors";
import type { LinkHostValue } from "./link-host-value";
import { displayColumnOf, linkTypeOf, recordOfRow, relatedTableOf, type LinkedRecord } from "./link-values";
import { Pager } from "./pager";
import { clampPage, pageSummary, pickerRequest, PICKER_PAGE_SIZE, searchWhere } from "./picker-paging";
import { linkKeys, linkTarget } from "./use-link-actions";
import { useRelatedMeta } from "./use-related-meta";

interface LinkPickerProps {
  host: LinkHostValue;
  column: Column;
  rowKey: RowKey | null;
  onClose(): void;
}

export function LinkPicker({ host, column, rowKey, onClose }: LinkPickerProps) {
  const { t } = useTranslation();
  const meta = useRelatedMeta(relatedTableOf(column));
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [busy, setBusy] = useState<RowKey | null>(null);
  const settled = useDebouncedValue(search);
  const display = meta.data ? displayColumnOf(meta.data) : undefined;
  const where = searchWhere(display, settled) ?? "";
  const relatedId = relatedTableOf(column) ?? "";
  const rows = useQuery({
    queryKey:
      rowKey === null
        ? [...linkKeys.all, "choose", relatedId, where, page]
        : linkKeys.excluded(host.tableId, column.id, rowKey, where, page),
    queryFn: ({ signal }): Promise<LinkPage> => {
      const request = pickerRequest(page, PICKER_PAGE_SIZE, where);
      if (rowKey === null) return rowsApi.list({ projectId: host.projectId, tableId: relatedId }, request, signal);
      return linksApi.excluded(linkTarget(host.projectId, host.tableId, column, rowKey), request, signal);
    },
    enabled: Boolean(meta.data),
    placeholderData: keepPreviousData,
  });
  const list = rows.data?.list ?? [];
  const summary = pageSummary(page, PICKER_PAGE_SIZE, list.length, rows.data?.pageInfo);
  if (rows.data && !rows.isPlaceholderData && page > 0 && clampPage(page, summary) !== page)
    setPage(clampPage(page, summary));

  const pick = async (record: LinkedRecord) => {
    if (rowKey === null) {
      host.setPending(column, record);
      onClose();
      return;
    }
    setBusy(record.key);
    const ok = await host.link(column, rowKey, record);
    setBusy(null);
    if (ok && linkTypeOf(column) === "bt") onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("links.picker.title", { title: column.title })}
      width="max-w-lg"
    >
      <div className="flex flex-col gap-3">
        <SearchBox
          label={t("links.picker.search", { title: display?.title ?? "" })}
          value={search}
          onValueChange={(v) => {
            setSearch(v);
            setPage(0);
          }}
        />
        <FormAlert
          tone="error"
          message={meta.error || rows.error ? errorText(meta.error ?? rows.error, t("links.picker.loadError")) : null}
        />
        <ul
          aria-label={t("links.picker.listLabel", { title: column.title })}
          aria-busy={rows.isFetching}
          className="flex min-h-40 flex-col divide-y divide-gray-100 rounded-md border border-gray-200"
        >
          {rows.isSuccess && list.length === 0 ? (
            <li className="px-3 py-6 text-center text-sm text-gray-500">{t("links.picker.empty")}</li>
          ) : null}
          {meta.data
            ? list.map((row) => {
                const record = recordOfRow(row, meta.data);
                return (
                  <li key={String(record.key)}>
                    <button
                      type="button"
                      disabled={!host.canLink || busy !== null}
                      aria-label={t("links.picker.link", { label: record.label || String(record.key) })}
                      onClick={() => void pick(record)}
                      className="flex w-full items-center gap-2 px-3 py-2 text-start text-sm hover:bg-gray-50 disabled:cursor-wait"
                    >
                      <span className="min-w-0 flex-1 truncate text-gray-900">{record.label}</span>
                      <span className="shrink-0 text-xs tabular-nums text-gray-400">
                        {t("links.picker.key", { key: String(record.key) })}
                      </span>
                      <Plus aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
                    </button>
                  </li>
                );
              })
            : null}
        </ul>
        <Pager summary={summary} page={page} onPage={setPage} />
      </div>
    </Modal>
  );
}
