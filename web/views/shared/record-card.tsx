import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../api/types";
import type { Row } from "../../api/view-types";
import { codecFor } from "../../fields/codec";
import { ValueText } from "../../fields/common/value-text";
import { cellText } from "../../fields/locale-display";
import { coverUrl, type CoverFit } from "./cover";
import { colourOfRow, stripeOf } from "../colour/palette";

// A codec per column object, made once: cards are drawn many times while a gallery scrolls.
const codecs = new WeakMap<Column, ReturnType<typeof codecFor>>();
const codecOf = (c: Column) => codecs.get(c) ?? codecs.set(c, codecFor(c)).get(c)!;

/**
 * A record as a card: cover image, display value as its title, then the view's other shown fields
 * (those with a value, or all of them with fixedLines).
 */
export const RecordCard = memo(function RecordCard({
  row,
  pv,
  fields,
  cover,
  untitled,
  fit = "crop",
  fixedLines = false,
}: {
  row: Row;
  pv: Column | undefined;
  fields: readonly Column[];
  cover: Column | null;
  untitled: string;
  fit?: CoverFit;
  /** Every field keeps its line, empty or not: a gallery's cards in a row line up field by field. */
  fixedLines?: boolean;
}) {
  const { i18n } = useTranslation();
  const image = cover ? coverUrl(row[cover.title]) : null;
  // The same text the grid's cells show, in the reader's language.
  const textOf = (c: Column) => cellText(row[c.title], codecOf(c), i18n.language);
  const title = pv ? textOf(pv) : "";
  // A colour rule's colour (issue 37) as a stripe along the card's top.
  const colour = colourOfRow(row)?.row;
  return (
    <>
      {colour ? (
        <div
          aria-hidden="true"
          data-testid="card-colour"
          data-colour={colour}
          className="h-1.5 rounded-t-md"
          style={{ backgroundColor: stripeOf(colour) }}
        />
      ) : null}
      {cover ? (
        <div className="flex h-28 items-center justify-center overflow-hidden rounded-t-md bg-gray-100">
          {image ? (
            <img
              src={image}
              alt=""
              loading="lazy"
              data-fit={fit}
              className={`size-full ${fit === "fit" ? "object-contain" : "object-cover"}`}
            />
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-col gap-1 p-2 text-start">
        <p className="truncate text-sm font-medium text-gray-900">{title ? <ValueText text={title} /> : untitled}</p>
        {fields.map((c) => {
          const text = textOf(c);
          return text || fixedLines ? (
            <p key={c.id} className="flex gap-1 truncate text-xs text-gray-600">
              <span className="shrink-0 text-gray-400">{c.title}</span>
              <span className="truncate">
                <ValueText text={text} />
              </span>
            </p>
          ) : null;
        })}
      </div>
    </>
  );
});
