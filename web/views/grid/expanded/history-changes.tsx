import { useTranslation } from "react-i18next";
import { valueChangesOf } from "../../../../db/rows/history-version";
import { ValueText } from "../../../fields/common/value-text";
import { cellText } from "../../../fields/locale-display";
import type { GridFieldView } from "../grid-field";

interface HistoryChangesProps {
  details: unknown;
  /** The record's fields as the reader sees them (formats values; hidden ones never arrive). */
  fields: readonly GridFieldView[];
  /** Writes a field's past value back; absent when the reader may not edit. */
  onRestore?(title: string, value: unknown): void;
}

/**
 * "Field: old → new" per changed field, each value formatted as the grid shows it, with a
 * "Restore this value" action for a field the reader may edit.
 */
export function HistoryChanges({ details, fields, onRestore }: HistoryChangesProps) {
  const { t, i18n } = useTranslation();
  // The server answers every entry's values as the API does, old entries too (db/rows/audit-values.ts).
  const changes = valueChangesOf(details);
  if (!changes.length) return null;
  return (
    <ul className="mt-1 flex flex-col gap-1">
      {changes.map(([title, change]) => {
        const field = fields.find((f) => f.column.title === title);
        const text = (v: unknown) => {
          // As the grid's cell shows it: numbers and dates in the reader's language.
          const shown = field
            ? cellText(v, field.codec, i18n.language)
            : v === null || v === undefined
              ? ""
              : JSON.stringify(v);
          return shown === "" ? (
            <span className="italic text-gray-400">{t("grid.expanded.emptyValue")}</span>
          ) : (
            <ValueText text={shown} />
          );
        };
        return (
          <li key={title} data-testid="history-change" data-title={title} className="text-xs text-gray-700">
            <span className="font-medium">{t("grid.expanded.changeField", { field: title })}</span>{" "}
            <span data-testid="history-old">{text(change.old)}</span> {t("grid.expanded.changeArrow")}{" "}
            <span data-testid="history-new">{text(change.new)}</span>
            {onRestore && field && !field.codec.readOnly ? (
              <button
                type="button"
                onClick={() => onRestore(title, change.old)}
                className="ms-2 rounded px-1 text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
              >
                {t("grid.expanded.restoreValue")}
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
