import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Switch } from "../../components/ui/switch";
import { TextField } from "../../components/ui/text-field";
import { ColumnPlanRow } from "./column-plan-row";
import { Notices } from "./notices";
import { planReady, tableProblem, type TablePlan } from "./plan";

interface PlanStepProps {
  plans: TablePlan[];
  onPlans(plans: TablePlan[]): void;
  notices: readonly string[];
  existingTables: readonly string[];
  onBack(): void;
  onStart(): void;
}

/** Step 2 for new tables: per table its name and per column its name, type and inclusion. */
export function PlanStep({ plans, onPlans, notices, existingTables, onBack, onStart }: PlanStepProps) {
  const { t } = useTranslation();
  const multi = plans.length > 1;
  const update = (i: number, patch: Partial<TablePlan>) =>
    onPlans(plans.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <div className="flex flex-col gap-5">
      <Notices messages={notices} />
      {plans.map((plan, i) => {
        const problem = plan.include ? tableProblem(plans, plan, existingTables) : null;
        const noColumns = plan.include && !plan.columns.some((c) => c.include);
        return (
          <section
            key={plan.source}
            aria-label={t("import.plan.section", { name: plan.ref })}
            className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4"
          >
            {multi ? (
              <Switch
                label={t("import.plan.includeTable", { name: plan.ref })}
                checked={plan.include}
                onChange={(include) => update(i, { include })}
              />
            ) : null}
            <div className="flex flex-wrap items-end gap-3">
              <TextField
                className="min-w-0 flex-1"
                label={multi ? t("import.plan.tableNameOf", { name: plan.ref }) : t("import.plan.tableName")}
                value={plan.name}
                disabled={!plan.include}
                onValueChange={(name) => update(i, { name })}
                error={problem ? t(problem.key, "values" in problem ? problem.values : {}) : null}
              />
              <p className="pb-2 text-sm text-gray-500">
                {plan.totalRows === null
                  ? t("import.plan.rowsUnknown")
                  : t("import.plan.rows", { count: plan.totalRows })}
              </p>
            </div>
            {plan.include ? (
              <div className="max-h-80 overflow-auto">
                <table className="w-full text-start text-sm">
                  <thead className="text-xs uppercase text-gray-500">
                    <tr>
                      <th className="pe-2 font-medium">{t("import.plan.colInclude")}</th>
                      <th className="pe-2 font-medium">{t("import.plan.colName")}</th>
                      <th className="pe-2 font-medium">{t("import.plan.colType")}</th>
                      <th className="font-medium">{t("import.plan.colSample")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {plan.columns.map((column) => (
                      <ColumnPlanRow
                        key={column.source}
                        table={plan}
                        column={column}
                        onChange={(columns) => update(i, { columns })}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            {noColumns ? <p className="text-sm text-red-600">{t("import.plan.noColumns")}</p> : null}
          </section>
        );
      })}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          {t("import.plan.back")}
        </Button>
        <Button disabled={!planReady(plans, existingTables)} onClick={onStart}>
          {t("import.plan.submit")}
        </Button>
      </div>
    </div>
  );
}
