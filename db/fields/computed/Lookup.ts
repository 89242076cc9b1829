import { jsonList, listElements, textList, type ListOrder } from "../../query/computed-sql";
import { apiValue, parsed } from "../../query/computed-value";
import { fromDialectValue } from "../../query/dialect-values";
import { computedResultType } from "../../query/result-type";
import { sql } from "../../query/sql";
import { fieldType } from "../registry";
import type { UIType } from "../types";
import { required, throughTarget } from "./through-target";
import type { Compiled, ComputedHooks, Decoder, SqlCtx } from "./types";
import { dialectOf } from "../../query/dialects";

/**
 * The target column of each linked record: hm/mm a JSON array (flattened when the target is
 * itself a list), filters seeing the values joined with ", "; bt the single value.
 */
function lookupSql({ model, col, alias, names, depth, column }: SqlCtx): Compiled {
  const { d } = names;
  const { from, t } = throughTarget({ model, col, alias, names, depth, column });
  const filterAs = computedResultType({
    uidt: "Lookup",
    many: !from.single,
    target: t.filterAs,
    targetIsList: t.kind === "list",
  });
  if (from.single) {
    return {
      scalar: sql`(SELECT ${t.scalar} ${from.sql})`,
      value: sql`(SELECT ${t.value} ${from.sql})`,
      kind: t.kind,
      json: t.json,
      filterAs,
      filterOptions: filterAs === t.filterAs ? t.filterOptions : undefined,
      stored: t.stored,
    };
  }
  const order: ListOrder = from.order;
  const list = t.kind === "list" ? listElements(d, t.value, from, order) : jsonList(d, t.value, t.json, from, order);
  return {
    scalar: textList(d, t.scalar, from, order),
    value: list,
    kind: "list",
    json: true,
    filterAs,
    stored: t.stored,
  };
}

/** A lookup's values: each as its stored column's type reads it. */
const lookupDecoder: Decoder = (_schema, d, _col, compiled) => {
  const native = dialectOf(d).canonicalValues;
  const stored = compiled.kind === "single" && !compiled.json && !native ? compiled.stored : undefined;
  const items = compiled.kind === "list" && !native ? compiled.stored : undefined;
  const person = Boolean(fieldType(compiled.filterAs)?.writtenBy);
  return (raw) => {
    if (raw === null || raw === undefined) return null;
    // A list's items come in the database's JSON forms (pg timestamps, MariaDB 0/1): each through its type.
    if (items) {
      const list = parsed(raw);
      return Array.isArray(list) ? list.map((item) => (item === null ? null : apiValue(items, item, d))) : list;
    }
    // Other dialects answer in their own forms (pg numerics as text, dates as Date): the stored form first.
    if (stored) return apiValue(stored, fromDialectValue(stored.uidt as UIType, raw, d), "sqlite");
    if (typeof raw === "string" && (raw.startsWith("[") || (person && raw.startsWith("{")))) {
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    }
    return raw;
  };
};

export const LookupHooks: ComputedHooks = {
  sql: lookupSql,
  decode: lookupDecoder,
  settings({ opts, relation, target: targetOf }) {
    const rel = relation(required(opts.fk_relation_column_id, "fk_relation_column_id"));
    const target = targetOf(rel, required(opts.fk_lookup_column_id, "fk_lookup_column_id"), "fk_lookup_column_id");
    return { fk_relation_column_id: rel.id, fk_lookup_column_id: target.id };
  },
};
