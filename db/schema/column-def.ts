import { z } from "zod";
import { MAX_META_CHARS, metaFits, metaLimit, tooBigMeta } from "../limits";
import { newId } from "../ids";
import { fieldType, parseOptions, keyOf, typeNamed } from "../fields/registry";
import type { UIType } from "../fields/types";
import type { ColumnRow } from "../store/schema";
import { bad } from "../errors";
import { checkColumnTitle, physicalName, quoteIdent } from "./names";

/** A column as the API receives it (contract 4.2 NewColumn / 4.3). Unknown GUI keys are ignored. */
export const columnInput = z
  .object({
    title: z.string().optional(),
    column_name: z.string().optional(),
    uidt: z.string().optional(),
    dt: z.string().max(100).nullish(),
    pk: z.union([z.boolean(), z.number()]).nullish(),
    ai: z.union([z.boolean(), z.number()]).nullish(),
    pv: z.union([z.boolean(), z.number()]).nullish(),
    rqd: z.union([z.boolean(), z.number()]).nullish(),
    unique: z.union([z.boolean(), z.number()]).nullish(),
    cdf: z.union([z.string(), z.number(), z.boolean()]).nullish(),
    meta: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
    colOptions: metaLimit(z.record(z.string(), z.unknown()), "colOptions").nullish(),
    description: z.string().max(2000).nullish(),
    dtxp: z.union([z.string(), z.number()]).nullish(),
  })
  .passthrough();

export type ColumnInput = z.infer<typeof columnInput>;

const flag = (v: unknown) => (v ? 1 : 0);

function metaObject(meta: ColumnInput["meta"]): Record<string, unknown> {
  if (!meta) return {};
  if (!metaFits(meta)) throw bad(tooBigMeta("meta"));
  if (typeof meta !== "string") return meta;
  try {
    const parsed = JSON.parse(meta);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed;
  } catch {
    /* fall through */
  }
  throw bad("meta must be a JSON object");
}

/** The type a column input names, by its name or an alias the registry gives it (`Links`). */
export function checkUidt(uidt: unknown): UIType {
  const type = typeNamed(uidt);
  if (!type) throw bad(`uidt: unknown field type '${String(uidt)}'`);
  return type;
}

/** Validated type settings: meta merged with colOptions, in the registry's schema. */
export function checkOptions(
  uidt: UIType,
  title: string,
  meta: Record<string, unknown>,
  colOptions: Record<string, unknown>,
) {
  const res = parseOptions(uidt, { ...meta, ...colOptions });
  if (!res.ok) throw bad(`${title}: ${res.error}`);
  return res.value as Record<string, unknown>;
}

/**
 * Contract 4.3: a column created with `dtxp` (`'a','b'`) and no `colOptions` takes its options
 * from it, coloured from the default palette. The type's options schema reads `dtxp`; what it
 * derives is stored as the column's options, so reads need no `dtxp` afterwards.
 */
export function optionsFromDtxp(
  uidt: UIType,
  title: string,
  meta: Record<string, unknown>,
  dtxp: unknown,
): Record<string, unknown> {
  if (typeof dtxp !== "string" || !dtxp.trim()) return {};
  const derived = parseOptions(uidt, { ...meta, dtxp });
  if (derived.ok) {
    const options = (derived.value as { options?: unknown }).options;
    return Array.isArray(options) && options.length ? { options } : {};
  }
  // Types that do not read dtxp (a decimal's precision) ignore it; a bad option list is refused.
  if (parseOptions(uidt, meta).ok) throw bad(`${title}: ${derived.error}`);
  return {};
}

/** The stored default of a column, validated by its type (`Default value 'x' is not a select option.`). */
export function checkDefault(
  uidt: UIType,
  title: string,
  options: Record<string, unknown>,
  cdf: ColumnInput["cdf"],
): string | null {
  if (cdf === null || cdf === undefined || cdf === "") return null;
  if (typeof cdf === "string" && cdf.length > MAX_META_CHARS)
    throw bad(`Default value exceeds ${MAX_META_CHARS} characters`);
  const res = fieldType(uidt).fromApi(cdf, { title, options });
  if (!res.ok) throw bad(`Default value '${String(cdf)}' is not valid: ${res.error}`);
  return res.value === null ? null : String(res.value);
}

/**
 * Builds the meta row of a new column: checks title, type, options and default, and gives it a
 * physical name unique among `takenNames`.
 */
export function buildColumn(
  input: ColumnInput,
  modelId: string,
  order: number,
  takenNames: Iterable<string>,
  now: string,
): ColumnRow {
  const title = checkColumnTitle(input.title ?? input.column_name);
  const uidt = checkUidt(input.uidt ?? "SingleLineText");
  const meta = metaObject(input.meta);
  const colOptions = input.colOptions ?? optionsFromDtxp(uidt, title, meta, input.dtxp);
  const options = checkOptions(uidt, title, meta, colOptions);
  const virtual = fieldType(uidt).virtual;
  return {
    id: newId("cl_"),
    modelId,
    title,
    columnName: virtual ? null : physicalName(input.column_name || title, takenNames, "field"),
    uidt,
    dt: virtual ? null : (input.dt ?? fieldType(uidt).storage("sqlite", options)),
    pk: flag(input.pk),
    pv: flag(input.pv),
    ai: flag(input.ai),
    rqd: flag(input.rqd),
    unique: flag(input.unique),
    system: 0,
    cdf: checkDefault(uidt, title, options, input.cdf),
    meta: JSON.stringify(meta),
    colOptions: Object.keys(colOptions).length ? JSON.stringify(colOptions) : null,
    description: input.description ?? null,
    order,
    createdAt: now,
    updatedAt: now,
  };
}

/** Column DDL for the project's SQLite: the registry's storage type; the id column is the rowid. */
export function columnDdl(c: ColumnRow): string {
  if (keyOf(c.uidt) === "primary") return `${quoteIdent(c.columnName!)} INTEGER PRIMARY KEY AUTOINCREMENT`;
  const type = fieldType(c.uidt as UIType).storage("sqlite", optionsOf(c));
  return `${quoteIdent(c.columnName!)} ${type ?? "TEXT"}`;
}

export function optionsOf(c: ColumnRow): Record<string, unknown> {
  const raw = { ...JSON.parse(c.meta), ...(c.colOptions ? JSON.parse(c.colOptions) : {}) };
  const res = parseOptions(c.uidt as UIType, raw);
  return res.ok ? (res.value as Record<string, unknown>) : raw;
}
