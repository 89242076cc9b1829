import { daysBetween, movedTo, type Span } from "./scale";

type Row = Record<string, unknown>;
export type Edge = "move" | "start" | "end";

/** The titles of the fields a timeline places a record by. */
export interface Placing {
  start: string;
  end?: string | null;
  duration?: string | null;
}

/**
 * What a bar's new span writes, and what it was (for undo). Rules: a move shifts the start and,
 * when the record has one, its end (a time of day is kept); the start edge changes the start only
 * (and the duration, so the end stays); the end edge changes the end (set even where there was
 * none) or the duration; a move never changes a duration.
 */
export function patchFor(row: Row, span: Span, edge: Edge, f: Placing): { patch: Row; before: Row } {
  const patch: Row = {};
  const before: Row = {};
  if (edge !== "end") {
    patch[f.start] = movedTo(row[f.start], span.first);
    before[f.start] = row[f.start] ?? null;
  }
  if (f.end && (edge === "end" || (edge === "move" && row[f.end]))) {
    patch[f.end] = movedTo(row[f.end] ?? row[f.start], span.last);
    before[f.end] = row[f.end] ?? null;
  }
  if (f.duration && edge !== "move") {
    patch[f.duration] = daysBetween(span.first, span.last) + 1;
    before[f.duration] = row[f.duration] ?? null;
  }
  return { patch, before };
}
