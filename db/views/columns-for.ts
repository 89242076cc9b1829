import { bad } from "../errors";
import { servesView } from "../fields/registry";
import type { ViewUse } from "../fields/types";
import type { ColumnRow } from "../store/schema";

/** Columns a view builds on (a kanban's stacks, a calendar's dates, a cover), as the registry allows. */
const USE_TEXT: Record<ViewUse, string> = {
  stack: "a single select field",
  calendar: "a Date or DateTime field",
  cover: "an Attachment field",
  duration: "a Number or Decimal field (days)",
};

export function columnFor(cols: readonly ColumnRow[], id: unknown, use: ViewUse, field: string): ColumnRow {
  const c = cols.find((x) => x.id === id);
  if (!c) throw bad(`${field}: column '${String(id)}' is not a column of this table`);
  if (!servesView(c.uidt, use)) throw bad(`${field}: '${c.title}' is not ${USE_TEXT[use]}`);
  return c;
}

export const firstFor = (cols: readonly ColumnRow[], use: ViewUse) => cols.find((c) => servesView(c.uidt, use));
