import { useEffect, useRef, useState } from "react";
import type { EditorProps } from "../types";
import { CELL_INPUT_CLASS, cellKeys, INPUT_CLASS } from "./text-editor";

export type PickerKind = "date" | "datetime-local" | "time";

/** The API value as the native input wants it: YYYY-MM-DD, YYYY-MM-DDTHH:mm[:ss], HH:mm[:ss]. */
export function pickerText(kind: PickerKind, value: unknown): string {
  if (typeof value !== "string" || value === "") return "";
  if (kind === "date") return value.slice(0, 10);
  if (kind === "time") return value.slice(0, 8);
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(value);
  return m ? `${m[1]}T${m[2]}` : "";
}

/** The input's text as an API value: DateTime without an offset is UTC (API-CONTRACT 1.11). */
export function pickerValue(kind: PickerKind, text: string): string | null {
  if (text === "") return null;
  return kind === "datetime-local" ? text.replace("T", " ") : text;
}

/** Native date, date-time and time inputs (values in UTC, as the API keeps them). */
export function pickerEditor(kind: PickerKind) {
  return function PickerEditor({ value, codec, mode, onCommit, onCancel, onChange, id }: EditorProps) {
    const [text, setText] = useState(() => pickerText(kind, value));
    const ref = useRef<HTMLInputElement>(null);
    useEffect(() => {
      if (mode === "cell") ref.current?.focus();
    }, [mode]);
    const out = (t: string) => ({ value: pickerValue(kind, t) });
    return (
      <input
        ref={ref}
        id={id}
        type={kind}
        step={kind === "date" ? undefined : 1}
        aria-label={codec.column.title}
        className={mode === "cell" ? CELL_INPUT_CLASS : INPUT_CLASS}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange?.(out(e.target.value));
        }}
        onKeyDown={mode === "cell" ? (e) => cellKeys(e, (move) => onCommit(out(text), move), onCancel) : undefined}
        onBlur={mode === "cell" ? () => onCommit(out(text)) : undefined}
      />
    );
  };
}
