import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { RowKey } from "../../api/links-api";
import { useLinkHost } from "../../links/link-host";
import { linkedRecords, linkTypeOf, planChips } from "../../links/link-values";
import type { CellProps } from "../types";
import { chipRowClass, ValueChip } from "./chips";
import { rowIdOf } from "../../lib/row-id";

/** Chips shown in a cell before "+N more"; the expanded record shows more. */
const CELL_CHIPS = 3;
const FORM_CHIPS = 10;

const keyOf = (v: unknown): RowKey | null => (typeof v === "number" || (typeof v === "string" && v !== "") ? v : null);

/**
 * Linked records as chips (a belongs-to link: one). Inside a link host and with the row's key,
 * "+" opens the picker, "×" unlinks a record and "+N more" lists them all; otherwise read-only.
 */
export function LinkCell({ value, codec, wrap, row }: CellProps) {
  const { t } = useTranslation();
  const host = useLinkHost();
  const column = codec.column;
  const type = linkTypeOf(column);
  const rowKey = host && row ? keyOf(rowIdOf(row, host.keyTitle)) : null;
  const live = host !== null && rowKey !== null && type !== null;
  const stop = {
    onMouseDown: (e: { stopPropagation(): void }) => e.stopPropagation(),
    onDoubleClick: (e: { stopPropagation(): void }) => e.stopPropagation(),
  };
  if (host && row && rowKey === null && type !== null) {
    // A record not yet created: its belongs-to link is chosen now and sent with it.
    if (type !== "bt") return <span className="text-xs text-gray-500">{t("links.cell.saveFirst")}</span>;
    const chosen = host.pending[column.title];
    return (
      <span className="flex min-w-0 flex-1 items-center gap-1" data-testid="link-cell">
        <span className={chipRowClass(wrap)}>
          {chosen ? <ValueChip label={chosen.label} onUnlink={() => host.setPending(column, null)} /> : null}
        </span>
        {host.canLink ? (
          <AddButton title={column.title} onClick={() => host.open({ kind: "picker", column, rowKey: null })} />
        ) : null}
      </span>
    );
  }
  const plan = planChips(linkedRecords(value), type === "bt" ? 1 : wrap ? FORM_CHIPS : CELL_CHIPS);
  const moreText = plan.open
    ? t("links.cell.moreOpen", { count: plan.more })
    : t("links.cell.more", { count: plan.more });
  return (
    <span className="flex min-w-0 flex-1 items-center gap-1" data-testid="link-cell">
      <span className={chipRowClass(wrap)}>
        {plan.shown.map((r, i) => (
          <ValueChip
            key={`${String(r.key)}:${i}`}
            label={r.label}
            onUnlink={live && host.canUnlink && r.key !== null ? () => void host.unlink(column, rowKey, r) : undefined}
          />
        ))}
        {plan.more > 0 || plan.open ? (
          live && type !== "bt" ? (
            <button
              type="button"
              {...stop}
              onClick={() => host.open({ kind: "list", column, rowKey })}
              aria-label={t("links.cell.seeAll", { title: column.title })}
              className="shrink-0 rounded px-1 text-xs text-primary hover:bg-primary/10"
            >
              {moreText}
            </button>
          ) : (
            <span className="shrink-0 text-xs text-gray-500">{moreText}</span>
          )
        ) : null}
      </span>
      {live && host.canLink ? (
        <AddButton title={column.title} onClick={() => host.open({ kind: "picker", column, rowKey })} />
      ) : null}
    </span>
  );
}

function AddButton({ title, onClick }: { title: string; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onMouseDown={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
      onClick={onClick}
      aria-label={t("links.cell.add", { title })}
      title={t("links.cell.add", { title })}
      className="ms-auto inline-flex size-5 shrink-0 items-center justify-center rounded text-gray-400 opacity-60 hover:bg-gray-200 hover:text-gray-800 hover:opacity-100 focus-visible:opacity-100"
    >
      <Plus aria-hidden="true" className="size-3.5" />
    </button>
  );
}
