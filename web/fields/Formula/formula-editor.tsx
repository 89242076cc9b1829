/**
 * The formula field's editor: the text, field suggestions after `{`, the argument hint of the
 * call under the cursor, the check as typed, and the function list (click to insert).
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FORMULA_FUNCTIONS } from "../../../db/formula";
import { formulaRawOf } from "../../links/computed-field-settings";
import type { OptionsFormProps } from "../types";
import {
  argHint,
  callAt,
  completeRef,
  functionNamed,
  insertCall,
  refAt,
  suggestFields,
  type Edit,
} from "./formula-text";
import { FunctionList } from "./function-list";
import { functionDescription } from "./function-description";
import { useFormulaCheck } from "./use-formula-check";

const AREA =
  "w-full rounded-md border border-gray-300 bg-white px-3 py-2 font-mono text-sm text-gray-900 outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-invalid:border-red-400";

export function FormulaEditor({ options, onChange, table, column }: OptionsFormProps) {
  const { t } = useTranslation();
  const columns = table?.columns ?? [];
  const statusId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const pendingCursor = useRef<number | null>(null);
  const text = typeof options.formula_raw === "string" ? options.formula_raw : "";
  const [cursor, setCursor] = useState(text.length);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  // The stored formula names columns by id: show it with the current titles, once on opening.
  const synced = useRef(false);
  useEffect(() => {
    if (synced.current || !column) return;
    synced.current = true;
    const current = formulaRawOf(column, columns);
    if (current && current !== options.formula_raw) onChange({ ...options, formula_raw: current });
  }, [column, columns, options, onChange]);

  const setText = (next: string, nextCursor?: number) => {
    onChange({ ...options, formula_raw: next });
    if (nextCursor !== undefined) pendingCursor.current = nextCursor;
  };
  useLayoutEffect(() => {
    const at = pendingCursor.current;
    if (at === null || !area.current) return;
    pendingCursor.current = null;
    area.current.focus();
    area.current.setSelectionRange(at, at);
    setCursor(at);
  });

  const ref = refAt(text, cursor);
  const suggestions =
    ref && dismissedAt !== ref.start
      ? suggestFields(
          columns.filter((c) => c.id !== column?.id),
          ref.query,
        )
      : [];
  const open = suggestions.length > 0;
  const choice = suggestions[Math.min(active, suggestions.length - 1)];
  const accept = (title: string) => {
    if (!ref) return;
    const edit: Edit = completeRef(text, ref, cursor, title);
    setText(edit.text, edit.cursor);
    setActive(0);
  };

  // Escape closes the suggestions, not the dialog (Radix listens on the document, before us).
  const refStart = ref?.start ?? null;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || document.activeElement !== area.current) return;
      e.stopPropagation();
      e.preventDefault();
      setDismissedAt(refStart);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open, refStart]);

  const call = callAt(text, cursor);
  const info = call ? functionNamed(FORMULA_FUNCTIONS, call.name) : undefined;
  const check = useFormulaCheck(text, columns, column);
  const track = () => setCursor(area.current?.selectionStart ?? 0);

  return (
    <div className="flex flex-col gap-2">
      <label className="text-sm font-medium text-gray-700" htmlFor={`${statusId}-area`}>
        {t("links.formula.label")}
      </label>
      <div className="relative">
        <textarea
          ref={area}
          id={`${statusId}-area`}
          rows={3}
          spellCheck={false}
          className={AREA}
          value={text}
          placeholder={t("links.formula.placeholder")}
          aria-invalid={check?.ok === false}
          aria-describedby={statusId}
          aria-autocomplete="list"
          onChange={(e) => {
            setText(e.target.value);
            setCursor(e.target.selectionStart);
          }}
          onSelect={track}
          onKeyUp={track}
          onClick={track}
          onKeyDown={(e) => {
            if (!open) return;
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              const n = suggestions.length;
              setActive((a) => (Math.min(a, n - 1) + (e.key === "ArrowDown" ? 1 : n - 1)) % n);
            } else if ((e.key === "Enter" || e.key === "Tab") && choice) {
              e.preventDefault();
              accept(choice);
            }
          }}
        />
        {open ? (
          <ul
            role="listbox"
            aria-label={t("links.formula.suggestions")}
            className="absolute start-0 top-full z-10 mt-1 max-h-48 w-64 overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
          >
            {suggestions.map((title) => (
              <li key={title} role="option" aria-selected={title === choice}>
                <button
                  type="button"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => accept(title)}
                  className={`block w-full truncate px-3 py-1 text-start text-sm ${title === choice ? "bg-primary/10 text-primary" : "text-gray-800 hover:bg-gray-50"}`}
                >
                  {title}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {info && call ? (
        <p className="text-xs text-gray-600" data-testid="formula-hint">
          <span className="font-mono">
            {argHint(info, call.argIndex).map((p, i) =>
              p.active ? (
                <strong key={i} className="text-primary">
                  {p.text}
                </strong>
              ) : (
                <span key={i}>{p.text}</span>
              ),
            )}
          </span>
          <span className="ms-2 text-gray-500">{functionDescription(t, info)}</span>
        </p>
      ) : null}
      <p
        id={statusId}
        role="status"
        data-testid="formula-check"
        className={`text-xs ${check?.ok === false ? "text-red-600" : "text-gray-500"}`}
      >
        {check === null
          ? t("links.formula.hint")
          : check.ok
            ? t("links.formula.valid", { type: t(`links.formula.types.${check.type}`) })
            : check.error}
      </p>
      <FunctionList
        functions={FORMULA_FUNCTIONS}
        onInsert={(f) => {
          const el = area.current;
          const edit = insertCall(text, el?.selectionStart ?? text.length, el?.selectionEnd ?? text.length, f.name);
          setText(edit.text, edit.cursor);
        }}
      />
    </div>
  );
}
