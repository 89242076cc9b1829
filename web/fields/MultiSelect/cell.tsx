import { useState } from "react";
import { OptionList } from "../common/option-list";
import { Chips, optionsOf, splitTitles } from "../common/select-chips";
import type { CellProps, EditorProps } from "../types";

export function MultiSelectCell({ value, codec, wrap }: CellProps) {
  const titles = splitTitles(value);
  return titles.length === 0 ? null : <Chips titles={titles} codec={codec} wrap={wrap} />;
}

/** Options toggle on click; Enter or Tab commits the set, Escape cancels. */
export function MultiSelectEditor({ value, codec, initialText, mode, onCommit, onCancel, onChange }: EditorProps) {
  const options = optionsOf(codec);
  const [selected, setSelected] = useState(() => new Set(splitTitles(value)));
  const ordered = (set: ReadonlySet<string>) => options.map((o) => o.title).filter((t) => set.has(t)).join(",");
  const toggle = (title: string) => {
    const next = new Set(selected);
    if (next.has(title)) next.delete(title);
    else next.add(title);
    setSelected(next);
    onChange?.({ value: ordered(next) || null });
  };
  return (
    <OptionList
      options={options}
      selected={selected}
      label={codec.column.title}
      initialQuery={initialText}
      autoFocus={mode === "cell"}
      multiple
      onPick={toggle}
      onDone={(commit) => (commit ? onCommit({ value: ordered(selected) || null }) : onCancel())}
    />
  );
}
