import { Eye } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AccessRole } from "../../../../db/access/reader";
import type { Column } from "../../../api/types";
import { Button } from "../../../components/ui/button";
import type { FilterNode } from "../../../views/grid/logic/filters";
import { FilterLevel } from "../../../views/grid/toolbar/filter-level";

interface RoleRuleProps {
  role: AccessRole;
  rule: FilterNode[];
  /** Stored fields only (access-draft.ts ruleColumns). */
  columns: readonly Column[];
  unfinished: boolean;
  /** Preview needs the saved settings: off while there are unsaved changes. */
  canPreview: boolean;
  onChange(rule: FilterNode[]): void;
  onPreview(): void;
}

/** One role's row rule, written with the views' filter builder, and its preview-as button. */
export function RoleRule({ role, rule, columns, unfinished, canPreview, onChange, onPreview }: RoleRuleProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const roleName = t(`roles.${role}`);
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2 rounded-md border border-gray-200 p-3"
      aria-describedby={hintId}
      data-testid={`access-rule-${role}`}
    >
      <legend className="px-1 text-sm font-medium text-gray-800">{roleName}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="text-xs text-gray-500">
          {rule.length === 0 ? t("access.rules.none") : t("access.rules.some")}
        </p>
        <Button
          variant="secondary"
          className="px-3 py-1 text-xs"
          disabled={!canPreview}
          title={canPreview ? undefined : t("access.preview.saveFirst")}
          onClick={onPreview}
        >
          <Eye aria-hidden="true" className="size-4" />
          {t("access.preview.button", { role: roleName })}
        </Button>
      </div>
      <div className="overflow-x-auto">
        <FilterLevel tree={rule} nodes={rule} parentKey={null} depth={0} columns={columns} onChange={onChange} />
      </div>
      {unfinished ? (
        <p role="alert" className="text-xs text-red-700">
          {t("access.rules.unfinished")}
        </p>
      ) : null}
    </fieldset>
  );
}
