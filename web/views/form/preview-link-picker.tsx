/**
 * A link question in the builder's preview, asked as the shared form asks it (web/shared/inputs.ts
 * linkControl): a search box over the related table's display value, up to ten matches below it,
 * picked records as chips with a remove button; a belongs-to link holds one record. The builder
 * lists the related table as its signed-in reader (the shared form lists it as the visitor).
 */
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { rowsApi } from "../../api/rows-api";
import type { Column } from "../../api/types";
import type { Row } from "../../api/view-types";
import { useDebouncedValue } from "../../components/ui/search-box";
import { displayColumnOf, linkTypeOf, recordOfRow, relatedTableOf } from "../../links/link-values";
import { pickerRequest, searchWhere } from "../../links/picker-paging";
import { useRelatedMeta } from "../../links/use-related-meta";
import { notify } from "../../lib/toast";

interface PreviewLinkPickerProps {
  id: string;
  projectId: string;
  column: Column;
  picked: readonly Row[];
  onChange(picked: Row[]): void;
}

export function PreviewLinkPicker({ id, projectId, column, picked, onChange }: PreviewLinkPickerProps) {
  const { t } = useTranslation();
  const relatedId = relatedTableOf(column) ?? "";
  const meta = useRelatedMeta(relatedId);
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  const settled = useDebouncedValue(search);
  const display = meta.data ? displayColumnOf(meta.data) : undefined;
  const where = searchWhere(display, settled) ?? "";
  const rows = useQuery({
    queryKey: ["form-preview-link", relatedId, where],
    queryFn: ({ signal }) => rowsApi.list({ projectId, tableId: relatedId }, pickerRequest(0, 10, where), signal),
    enabled: open && Boolean(meta.data),
  });
  const label = (r: Row) => (meta.data ? recordOfRow(r, meta.data).label : "");
  const same = (a: Row, b: Row) => meta.data && recordOfRow(a, meta.data).key === recordOfRow(b, meta.data).key;
  const pick = (r: Row) => {
    if (picked.some((p) => same(p, r))) return notify.error(t("msg.info.valueAlreadyInList"));
    onChange(linkTypeOf(column) === "bt" ? [r] : [...picked, r]);
    setOpen(false);
  };
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {picked.map((r, i) => (
          <span
            key={String(meta.data ? recordOfRow(r, meta.data).key : i)}
            data-picked=""
            className="inline-flex items-center gap-1 rounded bg-gray-100 px-2 py-1 text-sm"
          >
            {label(r)}
            <button
              type="button"
              aria-label={t("sharedView.remove")}
              className="text-gray-500"
              onClick={() => onChange(picked.filter((_, k) => k !== i))}
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </span>
        ))}
      </div>
      <input
        id={id}
        type="search"
        className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
        placeholder={t("sharedView.search")}
        aria-label={t("sharedView.pickRecord")}
        value={search}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setSearch(e.target.value);
          setOpen(true);
        }}
      />
      {open && rows.data ? (
        <ul role="listbox" className="mt-1 max-h-48 overflow-auto rounded border border-gray-200 bg-white">
          {rows.data.list.map((r, i) => (
            <li key={String(meta.data ? recordOfRow(r, meta.data).key : i)}>
              <button
                type="button"
                role="option"
                aria-selected={false}
                className="w-full px-3 py-1 text-start hover:bg-gray-100"
                onClick={() => pick(r)}
              >
                {label(r)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
