import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Chip, type OptionLook } from "./select-chips";
import { INPUT_CLASS } from "./text-editor";

interface OptionListProps {
  options: readonly OptionLook[];
  selected: ReadonlySet<string>;
  label: string;
  initialQuery?: string;
  autoFocus: boolean;
  /** Several options may be picked (the query clears after each pick). */
  multiple?: boolean;
  onPick(title: string): void;
  /** Enter with nothing highlighted, or Escape. */
  onDone(commit: boolean): void;
  /** The focus left the list (a click elsewhere): commit, as spreadsheets do. */
  commitOnLeave?: boolean;
}

/** A filterable list of options: type to narrow, arrows to move, Enter to pick. */
export function OptionList({
  options,
  selected,
  label,
  initialQuery,
  autoFocus,
  multiple,
  onPick,
  onDone,
  commitOnLeave,
}: OptionListProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(initialQuery ?? "");
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const shown = options.filter((o) => o.title.toLowerCase().includes(query.trim().toLowerCase()));
  const pick = (title: string) => {
    onPick(title);
    if (multiple) {
      setQuery("");
      setActive(0);
    }
  };
  return (
    <div
      className="flex w-60 flex-col gap-1 rounded-md border border-gray-200 bg-white p-2 shadow-lg"
      onBlur={(e) => {
        if (commitOnLeave && !e.currentTarget.contains(e.relatedTarget as Node | null)) onDone(true);
      }}
    >
      <input
        ref={input}
        aria-label={t("grid.editor.searchOptions", { title: label })}
        placeholder={t("grid.editor.searchOptionsHint")}
        className={INPUT_CLASS}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === "ArrowDown") setActive((a) => Math.min(shown.length - 1, a + 1));
          else if (e.key === "ArrowUp") setActive((a) => Math.max(0, a - 1));
          else if (e.key === "Enter") {
            e.preventDefault();
            const hit = shown[active];
            if (hit && query.trim() !== "") pick(hit.title);
            else onDone(true);
          } else if (e.key === "Escape") {
            e.preventDefault();
            onDone(false);
          } else if (e.key === "Tab") {
            e.preventDefault();
            onDone(true);
          }
        }}
      />
      <ul role="listbox" aria-label={label} aria-multiselectable={multiple} className="max-h-56 overflow-y-auto">
        {shown.length === 0 ? <li className="px-2 py-1 text-xs text-gray-500">{t("grid.editor.noOptions")}</li> : null}
        {shown.map((o, i) => (
          <li key={o.title} role="option" aria-selected={selected.has(o.title)}>
            <button
              type="button"
              className={`flex w-full items-center gap-2 rounded px-2 py-1 text-start ${i === active ? "bg-gray-100" : "hover:bg-gray-50"}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(o.title)}
            >
              <Check
                aria-hidden="true"
                className={`size-3.5 ${selected.has(o.title) ? "text-primary" : "invisible"}`}
              />
              <Chip {...o} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
