import { z } from "zod";
import { EMBED_ORIGIN, SUBMIT_ACCESS } from "../../lib/share-rules";

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
    /** The link stops working at this moment (ISO 8601 with a zone); null: never. */
    expiresAt: z.iso
      .datetime({ offset: true, error: "expiresAt must be an ISO date and time such as 2026-12-31T23:59:00Z" })
      .nullable()
      .optional(),
    /** Other sites may frame the visitor's page: all of them when `embedOrigins` is empty. */
    allowEmbed: z.boolean().optional(),
    embedOrigins: z
      .array(
        z
          .string()
          .trim()
          .regex(EMBED_ORIGIN, "each site must be an origin such as https://example.com or https://*.example.com"),
      )
      .max(20, "at most 20 sites")
      .optional(),
    /** Who may submit a shared form: anyone, signed-in users, or the project's members. */
    submitAccess: z
      .enum(SUBMIT_ACCESS, { error: `submitAccess must be one of ${SUBMIT_ACCESS.join(", ")}` })
      .optional(),
    /** A form sent sooner than this after it was opened is refused as a bot's (0: no minimum). */
    minFillSeconds: z.number().int().min(0).max(600).optional(),
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
  if (typeof value !== "string") {
    const r = shareMetaInput.safeParse(value);
    if (!r.success) throw new Error(`meta: ${r.error.issues[0]?.message ?? "invalid"}`);
    return r.data;
  }
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
