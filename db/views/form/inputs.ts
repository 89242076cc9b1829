import { z } from "zod";

/** Bodies of the form settings routes (contract 4.4). Unknown keys (the GUI sends its whole object) are dropped. */
const kind = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "required" : `must be ${what}`),
});
const flag = z.union([z.boolean(), z.number()], kind("true or false")).transform((v) => Boolean(v));
const text = (max: number) => z.string(kind("text")).max(max, `must be at most ${max} characters`);
/** Links a visitor's browser follows or loads: http(s) only, or a path on this site. */
const link = z
  .string(kind("a link"))
  .max(2000, "must be at most 2000 characters")
  .refine((u) => u === "" || u.startsWith("/") || /^https?:\/\/[^\s]+$/i.test(u), "must be an http(s) address");

/** An uploaded banner or logo (images.ts): an image the storage route stored under download/. */
const imageItem = z
  .object(
    {
      path: z
        .string(kind("text"))
        .max(1000)
        .refine((p) => p.startsWith("download/") && !p.includes(".."), "must be an uploaded file's download/ path"),
      title: text(255),
      mimetype: z
        .string(kind("text"))
        .max(255)
        .refine((m) => m.startsWith("image/"), "must be an image"),
      size: z.number(kind("a number")).nonnegative().optional(),
    },
    kind("an uploaded image or a link"),
  )
  .transform(({ path, title, mimetype, size }) => ({ path, title, mimetype, ...(size === undefined ? {} : { size }) }));
const image = z.union([link, imageItem], kind("a link or an uploaded image"));

export const updateFormInput = z.object({
  heading: text(255).nullish(),
  subheading: text(2000).nullish(),
  success_msg: text(5000).nullish(),
  redirect_url: link.nullish(),
  redirect_after_secs: z
    .number(kind("a number"))
    .int("must be a whole number")
    .min(0, "must be 0 to 60")
    .max(60, "must be 0 to 60")
    .nullish(),
  email: z
    .union([z.boolean(), z.number(), z.string()], kind("true or false"))
    .transform((v) => (typeof v === "string" ? v !== "" && v !== "false" : Boolean(v)))
    .nullish(),
  submit_another_form: flag.nullish(),
  show_blank_form: flag.nullish(),
  banner_image_url: image.nullish(),
  logo_url: image.nullish(),
  meta: z.union([z.record(z.string(), z.unknown()), z.string()], kind("a JSON object")).nullish(),
});

export const updateFormColumnInput = z.object({
  label: text(255).nullish(),
  help: text(1000).nullish(),
  description: text(1000).nullish(),
  required: flag.nullish(),
  show: flag.nullish(),
  order: z.number(kind("a number")).nullish(),
  meta: z.union([z.record(z.string(), z.unknown()), z.string()], kind("a JSON object")).nullish(),
  enable_scanner: flag.nullish(),
});
