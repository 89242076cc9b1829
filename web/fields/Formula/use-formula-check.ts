import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import { columnResolver, validateFormula, type FormulaValidation } from "../../../db/formula";
import { queryKeys } from "../../api/query-keys";
import { tablesApi } from "../../api/tables-api";
import type { Column } from "../../api/types";
import { formulaInputs } from "../../links/computed-field-settings";

/**
 * The formula checked in the browser as typed: parse and types against the table's columns
 * (computed ones stand in approximately, see links/computed-field-settings.ts); null while empty. The
 * server checks exactly on save. The column being edited takes the new text, so a formula that
 * uses itself shows as a cycle.
 */
export function useFormulaCheck(
  text: string,
  columns: readonly Column[],
  self: Column | null | undefined,
): FormulaValidation | null {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const relatedIds = [
    ...new Set(
      columns
        .filter((c) => c.uidt === "Lookup")
        .map((c) => byId.get(String(c.colOptions?.fk_relation_column_id ?? "")))
        .filter((l): l is Column => l?.colOptions?.type === "bt")
        .map((l) => String(l.colOptions?.fk_related_model_id ?? "")),
    ),
  ].filter(Boolean);
  const metas = useQueries({
    queries: relatedIds.map((id) => ({ queryKey: queryKeys.table(id), queryFn: () => tablesApi.read(id) })),
  });
  const loaded = metas.map((m) => m.data).filter((m) => m !== undefined);
  const metaKey = loaded.map((m) => `${m.id}:${m.columns.length}`).join(",");
  return useMemo(() => {
    if (text.trim() === "") return null;
    const others = columns.filter((c) => c.id !== self?.id);
    const mine = self ? [{ ...self, uidt: "Formula" as const, colOptions: { formula_raw: text } }] : [];
    const related = new Map(loaded.map((m) => [m.id, m]));
    try {
      return validateFormula(text, columnResolver(formulaInputs([...others, ...mine], (id) => related.get(id))));
    } catch {
      return null;
    }
    // `metaKey` stands for the loaded metas.
  }, [text, columns, self, metaKey]);
}
