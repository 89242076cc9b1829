import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { OptionsFormProps } from "../types";

// The editor brings the formula checker and function list: loaded when a formula is edited.
const FormulaEditor = lazy(() => import("./formula-editor").then((m) => ({ default: m.FormulaEditor })));

export function FormulaOptionsForm(props: OptionsFormProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-gray-500">{t("grid.loading")}</p>}>
      <FormulaEditor {...props} />
    </Suspense>
  );
}
