import { z } from "zod";
import { isHexColor, PROJECT_TITLE_MESSAGES, projectTitleProblem } from "../../../db/project/rules";

export const titleSchema = z.string({ error: "title must be a string" }).superRefine((title, ctx) => {
  const problem = projectTitleProblem(title);
  if (problem) ctx.addIssue({ code: "custom", message: PROJECT_TITLE_MESSAGES[problem] });
});

export const colorSchema = z
  .string()
  .refine(isHexColor, "color must be a hex colour of 3, 4, 6 or 8 digits")
  .nullable();

/** meta arrives as an object or a JSON string (contract 1.9); it is stored as a JSON string. */
export const metaSchema = z.union([z.string(), z.record(z.string(), z.unknown())]).transform((meta, ctx) => {
  let value: unknown = meta;
  if (typeof meta === "string") {
    try {
      value = JSON.parse(meta || "{}");
    } catch {
      ctx.addIssue({ code: "custom", message: "meta must be a JSON object" });
      return z.NEVER;
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    ctx.addIssue({ code: "custom", message: "meta must be a JSON object" });
    return z.NEVER;
  }
  const text = JSON.stringify(value);
  if (text.length > 64_000) {
    ctx.addIssue({ code: "custom", message: "meta is larger than 64 KB" });
    return z.NEVER;
  }
  return text;
});

export const createProjectSchema = z.object({
  title: titleSchema,
  description: z.string().max(2000).nullish(),
  color: colorSchema.optional(),
  meta: metaSchema.optional(),
  external: z.boolean().optional(),
  bases: z.array(z.unknown()).optional(),
});

export const updateProjectSchema = z.object({
  title: titleSchema.optional(),
  description: z.string().max(2000).nullish(),
  color: colorSchema.optional(),
  meta: metaSchema.optional(),
  status: z.string().max(50).nullish(),
});

/** A base's new name or connection (issue 42): an object changes only the keys it gives. */
export const updateBaseSchema = z.object({
  alias: z.string().max(100).nullish(),
  config: z.union([z.string().max(4000), z.record(z.string(), z.unknown())]).optional(),
});

export const shareSchema = z.object({
  roles: z.string().optional(),
  password: z.string().max(100).optional(),
});
