import type { CellProps } from "../types";

const TEXT = "block min-w-0 text-sm text-gray-800";

export function textClass(wrap: boolean): string {
  return wrap ? `${TEXT} line-clamp-3 whitespace-pre-wrap break-words` : `${TEXT} truncate`;
}

/** Plain text through the registry's formatText (text types, dates, times, geometry...). */
export function TextCell({ value, codec, wrap }: CellProps) {
  const text = codec.toText(value);
  return text === "" ? null : <span className={textClass(wrap)}>{text}</span>;
}

/** Numbers: right-aligned and tabular. */
export function NumberCell({ value, codec }: CellProps) {
  const text = codec.toText(value);
  return text === "" ? null : <span className="ms-auto block truncate text-end text-sm tabular-nums text-gray-800">{text}</span>;
}

/** Computed and linked values: read-only text. */
export function VirtualCell({ value, codec, wrap }: CellProps) {
  const text = codec.toText(value);
  return text === "" ? null : <span className={`${textClass(wrap)} text-gray-600`}>{text}</span>;
}
