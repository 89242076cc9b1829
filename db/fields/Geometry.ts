import { NO_OPTIONS } from "./common/options";
import { show } from "./common/result";
import { byDialect } from "./common/storage";
import { textType } from "./common/text";

/**
 * Well-known text, checked loosely (the database does the real parsing). Rules: an optional
 * "SRID=n;" prefix, a geometry keyword, an optional Z/M/ZM, then EMPTY or a balanced parenthesised
 * body; outside GEOMETRYCOLLECTION the body holds only numbers, signs, dots, commas and spaces.
 */
const SHAPE =
  /^(?:SRID=\d+;\s*)?(POINT|LINESTRING|POLYGON|MULTIPOINT|MULTILINESTRING|MULTIPOLYGON|GEOMETRYCOLLECTION)(?:\s*(?:ZM|Z|M))?\s*(EMPTY|\(.*\))$/is;

function balanced(body: string): boolean {
  let depth = 0;
  for (const ch of body) {
    if (ch === "(") depth++;
    else if (ch === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

export function isWkt(text: string): boolean {
  const m = SHAPE.exec(text);
  if (!m) return false;
  const [, kind = "", body = ""] = m;
  if (body.toUpperCase() === "EMPTY") return true;
  if (!balanced(body)) return false;
  return kind.toUpperCase() === "GEOMETRYCOLLECTION" || /^[\d\s.,()+eE-]+$/.test(body);
}

export const GeometryField = textType({
  index: "none",
  uidt: "Geometry",
  options: NO_OPTIONS,
  storage: byDialect("TEXT", "text", "text"),
  trim: true,
  // Formulas have no functions for it: its text means something only to the database.
  inFormulas: false,
  check: (text, ctx) => (isWkt(text) ? null : `${ctx.title}: ${show(text)} is not WKT geometry (e.g. POINT(1 2))`),
});
