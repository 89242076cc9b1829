import { z } from "zod";

/** Share options a builder sets (contract 4.5 `meta`); unknown keys are refused, colours are CSS hex. */
const colour = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, "must be a hex colour like #3366ff");

export const shareMetaInput = z
  .object({
    allowCSVDownload: z.boolean().optional(),
    surveyMode: z.boolean().optional(),
    rtl: z.boolean().optional(),
    withTheme: z.boolean().optional(),
    theme: z.object({ primaryColor: colour.optional(), accentColor: colour.optional() }).strict().nullable().optional(),
    transitionDuration: z.number().int().min(0).max(10_000).optional(),
    groupingFieldColumn: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .strict();

export type ShareMeta = z.infer<typeof shareMetaInput>;

export const updateShareInput = z
  .object({
    password: z.string().max(128, "must be at most 128 characters").nullable().optional(),
    meta: z.union([shareMetaInput, z.string()]).optional(),
  })
  .strict();

/** `meta` as the GUI may send it: an object or its JSON text. */
export function readShareMeta(value: ShareMeta | string): ShareMeta {
  if (typeof value !== "string") return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error("meta is not valid JSON");
  }
  const r = shareMetaInput.safeParse(parsed);
  if (!r.success) throw new Error(`meta: ${r.error.issues[0]?.message ?? "invalid"}`);
  return r.data;
}

export const DEFAULT_SHARE_META: ShareMeta = { allowCSVDownload: true };
