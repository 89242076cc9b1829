/**
 * A question's validation rules (rules.ts `validation`) checked on one answer. An empty answer
 * passes: whether it may be empty is the required rule's business (required.ts). The result names
 * what failed and the limit, so the visitor's form words it in the reader's language and the
 * server in English; the builder's own message, when written, replaces both.
 */
import type { ValueKind } from "../../fields/types";
import { isEmptyValue } from "./required";
import type { FieldValidation } from "./rules";

export type Problem =
  | { code: "min" | "max" | "minLength" | "maxLength" | "minDate" | "maxDate"; limit: string | number }
  | { code: "pattern" }
  | { code: "fileType"; limit: string; file: string }
  | { code: "fileSize"; limit: number; file: string }
  | { code: "fileCount"; limit: number };

/** What a file answer holds: the visitor's File objects, or the stored items on the server. */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

const toNumber = (v: unknown) =>
  typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;

function fileOf(x: unknown): FileLike | null {
  if (!x || typeof x !== "object") return null;
  const o = x as Record<string, unknown>;
  const name = String(o.name ?? o.title ?? "");
  return { name, type: String(o.type ?? o.mimetype ?? ""), size: Number(o.size ?? 0) };
}

function typeAllowed(file: FileLike, allowed: readonly string[]): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return allowed.some((a) =>
    a.startsWith(".") ? name.endsWith(a) : a.endsWith("/*") ? type.startsWith(a.slice(0, -1)) : type === a,
  );
}

function checkFiles(v: FieldValidation, value: unknown): Problem | null {
  const files = (Array.isArray(value) ? value : [value]).map(fileOf).filter((f): f is FileLike => f !== null);
  if (v.maxFiles && files.length > v.maxFiles) return { code: "fileCount", limit: v.maxFiles };
  for (const f of files) {
    if (v.fileTypes?.length && !typeAllowed(f, v.fileTypes))
      return { code: "fileType", limit: v.fileTypes.join(", "), file: f.name };
    if (v.maxFileMB && f.size > v.maxFileMB * 1024 * 1024)
      return { code: "fileSize", limit: v.maxFileMB, file: f.name };
  }
  return null;
}

/** The first rule an answer breaks, or null. */
export function validationProblem(kind: ValueKind, v: FieldValidation, value: unknown): Problem | null {
  if (isEmptyValue(value)) return null;
  if (kind === "attachment") return checkFiles(v, value);
  if (kind === "number") {
    const n = toNumber(value);
    const min = toNumber(v.min);
    const max = toNumber(v.max);
    if (!Number.isNaN(n) && !Number.isNaN(min) && n < min) return { code: "min", limit: min };
    if (!Number.isNaN(n) && !Number.isNaN(max) && n > max) return { code: "max", limit: max };
    return null;
  }
  if (kind === "date" || kind === "datetime") {
    const day = String(value).slice(0, 10);
    const min = typeof v.min === "string" ? v.min.slice(0, 10) : null;
    const max = typeof v.max === "string" ? v.max.slice(0, 10) : null;
    if (min && day < min) return { code: "minDate", limit: min };
    if (max && day > max) return { code: "maxDate", limit: max };
    return null;
  }
  if (kind === "text" && typeof value === "string") {
    const length = [...value].length;
    const min = toNumber(v.min);
    const max = toNumber(v.max);
    if (!Number.isNaN(min) && length < min) return { code: "minLength", limit: min };
    if (!Number.isNaN(max) && length > max) return { code: "maxLength", limit: max };
    if (v.pattern) {
      let re: RegExp;
      try {
        re = new RegExp(`^(?:${v.pattern})$`, "u");
      } catch {
        return null; // refused when saved (rules.ts rulesProblem); an old bad one is not the visitor's fault
      }
      if (!re.test(value)) return { code: "pattern" };
    }
  }
  return null;
}

/** The server's words for a problem: the builder's message, or a default naming the question. */
export function problemMessage(label: string, v: FieldValidation, p: Problem): string {
  if (v.message) return v.message;
  switch (p.code) {
    case "min":
      return `${label} must be at least ${p.limit}`;
    case "max":
      return `${label} must be at most ${p.limit}`;
    case "minLength":
      return `${label} must be at least ${p.limit} characters`;
    case "maxLength":
      return `${label} must be at most ${p.limit} characters`;
    case "minDate":
      return `${label} must be on or after ${p.limit}`;
    case "maxDate":
      return `${label} must be on or before ${p.limit}`;
    case "pattern":
      return `${label} is not in the expected format`;
    case "fileType":
      return `${label}: ${p.file} is not an allowed file type (${p.limit})`;
    case "fileSize":
      return `${label}: ${p.file} is larger than ${p.limit} MB`;
    case "fileCount":
      return `${label}: at most ${p.limit} files`;
  }
}
