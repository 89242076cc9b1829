import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isScriptUrl } from "../../lib/safe-navigation";
import type { CellProps } from "../types";
import { textClass } from "./text-cell";
import { ValueText } from "./value-text";

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

/**
 * A click on the text selects the cell like any other (so copy copies it); the link opens from
 * the small icon beside it, or with Ctrl/Cmd+click on the text.
 */
export function linkCell(kind: "email" | "url" | "phone") {
  return function LinkCell({ value, codec, wrap }: CellProps) {
    const { t } = useTranslation();
    const text = codec.toText(value);
    const href = hrefFor(kind, text);
    if (!text) return null;
    if (!href)
      return (
        <span className={textClass(wrap)}>
          <ValueText text={text} />
        </span>
      );
    return (
      <span className="flex min-w-0 items-center gap-1">
        <span
          className={`${textClass(wrap)} text-primary underline decoration-primary/30`}
          onClick={(e) => {
            if (e.ctrlKey || e.metaKey) window.open(href, "_blank", "noopener,noreferrer");
          }}
        >
          <ValueText text={text} />
        </span>
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t("grid.cell.openLink", { link: text })}
          title={t("grid.cell.openLink", { link: text })}
          className="shrink-0 rounded p-0.5 text-gray-400 hover:bg-gray-100 hover:text-primary"
          onMouseDown={(e) => e.stopPropagation()}
        >
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </span>
    );
  };
}
