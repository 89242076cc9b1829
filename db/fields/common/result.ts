/** Small helpers every field module uses to build results and messages. */
import type { Result, Stored } from "../types";

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** A null result, for absent input. */
export const NONE: Result<Stored> = { ok: true, value: null };

/** null, undefined and "" count as "no value" on input (FieldType.fromApi). */
export function isNone(value: unknown): value is null | undefined | "" {
  return value === null || value === undefined || value === "";
}

/** A value as quoted in an error message: strings in double quotes, long values shortened. */
export function show(value: unknown): string {
  let text: string;
  if (typeof value === "string") text = JSON.stringify(value);
  else if (typeof value === "number" || typeof value === "boolean") text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
