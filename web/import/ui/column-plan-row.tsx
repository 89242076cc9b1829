import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/ui/select-field";
import type { UIType } from "../../../db/fields/types";
import { IMPORT_TYPES, columnProblem, sampleTexts, withType, type ColumnPlan, type TablePlan } from "./plan";

interface ColumnPlanRowProps {
  table: TablePlan;
  column: ColumnPlan;
  onChange(columns: ColumnPlan[]): void;
}

/** One source column: import it or not, its field name, its detected type (changeable), samples. */
export function ColumnPlanRow({ table, column, onChange }: ColumnPlanRowProps) {
  const { t } = useTranslation();
  const header = column.header.trim() || column.name;
  const problem = columnProblem(table, column);
  const set = (patch: Partial<ColumnPlan>) =>
    onChange(table.columns.map((c) => (c === column ? { ...c, ...patch } : c)));
  const samples = sampleTexts(table, column.source);
  return (
    <tr data-testid="import-column" data-header={column.header} className="border-t border-gray-100 align-top">
      <td className="py-2 pe-2">
        <input
          type="checkbox"
          role="switch"
          aria-label={t("import.plan.include", { header })}
          checked={column.include}
          onChange={(e) => set({ include: e.target.checked })}
          className="mt-2 size-4 accent-primary"
        />
      </td>
      <td className="py-2 pe-2">
        <input
          aria-label={t("import.plan.fieldName", { header })}
          value={column.name}
          disabled={!column.include}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => set({ name: e.target.value })}
          className="w-full min-w-32 rounded-md border border-gray-300 px-2 py-1.5 text-sm aria-invalid:border-red-500 disabled:bg-gray-50 disabled:text-gray-400"
        />
        {problem ? (
          <p className="mt-1 text-xs text-red-600">
            {t(problem === "required" ? "import.plan.columnRequired" : "import.plan.columnDuplicate")}
          </p>
        ) : null}
      </td>
      <td className="py-2 pe-2">
        <SelectField
          label={t("import.plan.fieldType", { header })}
          hideLabel
          value={column.uidt}
          disabled={!column.include}
          choices={IMPORT_TYPES.map((u) => ({ value: u, label: t(`fields.types.${u}`) }))}
          onValueChange={(uidt) => onChange(withType(table, column.source, uidt as UIType))}
        />
      </td>
      <td className="max-w-48 truncate py-2 text-xs text-gray-500" title={samples.join(", ")}>
        {samples.length ? t("import.plan.sample", { values: samples.join(", ") }) : null}
      </td>
    </tr>
  );
}
