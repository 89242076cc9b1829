import { Palette, Plus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ColourRulesInput } from "../../../db/views/colour-settings";
import type { ColourRulesAnswer } from "./use-colour-rules";
import { servesView } from "../../../db/fields/registry";
import type { Column } from "../../api/types";
import type { Filter } from "../../api/view-types";
import { INPUT_CLASS } from "../../fields/common/text-editor";
import { fromSaved, toFilterArr, type FilterNode } from "../grid/logic/filters";
import { FilterLevel } from "../grid/toolbar/filter-level";
import { MENU_ITEM, Popover, TOOL_BUTTON } from "../grid/ui/popover";
import { COLOUR_PALETTE, stripeOf, type PaletteColour } from "./palette";

interface Draft {
  key: string;
  id?: string;
  colour: PaletteColour;
  target: "row" | "cell";
  columnId?: string;
  filters: FilterNode[];
}

let seq = 0;
const SMALL = `${INPUT_CLASS} py-1 text-xs`;

function drafts(rules: ColourRulesAnswer | undefined): Draft[] {
  return (rules?.rules ?? []).map((r) => ({
    key: r.id,
    id: r.id,
    colour: r.colour,
    target: r.target,
    columnId: r.fk_column_id ?? undefined,
    filters: fromSaved(r.filters as unknown as Filter[]),
  }));
}

interface ColourMenuProps {
  rules: ColourRulesAnswer | undefined;
  columns: readonly Column[];
  /** Editors and up change the rules; others see the colours only. */
  canEdit: boolean;
  onSave(body: ColourRulesInput): Promise<boolean>;
}

/**
 * The Colour menu of a view's toolbar (issue 37): ordered rules (the first that matches a row
 * colours it), each a colour, a target (the row or one field's cell) and conditions built with
 * the filter builder; and "colour records by a select field". Saved with one button.
 */
export function ColourMenu({ rules, columns, canEdit, onSave }: ColourMenuProps) {
  const { t } = useTranslation();
  const active = (rules?.rules.length ?? 0) + (rules?.fk_select_column_id ? 1 : 0);
  if (!canEdit) return null;
  return (
    <Popover
      label={t("colour.menu")}
      button={
        <>
          <Palette aria-hidden="true" className="size-4" />
          {active > 0 ? t("colour.active", { n: active }) : t("colour.button")}
        </>
      }
      buttonClass={`${TOOL_BUTTON} ${active > 0 ? "bg-primary/10" : ""}`}
      panelClass="w-[42rem] max-w-[calc(100vw-1rem)]"
    >
      {(close) => <ColourPanel rules={rules} columns={columns} onSave={onSave} close={close} />}
    </Popover>
  );
}

function ColourPanel({ rules, columns, onSave, close }: Omit<ColourMenuProps, "canEdit"> & { close: () => void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<Draft[]>(() => drafts(rules));
  const [bySelect, setBySelect] = useState(rules?.fk_select_column_id ?? "");
  const selects = columns.filter((c) => servesView(c.uidt, "stack"));
  const set = (key: string, patch: Partial<Draft>) =>
    setList((l) => l.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const save = async () => {
    const ok = await onSave({
      rules: list.map((d) => ({
        id: d.id,
        colour: d.colour,
        target: d.target,
        fk_column_id: d.target === "cell" ? (d.columnId ?? columns[0]?.id) : null,
        filters: toFilterArr(d.filters, columns) as NonNullable<ColourRulesInput["rules"]>[number]["filters"],
      })),
      fk_select_column_id: bySelect || null,
    });
    if (ok) close();
  };
  return (
    <div className="flex flex-col gap-3" data-testid="colour-panel">
      {list.length === 0 ? <p className="px-1 text-xs text-gray-500">{t("colour.none")}</p> : null}
      {list.map((d, i) => (
        <div
          key={d.key}
          className="flex flex-col gap-2 rounded-md border border-gray-200 p-2"
          data-testid="colour-rule"
        >
          <div className="flex flex-wrap items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-4 shrink-0 rounded-full"
              style={{ backgroundColor: stripeOf(d.colour) }}
            />
            <select
              aria-label={t("colour.colour", { n: i + 1 })}
              className={`${SMALL} w-28`}
              value={d.colour}
              onChange={(e) => set(d.key, { colour: e.target.value as PaletteColour })}
            >
              {COLOUR_PALETTE.map((c) => (
                <option key={c} value={c}>
                  {t(`colour.palette.${c}`)}
                </option>
              ))}
            </select>
            <select
              aria-label={t("colour.target", { n: i + 1 })}
              className={`${SMALL} w-40`}
              value={d.target === "row" ? "" : (d.columnId ?? "")}
              onChange={(e) =>
                set(d.key, e.target.value ? { target: "cell", columnId: e.target.value } : { target: "row" })
              }
            >
              <option value="">{t("colour.wholeRow")}</option>
              {columns.map((c) => (
                <option key={c.id} value={c.id}>
                  {t("colour.cellOf", { field: c.title })}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="ms-auto rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
              aria-label={t("colour.remove", { n: i + 1 })}
              onClick={() => setList((l) => l.filter((x) => x.key !== d.key))}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
          <FilterLevel
            tree={d.filters}
            nodes={d.filters}
            parentKey={null}
            depth={0}
            columns={columns}
            onChange={(filters) => set(d.key, { filters })}
          />
        </div>
      ))}
      <button
        type="button"
        className={MENU_ITEM}
        onClick={() =>
          setList((l) => [
            ...l,
            {
              key: `new${++seq}`,
              colour: COLOUR_PALETTE[l.length % COLOUR_PALETTE.length]!,
              target: "row",
              filters: [],
            },
          ])
        }
      >
        <Plus aria-hidden="true" className="size-4" />
        {t("colour.add")}
      </button>
      {selects.length > 0 ? (
        <label className="flex items-center gap-2 border-t border-gray-100 pt-2 text-xs text-gray-600">
          {t("colour.bySelect")}
          <select className={`${SMALL} w-40`} value={bySelect} onChange={(e) => setBySelect(e.target.value)}>
            <option value="">{t("colour.bySelectNone")}</option>
            {selects.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="flex justify-end border-t border-gray-100 pt-2">
        <button
          type="button"
          className="rounded-md bg-primary px-3 py-1 text-xs font-medium text-white hover:bg-primary/90"
          onClick={() => void save()}
        >
          {t("colour.save")}
        </button>
      </div>
    </div>
  );
}
