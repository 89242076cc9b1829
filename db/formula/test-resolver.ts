/** A small resolver for the unit tests: one column per formula type, plus an unsupported one. */
import { ident } from "../query/sql";
import type { FormulaResolver, ValueType } from "./types";

const COLUMNS: Record<string, ValueType | "unsupported"> = {
  Qty: "number",
  Price: "number",
  Name: "string",
  Notes: "string",
  Done: "boolean",
  Due: "date",
  Seen: "datetime",
  Files: "unsupported",
};

export const testResolver: FormulaResolver = (title) => {
  const type = COLUMNS[title];
  if (!type) return undefined;
  if (type === "unsupported") return { type, uidt: "Attachment" };
  return { type, sql: (d) => ident(d, title.toLowerCase()) };
};
