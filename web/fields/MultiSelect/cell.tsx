import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OptionList } from "../common/option-list";
import { Chips, optionsOf, splitTitles } from "../common/select-chips";
import type { CellProps, EditorProps } from "../types";

export function MultiSelectCell({ value, codec, wrap }: CellProps) {
  const titles = splitTitles(value);
  return titles.length === 0 ? null : <Chips titles={titles} codec={codec} wrap={wrap} />;
}

/**
 * Options toggle on click. Over a cell each pick is saved as it is made (as Airtable, NocoDB and
 * Baserow do): Enter, Tab or a click elsewhere closes the list and Escape only closes it. In the
 * expanded record the chosen chips show, and the list opens only on demand.
 */
export function MultiSelectEditor({
  value,
  codec,
  initialText,
  mode,
  onCommit,
  onCancel,
  onChange,
  onSave,
  id,
}: EditorProps) {
  const { t } = useTranslation();
  const options = optionsOf(codec);
  const [selected, setSelected] = useState(() => new Set(splitTitles(value)));
  const [open, setOpen] = useState(false);
  const ordered = (set: ReadonlySet<string>) =>
    options
      .map((o) => o.title)
      .filter((t) => set.has(t))
      .join(",");
  const toggle = (title: string) => {
    const next = new Set(selected);
    if (next.has(title)) next.delete(title);
    else next.add(title);
    setSelected(next);
    onChange?.({ value: ordered(next) || null });
    if (mode === "cell") onSave?.({ value: ordered(next) || null });
  };
  const list = (
    <OptionList
      options={options}
      selected={selected}
      label={codec.column.title}
      initialQuery={initialText}
      autoFocus={mode === "cell" || open}
      multiple
      commitOnLeave={mode === "cell"}
      onPick={toggle}
      onDone={(commit) => {
        if (mode === "form") return setOpen(false);
        return commit ? onCommit({ value: ordered(selected) || null }) : onCancel();
      }}
    />
  );
  if (mode === "cell") return list;
  const titles = [...selected];
  return (
    <div
      className="relative flex flex-col gap-1"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        id={id}
        type="button"
        aria-expanded={open}
        aria-label={t("grid.editor.chooseOptions", { title: codec.column.title })}
        className="flex min-h-8 w-full items-center gap-2 rounded-md border border-gray-300 bg-white px-2 py-1 text-start hover:border-gray-400"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="min-w-0 flex-1">
          {titles.length > 0 ? (
            <Chips titles={options.map((o) => o.title).filter((x) => selected.has(x))} codec={codec} wrap />
          ) : (
            <span className="text-sm text-gray-400">{t("grid.editor.noValue")}</span>
          )}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
      </button>
      {open ? list : null}
    </div>
  );
}
