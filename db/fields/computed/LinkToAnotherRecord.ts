import { jsonList, jsonPair, textList } from "../../query/computed-sql";
import { apiValue, parsed } from "../../query/computed-value";
import { computedResultType } from "../../query/result-type";
import { ident, sql } from "../../query/sql";
import { display, linkKey, throughLink } from "../../query/through-link";
import { linkOptions } from "../LinkToAnotherRecord";
import type { Compiled, ComputedHooks, Decoder, SqlCtx } from "./types";

/** The most linked records a row reads at once (the link routes page the rest). */
export const LINKS_PER_ROW = 25;

/**
 * The linked records as a JSON array of [key, display value], at most LINKS_PER_ROW of them,
 * lowest key first (bt: one pair or NULL); filters and sorts see the display values joined with
 * ", " (bt: the single display value), NULL when there is none.
 */
function linkSql({ model, col: rel, alias, names, depth, column }: SqlCtx): Compiled {
  const { schema, d } = names;
  const o = linkOptions(rel);
  const related = schema.model(o.fk_related_model_id);
  const relCols = schema.columns(related.id);
  const inner = names.next();
  const from = throughLink(model, rel, alias, inner, names);
  const pv = column(related, display(relCols), inner, names, depth + 1);
  // The same link under a second alias, for dialects that find the n-th key in a sub-query.
  const nth = throughLink(model, rel, alias, `${inner}_n`, names);
  const pair = jsonPair(d, sql`${ident(d, inner)}.${ident(d, linkKey(names.schema, rel).columnName!)}`, pv.scalar);
  const filterAs = computedResultType({ uidt: "LinkToAnotherRecord", many: !from.single });
  if (from.single)
    return {
      scalar: sql`(SELECT ${pv.scalar} ${from.sql})`,
      value: sql`(SELECT ${pair} ${from.sql})`,
      kind: "single",
      json: true,
      filterAs,
    };
  return {
    scalar: textList(d, pv.scalar, from, from.order),
    value: jsonList(d, pair, true, from, from.order, { n: LINKS_PER_ROW, from: nth, order: nth.order }),
    // Every linked record counted, however many (the value above stops at LINKS_PER_ROW).
    count: sql`(SELECT COUNT(*) ${from.sql})`,
    kind: "list",
    json: true,
    filterAs,
  };
}

/** A link's records as `{key, display}` objects: one (belongs-to) or a list. */
const linkDecoder: Decoder = (schema, d, col) => {
  const o = linkOptions(col);
  const relCols = schema.columns(o.fk_related_model_id);
  const k = linkKey(schema, col);
  const pv = display(relCols);
  const record = (pair: unknown[]) => ({
    [k.title]: pair[0],
    ...(pv.id !== k.id ? { [pv.title]: apiValue(pv, pair[1], d) } : {}),
  });
  if (o.type === "bt") return (raw) => (raw === null ? null : record(parsed(raw) as unknown[]));
  return (raw) => (raw === null ? [] : (parsed(raw) as unknown[][]).map(record));
};

export const LinkToAnotherRecordHooks: ComputedHooks = { sql: linkSql, decode: linkDecoder };
