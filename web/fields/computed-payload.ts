/**
 * What the field editor sends for a link, lookup, rollup or formula (API-CONTRACT 4.3), from each
 * type's `settings` (web/fields/<Type>/settings.ts). Rules:
 * - a new field's settings go at the top level of the create payload, next to its name;
 * - once made, a field keeps its settings: an edit sends the name and what the type adds (a
 *   formula its text, a belongs-to link `rqd`), never meta or colOptions, so the server keeps them.
 */
import type { VirtualUIType } from "../../db/fields/types";
import type { Column, ColumnPayload } from "../api/types";
import { FIELD_UI } from "./registry";
import type { ComputedSettings, VirtualProblem } from "./types";

const settingsOf = (uidt: VirtualUIType): ComputedSettings => FIELD_UI[uidt].settings!;

/** What must still be chosen before the field can be saved, or null. */
export function virtualProblem(uidt: VirtualUIType, options: Record<string, unknown>): VirtualProblem | null {
  return settingsOf(uidt).problem(options);
}

/** The create or update payload of a virtual field. */
export function virtualPayload(
  uidt: VirtualUIType,
  title: string,
  options: Record<string, unknown>,
  original?: Column,
  rqd = false,
): ColumnPayload {
  const settings = settingsOf(uidt);
  if (original) return { title, uidt, ...settings.edit?.(options, original, rqd) };
  return { title, column_name: title, uidt, ...settings.create(options) };
}
