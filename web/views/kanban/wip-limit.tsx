/** The builder's control of a stack's work-in-progress limit: a number, or empty for none. */
import { Gauge } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Popover } from "../grid/ui/popover";

const MAX = 100_000;

export function WipLimit({
  name,
  limit,
  onChange,
}: {
  name: string;
  limit: number | null;
  onChange(limit: number | null): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(limit === null ? "" : String(limit));
  const value = text.trim() === "" ? null : Number(text);
  const valid = value === null || (Number.isInteger(value) && value >= 1 && value <= MAX);
  return (
    <Popover
      label={t("views.kanban.wipLimitOf", { name })}
      button={<Gauge aria-hidden="true" className="size-3.5" />}
      buttonClass={`rounded p-0.5 hover:bg-gray-200 ${limit === null ? "text-gray-400" : "text-gray-700"}`}
      panelClass="w-60 p-3"
    >
      {(close) => (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            onChange(value);
            close();
          }}
        >
          <label className="flex flex-col gap-1 text-sm text-gray-700">
            {t("views.kanban.wipLimit")}
            <input
              autoFocus
              type="number"
              min={1}
              max={MAX}
              step={1}
              inputMode="numeric"
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="rounded-md border border-gray-300 px-2 py-1 text-sm"
              aria-invalid={!valid}
            />
          </label>
          <p className={`text-xs ${valid ? "text-gray-500" : "text-red-600"}`}>
            {valid ? t("views.kanban.wipLimitHint") : t("views.kanban.wipLimitBad", { max: MAX })}
          </p>
          <button
            type="submit"
            disabled={!valid}
            className="self-end rounded-md bg-primary px-3 py-1 text-sm font-medium text-white disabled:opacity-50"
          >
            {t("views.kanban.wipLimitSave")}
          </button>
        </form>
      )}
    </Popover>
  );
}
