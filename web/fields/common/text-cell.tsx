import { useTranslation } from "react-i18next";
import { cellText } from "../locale-display";
import type { CellProps } from "../types";
import { ValueText } from "./value-text";

const TEXT = "block min-w-0 text-sm text-gray-800";

export function textClass(wrap: boolean): string {
  return wrap ? `${TEXT} line-clamp-3 whitespace-pre-wrap break-words` : `${TEXT} truncate`;
}

/** Plain text through the registry's formatText (text types, geometry...); dates and times in the reader's language. */
export function TextCell({ value, codec, wrap }: CellProps) {
  const { i18n } = useTranslation();
  const text = cellText(value, codec, i18n.language);
  return text === "" ? null : (
    <span className={textClass(wrap)}>
      <ValueText text={text} />
    </span>
  );
}

/** Numbers: right-aligned and tabular. */
export function NumberCell({ value, codec }: CellProps) {
  const { i18n } = useTranslation();
  const text = cellText(value, codec, i18n.language);
  return text === "" ? null : (
    <span className="ms-auto block truncate text-end text-sm tabular-nums text-gray-800">
      <ValueText text={text} />
    </span>
  );
}
