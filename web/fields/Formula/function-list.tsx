import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FormulaFunctionInfo } from "../../../db/formula";
import { functionDescription } from "./function-description";
import { groupFunctions } from "./formula-text";

interface FunctionListProps {
  functions: readonly FormulaFunctionInfo[];
  onInsert(fn: FormulaFunctionInfo): void;
}

/** The functions by category, searchable; a click writes `NAME()` at the cursor. */
export function FunctionList({ functions, onInsert }: FunctionListProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const [focus, setFocus] = useState<FormulaFunctionInfo | null>(null);
  const describe = (f: FormulaFunctionInfo) => functionDescription(t, f);
  const groups = groupFunctions(functions, query, describe);
  return (
    <div className="flex flex-col gap-2 rounded-md border border-gray-200 p-2">
      <input
        type="search"
        aria-label={t("links.formula.searchFunctions")}
        placeholder={t("links.formula.searchFunctions")}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="w-full rounded-md border border-gray-300 px-2 py-1 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
      />
      <div className="max-h-52 overflow-y-auto" aria-label={t("links.formula.functions")} role="group">
        {groups.length === 0 ? (
          <p className="px-1 py-2 text-xs text-gray-500">{t("links.formula.noFunctions")}</p>
        ) : null}
        {groups.map((g) => (
          <section key={g.category} className="mb-2">
            <h4 className="px-1 text-[11px] font-semibold uppercase tracking-wide text-gray-500">
              {t(`links.formula.categories.${g.category}`)}
            </h4>
            <ul>
              {g.functions.map((f) => (
                <li key={f.name}>
                  <button
                    type="button"
                    aria-label={t("links.formula.insert", { name: f.name })}
                    title={`${f.syntax} — ${f.example}`}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setFocus(f)}
                    onFocus={() => setFocus(f)}
                    onClick={() => onInsert(f)}
                    className="flex w-full items-baseline gap-2 rounded px-1 py-0.5 text-start hover:bg-gray-100"
                  >
                    <span className="shrink-0 font-mono text-xs font-medium text-gray-900">{f.name}</span>
                    <span className="min-w-0 truncate text-xs text-gray-500">{describe(f)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {focus ? (
        <div className="border-t border-gray-100 px-1 pt-2 text-xs text-gray-600" data-testid="formula-function-detail">
          <p className="font-mono text-gray-900">{focus.syntax}</p>
          <p>{describe(focus)}</p>
          <p className="font-mono text-gray-500">{focus.example}</p>
        </div>
      ) : null}
    </div>
  );
}
