import { z } from "zod";
import type { FieldContext, FieldType, Result, Stored } from "./types";
import { ATTACHMENT_OPS } from "./common/ops";
import { NONE, fail, isNone, ok } from "./common/result";
import { byDialect } from "./common/storage";
import {
  MAX_ATTACHMENTS_PER_CELL,
  attachmentsFromText,
  attachmentsText,
  normaliseAttachment,
  storedPaths,
  storedPathsSql,
  type Attachment,
} from "./common/attachments";
import { FORM_INPUTS } from "./form-inputs";

/** Stored as JSON text of an array, returned parsed (API-CONTRACT 1.11); an empty list is no value. */
const options = z.looseObject({ maxFiles: z.int().min(1).optional() });
type Options = z.output<typeof options>;

function accept(value: unknown, ctx: FieldContext<Options>): Result<Stored> {
  const list = Array.isArray(value) ? value : value && typeof value === "object" ? [value] : null;
  if (!list) return fail(`${ctx.title}: expected a list of attachments`);
  const items: Attachment[] = [];
  for (const [i, raw] of list.entries()) {
    const item = normaliseAttachment(raw, i, ctx.title);
    if (!item.ok) return item;
    items.push(item.value);
  }
  const max = ctx.options.maxFiles ?? MAX_ATTACHMENTS_PER_CELL;
  if (items.length > max) return fail(`${ctx.title}: ${items.length} files are above the maximum of ${max}`);
  return items.length === 0 ? NONE : ok(JSON.stringify(items));
}

function fromText(text: string, ctx: FieldContext<Options>): Result<Stored> {
  const parsed = attachmentsFromText(text);
  return parsed === undefined ? fail(`${ctx.title}: expected a list of attachments`) : accept(parsed, ctx);
}

export const AttachmentField: FieldType<Options> = {
  uidt: "Attachment",
  virtual: false,
  kind: "attachment",
  readOnly: false,
  formInput: FORM_INPUTS.Attachment,
  systemOnly: false,
  search: "likeWhenNamed",
  index: "none",
  importsDisplayText: false,
  viewUses: ["cover"],
  groupable: false,
  options,
  storage: byDialect("TEXT", "text", "text"),
  filterOps: ATTACHMENT_OPS,
  fromApi: (value, ctx) =>
    isNone(value) ? NONE : typeof value === "string" ? fromText(value, ctx) : accept(value, ctx),
  toApi(stored) {
    if (stored === null) return null;
    try {
      const parsed: unknown = JSON.parse(String(stored));
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  },
  parseText: (text, ctx) => (text.trim() === "" ? NONE : fromText(text, ctx)),
  formatText: (stored) => (stored === null ? "" : String(stored)),
  exportText: (stored, _ctx, env) => (stored === null ? "" : attachmentsText(stored, env)),
  storedFiles: storedPaths,
  storedFilesSql: storedPathsSql,
};
