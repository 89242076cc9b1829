import { MultilineEditor } from "../common/multiline-editor";
import type { EditorProps } from "../types";

export function LongTextEditor(props: EditorProps) {
  return <MultilineEditor {...props} textOf={(v) => props.codec.toText(v)} />;
}
