import { useTranslation } from "react-i18next";
import { ValueText } from "../../../fields/common/value-text";
import type { GridFieldView } from "../grid-field";

/** One field's change in a history entry (db/rows/write.ts): the values as the API answers them. */
interface ValueChange {
  old: unknown;
  new: unknown;
}

const isValueChange = (v: unknown): v is ValueChange =>
  !!v && typeof v === "object" && !Array.isArray(v) && "old" in v && "new" in v;

/** An entry's field changes, by title; links' entries and older ones have none. */
export function valueChanges(details: unknown): Array<[string, ValueChange]> {
  if (!details || typeof details !== "object" || Array.isArray(details)) return [];
  return Object.entries(details).filter((e): e is [string, ValueChange] => isValueChange(e[1]));
}

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
  const { t } = useTranslation();
  const changes = valueChanges(details);
  if (!changes.length) return null;
  return (
    <ul className="mt-1 flex flex-col gap-1">
      {changes.map(([title, change]) => {
        const field = fields.find((f) => f.column.title === title);
        const text = (v: unknown) => {
          const shown = field ? field.codec.toText(v) : v === null || v === undefined ? "" : JSON.stringify(v);
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
