import type { Context } from "hono";
import { z } from "zod";
import { overlongIdKey, tooLongId } from "../../db/limits";
import { badRequest } from "./http-error";

/** Names the first problem of a failed parse: `email: Invalid email address`. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const path = issue.path.join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssue(result.error));
  return result.data;
}

/** The JSON body as any value; an empty body is `{}`, malformed JSON a 400. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Request body is not valid JSON");
  }
}

/** Reads and validates a JSON body; malformed JSON and schema failures are 400 with a message. */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const value = await readJson(c);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw badRequest("Request body must be a JSON object");
  }
  // Ids reach D1 and the project room as they come; schemas that forget a limit still get one.
  const long = overlongIdKey(value);
  if (long) throw badRequest(tooLongId(long));
  return parseOrThrow(schema, value);
}
