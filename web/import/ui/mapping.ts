/**
 * Mapping source columns onto an existing table. Rules:
 * - targets are the table's stored, user-editable columns (no key, system, person, link or computed ones);
 * - a source column starts mapped to the target with the same name (ignoring case, also after
 *   the import's name cleaning), each target taken once; otherwise it is skipped ("");
 * - the import is refused while a required column (SPEC 5) is left unmapped:
 *   "Missing required columns: a, b".
 */
import { cleanName } from "../../../db/import/names";
import { missingRequiredMessage, unmappedRequired } from "../../../db/import/rows";
import { IMPORT_TYPES } from "../../../db/fields/registry";
import type { Column } from "../../api/types";

export type Mapping = string[];

export function mappableColumns(columns: readonly Column[]): Column[] {
  return columns.filter((c) => !c.pk && !c.system && (IMPORT_TYPES as readonly string[]).includes(c.uidt));
}

export function initialMapping(headers: readonly string[], targets: readonly Column[]): Mapping {
  const used = new Set<string>();
  const find = (name: string) =>
    targets.find((c) => !used.has(c.title) && c.title.toLowerCase() === name.toLowerCase());
  return headers.map((h) => {
    const hit = find(h.trim()) ?? find(cleanName(h));
    if (!hit) return "";
    used.add(hit.title);
    return hit.title;
  });
}

/** The "Missing required columns: ..." message, or null when every required column is mapped. */
export function mappingProblem(mapping: Mapping, columns: readonly Column[]): string | null {
  const missing = unmappedRequired(columns, mapping.filter(Boolean));
  return missing.length ? missingRequiredMessage(missing) : null;
}

/** A target may be picked for only one source column. */
export function duplicateTargets(mapping: Mapping): Set<string> {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const t of mapping) if (t) (seen.has(t) ? dup : seen).add(t);
  return dup;
}

export const mappingPairs = (mapping: Mapping) =>
  mapping.flatMap((title, source) => (title ? [{ source, title }] : []));
