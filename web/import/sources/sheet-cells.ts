/**
 * SheetJS cells to import cells. Rules:
 * - text → its text; booleans → booleans; errors and empty cells → no value;
 * - a number whose format is a date format is a date: `YYYY-MM-DD`, with `HH:mm:ss` when it has
 *   a time of day; a time alone (no day) is read as its display text;
 * - other numbers keep their value with the display text; a formatted cell's display text is
 *   rebuilt from its number format when the reader left it plain (ODS), so "$" stays visible.
 */
import type { CellObject } from "xlsx";
import type { Cell } from "../../../db/import/cells";

export interface Ssf {
  is_date(fmt: string): boolean;
  parse_date_code(v: number): { y: number; m: number; d: number; H: number; M: number; S: number } | null;
  format(fmt: string, v: number): string;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

function serialDate(v: number, ssf: Ssf): string | null {
  const p = ssf.parse_date_code(v);
  if (!p || v < 1) return null;
  const day = `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}`;
  return Number.isInteger(v) ? day : `${day} ${pad(p.H)}:${pad(p.M)}:${pad(p.S)}`;
}

function isoOfDate(d: Date): string {
  const day = `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time =
    d.getHours() || d.getMinutes() || d.getSeconds()
      ? ` ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
      : "";
  return day + time;
}

function display(c: CellObject, ssf: Ssf): string {
  const w = c.w ?? String(c.v ?? "");
  if (c.t !== "n" || !c.z || c.z === "General" || typeof c.v !== "number") return w;
  if (w !== String(c.v)) return w;
  try {
    return ssf.format(String(c.z), c.v);
  } catch {
    return w;
  }
}

export function sheetCell(c: CellObject | undefined, ssf: Ssf): Cell {
  if (!c || c.v === undefined || c.v === null) return null;
  switch (c.t) {
    case "s":
      return String(c.v);
    case "b":
      return Boolean(c.v);
    case "d": {
      const d = c.v instanceof Date ? c.v : new Date(String(c.v));
      return Number.isNaN(d.getTime()) ? String(c.w ?? c.v) : { d: isoOfDate(d), w: c.w ?? isoOfDate(d) };
    }
    case "n": {
      const v = c.v as number;
      if (c.z && c.z !== "General" && ssf.is_date(String(c.z))) {
        const d = serialDate(v, ssf);
        return d ? { d, w: display(c, ssf) } : (c.w ?? String(v));
      }
      return { n: v, w: display(c, ssf) };
    }
    default:
      return null;
  }
}

/** The text of a header cell. */
export function headerText(c: CellObject | undefined, ssf: Ssf): string {
  if (!c || c.v === undefined || c.v === null) return "";
  return c.t === "s" ? String(c.v) : display(c, ssf);
}
