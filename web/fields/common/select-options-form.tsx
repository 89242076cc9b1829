import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { SELECT_PALETTE } from "../../../db/fields/common/select";
import type { SelectOption } from "../../api/types";
import { Button } from "../../components/ui/button";
import { IconButton } from "../../components/ui/icon-button";
import { toColorInputValue } from "../../lib/theme";
import type { OptionsFormProps } from "../types";

/** SingleSelect and MultiSelect options: title and colour each; add, remove and reorder. */
export function SelectOptionsForm({ options, onChange }: OptionsFormProps) {
  const { t } = useTranslation();
  const list = Array.isArray(options.options) ? (options.options as SelectOption[]) : [];
  // The server sorts by `order`, so every change renumbers it to the list position.
  const set = (next: SelectOption[]) => onChange({ ...options, options: next.map((o, i) => ({ ...o, order: i + 1 })) });
  const update = (i: number, patch: Partial<SelectOption>) =>
    set(list.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const move = (i: number, delta: number) => {
    const next = [...list];
    const [item] = next.splice(i, 1);
    next.splice(i + delta, 0, item!);
    set(next);
  };
  // "Add option" puts the cursor in the new option's name, so typing goes there.
  const box = useRef<HTMLFieldSetElement>(null);
  const focusTitle = useRef<number | null>(null);
  useEffect(() => {
    if (focusTitle.current === null) return;
    box.current?.querySelectorAll<HTMLInputElement>("input[data-option-title]")[focusTitle.current]?.focus();
    focusTitle.current = null;
  });
  const add = () => {
    focusTitle.current = list.length;
    set([...list, { title: "", color: SELECT_PALETTE[list.length % SELECT_PALETTE.length] }]);
  };

  return (
    <fieldset ref={box} className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-gray-700">{t("fields.options.selectOptions")}</legend>
      {list.length === 0 ? <p className="text-xs text-gray-500">{t("fields.options.noOptions")}</p> : null}
      {list.map((opt, i) => (
        <div key={i} className="flex items-center gap-2">
          <input
            type="color"
            aria-label={t("fields.options.optionColour", { n: i + 1 })}
            value={toColorInputValue(opt.color || SELECT_PALETTE[i % SELECT_PALETTE.length]!)}
            onChange={(e) => update(i, { color: e.target.value })}
            className="h-8 w-9 shrink-0 cursor-pointer rounded border border-gray-300 bg-white p-0.5"
          />
          <input
            aria-label={t("fields.options.optionTitle", { n: i + 1 })}
            data-option-title
            value={opt.title}
            onChange={(e) => update(i, { title: e.target.value })}
            className="min-w-0 flex-1 rounded-md border border-gray-300 px-2 py-1.5 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
          />
          <IconButton
            label={t("fields.options.moveUp", { n: i + 1 })}
            icon={ArrowUp}
            disabled={i === 0}
            onClick={() => move(i, -1)}
          />
          <IconButton
            label={t("fields.options.moveDown", { n: i + 1 })}
            icon={ArrowDown}
            disabled={i === list.length - 1}
            onClick={() => move(i, 1)}
          />
          <IconButton
            label={t("fields.options.remove", { n: i + 1 })}
            icon={Trash2}
            tone="danger"
            onClick={() => set(list.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <div>
        <Button variant="secondary" onClick={add} className="px-3 py-1.5">
          <Plus aria-hidden="true" className="size-4" />
          {t("fields.options.addOption")}
        </Button>
      </div>
    </fieldset>
  );
}
