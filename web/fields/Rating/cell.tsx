import { Star } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CellProps, EditorProps } from "../types";

const maxOf = (options: Record<string, unknown>) => (typeof options.max === "number" ? options.max : 5);

/** Stars as text (cheap: hundreds of cells are on screen). */
export function RatingCell({ value, codec }: CellProps) {
  const { t } = useTranslation();
  const n = Math.max(0, Number(value) || 0);
  const max = maxOf(codec.ctx.options);
  return (
    <span role="img" aria-label={t("grid.cell.rating", { value: n, max })} className="truncate text-sm tracking-wider">
      <span className="text-amber-400">{"★".repeat(Math.min(n, max))}</span>
      <span className="text-gray-300">{"★".repeat(Math.max(0, max - n))}</span>
    </span>
  );
}

/** Stars to click; a digit key sets the rating, 0 clears it. */
export function RatingEditor({ value, codec, initialText, mode, onCommit, onCancel, onChange, id }: EditorProps) {
  const { t } = useTranslation();
  const max = maxOf(codec.ctx.options);
  const [current, setCurrent] = useState(Number(value) || 0);
  const [hover, setHover] = useState<number | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const pick = (n: number) => {
    setCurrent(n);
    if (mode === "form") onChange?.({ value: n === 0 ? null : n });
    else onCommit({ value: n === 0 ? null : n });
  };
  useEffect(() => {
    if (mode !== "cell") return;
    if (initialText !== undefined && /^\d$/.test(initialText)) onCommit({ text: initialText });
    else ref.current?.focus();
  }, [mode, initialText, onCommit]);
  return (
    <div
      ref={ref}
      id={id}
      role="group"
      tabIndex={-1}
      aria-label={codec.column.title}
      className="flex h-full items-center gap-0.5 bg-white px-2 outline-none"
      onKeyDown={(e) => {
        e.stopPropagation();
        if (/^\d$/.test(e.key)) pick(Math.min(max, Number(e.key)));
        else if (e.key === "Escape") onCancel();
        else if (e.key === "Enter") pick(current);
      }}
    >
      {Array.from({ length: max }, (_, i) => (
        <button
          key={i}
          type="button"
          aria-label={t("grid.cell.rateAs", { value: i + 1 })}
          onMouseEnter={() => setHover(i + 1)}
          onMouseLeave={() => setHover(null)}
          onClick={() => pick(current === i + 1 ? 0 : i + 1)}
        >
          <Star
            aria-hidden="true"
            className={`size-4 ${i < (hover ?? current) ? "fill-amber-400 text-amber-400" : "text-gray-300"}`}
          />
        </button>
      ))}
    </div>
  );
}
