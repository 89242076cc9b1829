import { Lock } from "lucide-react";
import { createElement } from "react";
import { useTranslation } from "react-i18next";
import type { Row } from "../../../api/view-types";
import type { EditorOutput } from "../../../fields/types";
import type { GridFieldView } from "../grid-field";
import { isLink } from "../../../../db/fields/registry";

interface RowFormProps {
  row: Row;
  fields: readonly GridFieldView[];
  canEdit: boolean;
  errors: Record<string, string>;
  onChange(title: string, out: EditorOutput): void;
  /** The focus left a field (not into its own popups): the record saves it. */
  onLeave?(title: string): void;
}

/** Every field of a record: an editor for writable ones, the cell for read-only ones. */
export function RowForm({ row, fields, canEdit, errors, onChange, onLeave }: RowFormProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      {fields.map((f) => {
        const title = f.column.title;
        const id = `expanded-${f.column.id}`;
        const Icon = f.ui.icon;
        const writable = canEdit && !f.codec.readOnly && f.ui.Editor;
        return (
          <div
            key={f.column.id}
            className="flex flex-col gap-1"
            data-testid="expanded-field"
            data-title={title}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onLeave?.(title);
            }}
          >
            <label htmlFor={id} className="flex items-center gap-1.5 text-xs font-medium text-gray-600">
              <Icon aria-hidden="true" className="size-3.5 text-gray-400" />
              {title}
              {f.column.access === "read-only" ? <Lock aria-hidden="true" className="size-3.5 text-gray-400" /> : null}
              {f.codec.readOnly && !(canEdit && isLink(f.column.uidt) && !f.column.access) ? (
                <span className="text-gray-400">{t("grid.expanded.readOnly")}</span>
              ) : null}
            </label>
            {writable ? (
              createElement(f.ui.Editor!, {
                id,
                value: row[title],
                codec: f.codec,
                mode: "form",
                onCommit: () => undefined,
                onCancel: () => undefined,
                onChange: (out: EditorOutput) => onChange(title, out),
              })
            ) : (
              <div id={id} className="flex min-h-8 items-center rounded-md border border-gray-100 bg-gray-50 px-2 py-1">
                <f.ui.Cell value={row[title]} codec={f.codec} wrap row={row} />
              </div>
            )}
            {errors[title] ? (
              <p role="alert" className="text-xs text-red-600">
                {errors[title]}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
