import type { ColumnCodec } from "../codec";

export interface OptionLook {
  title: string;
  color: string;
}

/** The column's options (title and colour) from its settings. */
export function optionsOf(codec: ColumnCodec): OptionLook[] {
  const list = codec.ctx.options.options;
  if (!Array.isArray(list)) return [];
  return list.map((o: { title?: unknown; color?: unknown }) => ({
    title: String(o.title ?? ""),
    color: typeof o.color === "string" ? o.color : "#eeeeee",
  }));
}

export function Chip({ title, color }: OptionLook) {
  return (
    <span
      className="inline-block max-w-full shrink-0 truncate rounded-full px-2 py-0.5 text-xs text-gray-800"
      style={{ backgroundColor: color }}
    >
      {title}
    </span>
  );
}

/** Chips for titles; a title that is not an option (old data) shows grey. */
export function Chips({ titles, codec, wrap }: { titles: readonly string[]; codec: ColumnCodec; wrap: boolean }) {
  const looks = new Map(optionsOf(codec).map((o) => [o.title, o.color]));
  return (
    <span className={`flex min-w-0 gap-1 ${wrap ? "flex-wrap" : "overflow-hidden"}`}>
      {titles.map((title) => (
        <Chip key={title} title={title} color={looks.get(title) ?? "#eeeeee"} />
      ))}
    </span>
  );
}

export function splitTitles(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value !== "string" || value === "") return [];
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
