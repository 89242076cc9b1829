import { isScriptUrl } from "../../lib/safe-navigation";
import type { CellProps } from "../types";
import { textClass } from "./text-cell";

/** The link a cell's text opens, or null: mailto for e-mail, tel for phones, http(s) for URLs. */
export function hrefFor(kind: "email" | "url" | "phone", text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  if (kind === "email") return `mailto:${t}`;
  if (kind === "phone") return `tel:${t.replace(/[^\d+]/g, "")}`;
  if (isScriptUrl(t)) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(t) ? t : `https://${t}`;
  return /^https?:/i.test(withScheme) ? withScheme : null;
}

export function linkCell(kind: "email" | "url" | "phone") {
  return function LinkCell({ value, codec, wrap }: CellProps) {
    const text = codec.toText(value);
    const href = hrefFor(kind, text);
    if (!text) return null;
    if (!href) return <span className={textClass(wrap)}>{text}</span>;
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={`${textClass(wrap)} text-primary underline decoration-primary/30 hover:decoration-primary`}
        onMouseDown={(e) => e.stopPropagation()}
      >
        {text}
      </a>
    );
  };
}
