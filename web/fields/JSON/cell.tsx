import { MultilineEditor } from "../common/multiline-editor";
import { textClass } from "../common/text-cell";
import type { CellProps, EditorProps } from "../types";

export function JsonCell({ value, wrap }: CellProps) {
  if (value === null || value === undefined) return null;
  return <span className={`${textClass(wrap)} font-mono text-xs`}>{JSON.stringify(value)}</span>;
}

/** JSON pretty-printed in a multi-line editor; the registry checks it on save. */
export function JsonEditor(props: EditorProps) {
  return (
    <MultilineEditor
      {...props}
      monospace
      textOf={(v) => (v === null || v === undefined ? "" : JSON.stringify(v, null, 2))}
    />
  );
}
