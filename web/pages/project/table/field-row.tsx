import { Pencil, Star, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isVirtual } from "../../../../db/fields/registry";
import type { Column } from "../../../api/types";
import { IconButton } from "../../../components/ui/icon-button";
import { FIELD_UI } from "../../../fields/registry";
import { useProject } from "../project-context";

interface FieldRowProps {
  column: Column;
  onEdit(): void;
  onDelete(): void;
  onSetDisplay(): void;
}

const BADGE = "rounded px-1.5 py-0.5 text-[11px] font-medium";

/** A field: type icon, name, type; display-value, system and required badges; its actions. */
export function FieldRow({ column, onEdit, onDelete, onSetDisplay }: FieldRowProps) {
  const { t } = useTranslation();
  const { can } = useProject();
  const ui = FIELD_UI[column.uidt] ?? FIELD_UI.SingleLineText;
  const Icon = ui.icon;
  const system = column.system || column.pk;
  const title = column.title;
  return (
    <li data-testid="field-row" data-title={title} className="flex flex-wrap items-center gap-3 px-4 py-2.5">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
      <div className="min-w-0 flex-1">
        <span className="font-medium text-gray-900">{title}</span>
        <span className="ms-2 text-xs text-gray-500">{t(`fields.types.${column.uidt}`)}</span>
      </div>
      <div className="flex flex-wrap gap-1">
        {column.pv ? (
          <span className={`${BADGE} bg-primary/10 text-primary`}>{t("fields.panel.displayValue")}</span>
        ) : null}
        {system ? <span className={`${BADGE} bg-gray-100 text-gray-600`}>{t("fields.panel.system")}</span> : null}
        {column.rqd && !system ? (
          <span className={`${BADGE} bg-amber-50 text-amber-700`}>{t("fields.panel.required")}</span>
        ) : null}
      </div>
      <div className="flex gap-1">
        {can("columnSetAsPrimary") && !system && !column.pv && !isVirtual(column.uidt) ? (
          <IconButton label={t("fields.panel.setDisplay", { title })} icon={Star} onClick={onSetDisplay} />
        ) : null}
        {can("columnUpdate") ? (
          <IconButton label={t("fields.panel.edit", { title })} icon={Pencil} onClick={onEdit} />
        ) : null}
        {can("columnDelete") && !system && !column.pv ? (
          <IconButton label={t("fields.panel.delete", { title })} icon={Trash2} tone="danger" onClick={onDelete} />
        ) : null}
      </div>
    </li>
  );
}
