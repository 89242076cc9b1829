import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EditorProps } from "../types";
import { cellKeys, INPUT_CLASS } from "./text-editor";

interface MultilineProps extends EditorProps {
  /** The text to edit for a value (JSON pretty-prints). */
  textOf(value: unknown): string;
  monospace?: boolean;
}

/**
 * A multi-line editor (long text, JSON): Enter adds a line; Ctrl/Cmd+Enter, Save or a click
 * outside it (say on "+ New record") saves and closes; Escape cancels what is being typed. Over a
 * cell it opens larger than the cell.
 */
export function MultilineEditor({
  value,
  codec,
  initialText,
  mode,
  onCommit,
  onCancel,
  onChange,
  id,
  textOf,
  monospace,
}: MultilineProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => initialText ?? textOf(value));
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (mode !== "cell") return;
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [mode]);
  const font = monospace ? "font-mono text-xs" : "text-sm";
  const area = (
    <textarea
      ref={ref}
      id={id}
      aria-label={codec.column.title}
      className={`${INPUT_CLASS} ${font} ${mode === "cell" ? "h-40 resize-none" : "min-h-24"}`}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.({ text: e.target.value });
      }}
      onKeyDown={mode === "cell" ? (e) => cellKeys(e, (move) => onCommit({ text }, move), onCancel, false) : undefined}
    />
  );
  if (mode === "form") return area;
  return (
    <div
      className="flex w-80 flex-col gap-2 rounded-md border border-gray-200 bg-white p-2 shadow-lg"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onCommit({ text });
      }}
    >
      {area}
      <div className="flex justify-end gap-2">
        <button type="button" className="rounded px-2 py-1 text-xs text-gray-600 hover:bg-gray-100" onClick={onCancel}>
          {t("common.cancel")}
        </button>
        <button
          type="button"
          className="rounded bg-primary px-2 py-1 text-xs text-white hover:bg-primary/90"
          onClick={() => onCommit({ text })}
        >
          {t("grid.editor.save")}
        </button>
      </div>
    </div>
  );
}
