/** What lookups and rollups share: the link they go through and the linked table's column they read. */
import { bad } from "../../errors";
import { throughLink } from "../../query/through-link";
import { linkOptions } from "../LinkToAnotherRecord";
import { fieldType } from "../registry";
import type { UIType } from "../types";
import type { SqlCtx } from "./types";

/** A lookup's or rollup's linked records (`from`) and the target column's value in them (`t`). */
export function throughTarget({ model, col, alias, names, depth, column }: SqlCtx) {
  const { schema } = names;
  const o = JSON.parse(col.colOptions ?? "{}") as Record<string, string>;
  const through = fieldType(col.uidt as UIType).computed!.through!(o);
  const rel = schema.columns(model.id).find((c) => c.id === through.relation)!;
  const related = schema.model(linkOptions(rel).fk_related_model_id);
  const target = schema.columns(related.id).find((c) => c.id === through.target)!;
  const inner = names.next();
  const from = throughLink(model, rel, alias, inner, names);
  const t = column(related, target, inner, names, depth + 1);
  return { o, from, t };
}

/** A text setting the create payload must carry. */
export const required = (v: unknown, name: string): string => {
  if (typeof v !== "string" || !v) throw bad(`${name} is required`);
  return v;
};
