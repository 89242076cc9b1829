import { useTranslation } from "react-i18next";
import { ACCESS_ROLES, FIELD_MODES, type AccessRole, type FieldMode } from "../../../../db/access/reader";
import type { Column } from "../../../api/types";
import { INPUT_CLASS } from "../../../fields/common/text-editor";
import { isFixedField, type AccessDraft } from "./access-draft";

interface FieldModeGridProps {
  fields: readonly Column[];
  draft: AccessDraft;
  saved: AccessDraft;
  onMode(role: AccessRole, columnId: string, mode: FieldMode): void;
}

/** Rows are fields, columns are roles; each cell chooses editable, read-only or hidden. */
export function FieldModeGrid({ fields, draft, saved, onMode }: FieldModeGridProps) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-md border border-gray-200">
      <table className="w-full min-w-[22rem] text-sm" data-testid="access-field-grid">
        <caption className="sr-only">{t("access.fields.caption")}</caption>
        <thead className="bg-gray-50 text-xs text-gray-600">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t("access.fields.field")}
            </th>
            {ACCESS_ROLES.map((role) => (
              <th key={role} scope="col" className="px-2 py-2 text-start font-medium">
                {t(`roles.${role}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {fields.map((c) => {
            const fixed = isFixedField(c);
            return (
              <tr key={c.id} className="border-t border-gray-100">
                <th scope="row" className="px-3 py-1.5 text-start font-normal text-gray-800">
                  <span className="block max-w-[10rem] truncate">{c.title}</span>
                  {fixed ? (
                    <span className="block text-xs text-gray-500">
                      {t(c.pk ? "access.fields.fixedKey" : "access.fields.fixedDisplay")}
                    </span>
                  ) : null}
                </th>
                {ACCESS_ROLES.map((role) => {
                  const mode = draft[role].fields[c.id] ?? "editable";
                  const changed = mode !== (saved[role].fields[c.id] ?? "editable");
                  return (
                    <td key={role} className="px-2 py-1.5">
                      <select
                        aria-label={t("access.fields.cell", { field: c.title, role: t(`roles.${role}`) })}
                        className={`${INPUT_CLASS} w-full min-w-[6.5rem] py-1 text-xs ${changed ? "ring-2 ring-accent/60" : ""}`}
                        value={fixed ? "editable" : mode}
                        disabled={fixed}
                        data-changed={changed || undefined}
                        onChange={(e) => onMode(role, c.id, e.target.value as FieldMode)}
                      >
                        {FIELD_MODES.map((m) => (
                          <option key={m} value={m}>
                            {t(`access.modes.${m}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
