import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { editingText } from "../locale-display";
import type { EditorProps } from "../types";

export const INPUT_CLASS =
  "w-full rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900 outline-none focus:border-primary focus:ring-2 focus:ring-primary/30";
export const CELL_INPUT_CLASS = "h-full w-full bg-white px-2 text-sm text-gray-900 outline-none";

/** Enter commits, Tab commits and moves, Escape cancels (cell mode); the grid never sees them. */
export function cellKeys(
  e: KeyboardEvent,
  commit: (move?: "down" | "right" | "left") => void,
  cancel: () => void,
  enterCommits = true,
) {
  if (e.key === "Escape") {
    e.preventDefault();
    e.stopPropagation();
    cancel();
  } else if (e.key === "Tab") {
    e.preventDefault();
    e.stopPropagation();
    commit(e.shiftKey ? "left" : "right");
  } else if (e.key === "Enter" && (enterCommits || e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    e.stopPropagation();
    commit();
  } else {
    e.stopPropagation();
  }
}

/** A one-line text input: text types and numbers (the registry parses what is typed). */
export function TextEditor({
  value,
  codec,
  initialText,
  mode,
  onCommit,
  onCancel,
  onChange,
  id,
}: EditorProps & { inputMode?: "text" | "decimal" | "numeric" | "email" | "url" | "tel" }) {
  const { i18n } = useTranslation();
  const [text, setText] = useState(() => initialText ?? editingText(value, codec, i18n.language));
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (mode !== "cell") return;
    const el = ref.current;
    el?.focus();
    if (el && initialText === undefined) el.select();
  }, [mode, initialText]);
  return (
    <input
      ref={ref}
      id={id}
      aria-label={codec.column.title}
      className={mode === "cell" ? CELL_INPUT_CLASS : INPUT_CLASS}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.({ text: e.target.value });
      }}
      onKeyDown={mode === "cell" ? (e) => cellKeys(e, (move) => onCommit({ text }, move), onCancel) : undefined}
      onBlur={mode === "cell" ? () => onCommit({ text }) : undefined}
    />
  );
}
