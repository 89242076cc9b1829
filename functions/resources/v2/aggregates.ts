import { readListParams } from "../../../db/query";
import { badRequest } from "../../lib/http-error";
import { unwrap } from "../../lib/room";
import { readJson } from "../../lib/validate";
import { data, type Ctx } from "../data/context";
import { bulkItems, query, scope, tableId } from "./request";

/**
 * NocoDB v2's aggregates (nocodb-sdk `dbDataTableAggregate`, `dbDataTableBulkAggregate`): the
 * `fieldAggregates` read, one SQL statement each, on the project's SQLite or an external database.
 */

/**
 * The `aggregation` query as clients send it: a JSON array, `aggregation[]=` JSON items, or axios's
 * bracket form (`aggregation[0][field]=...&aggregation[0][type]=...`).
 */
function aggregationsOf(q: URLSearchParams): Array<{ field: string; type: string }> {
  const items: unknown[] = [];
  const parse = (text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw badRequest('aggregation must be JSON: [{"field": ..., "type": ...}]');
    }
  };
  const whole = q.get("aggregation");
  if (whole) {
    const value = parse(whole);
    items.push(...(Array.isArray(value) ? value : [value]));
  }
  for (const text of q.getAll("aggregation[]")) items.push(parse(text));
  const indexed = new Map<string, Record<string, string>>();
  for (const [key, value] of q) {
    const m = /^aggregation\[(\d+)\]\[(field|type)\]$/.exec(key);
    if (m) indexed.set(m[1]!, { ...indexed.get(m[1]!), [m[2]!]: value });
  }
  items.push(...indexed.values());
  if (items.length === 0) throw badRequest('aggregation is required: [{"field": ..., "type": ...}]');
  return items.map((item, i) => {
    const { field, type } = (item ?? {}) as Record<string, unknown>;
    if (typeof field !== "string" || typeof type !== "string")
      throw badRequest(`aggregation ${i + 1}: field and type are required`);
    return { field, type };
  });
}

/** Sums, averages and counts of fields over the matching records, keyed by field title. */
export async function aggregate(c: Ctx) {
  const q = query(c);
  const aggregations = aggregationsOf(q);
  const where = readListParams(q).where;
  return c.json(
    await unwrap(
      data(c).read({
        op: "fieldAggregates",
        table: tableId(c),
        aggregations,
        where,
        scope: { ...scope(c), filterArrJson: q.get("filterArrJson") || undefined },
        linkCounts: true,
      }),
    ),
  );
}

/** `where` texts ANDed, each kept whole (a text's own `~or` stays inside its group). */
function allOf(...texts: Array<string | undefined>): string | undefined {
  const given = texts.filter((t): t is string => !!t?.trim());
  return given.length <= 1 ? given[0] : given.map((t) => `(${t})`).join("~and");
}

/** A `filterArrJson` as text: NocoDB takes the list itself or its JSON. */
function filtersText(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return JSON.stringify(value);
  throw badRequest(`${what}: filterArrJson must be a list of filters`);
}

/** Two filter lists ANDed: each as a group, so neither's own logical operators reach the other. */
function bothFilters(a: string | undefined, b: string | undefined, what: string): string | undefined {
  if (!a || !b) return a ?? b;
  const parse = (text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw badRequest(`${what}: filterArrJson must be JSON`);
    }
  };
  return JSON.stringify([
    { is_group: true, logical_op: "and", children: parse(a) },
    { is_group: true, logical_op: "and", children: parse(b) },
  ]);
}

/**
 * Several filters' aggregates at once (NocoDB's `POST .../bulk/aggregate`, the grid footer of
 * grouped rows): the query's `aggregation`, `where`, `filterArrJson` and `viewId` apply to each
 * item `{alias, where?, filterArrJson?}`, whose own filters narrow it further. Each alias answers
 * the values keyed by field id, as NocoDB's (its single `aggregate` keys by title). One read each:
 * an item's refusal answers for the whole request.
 */
export async function bulkAggregate(c: Ctx) {
  const q = query(c);
  const aggregations = aggregationsOf(q);
  const where = readListParams(q).where;
  const shared = q.get("filterArrJson") || undefined;
  const out: Record<string, unknown> = {};
  for (const { alias, q: own, item } of bulkItems(await readJson(c))) {
    const filterArrJson = bothFilters(shared, filtersText(item.filterArrJson, alias), alias);
    out[alias] = await unwrap(
      data(c).read({
        op: "fieldAggregates",
        table: tableId(c),
        aggregations,
        where: allOf(where, own.get("where") ?? undefined),
        scope: { ...scope(c), filterArrJson },
        keyedBy: "id",
        linkCounts: true,
      }),
    );
  }
  return c.json(out, 201);
}
