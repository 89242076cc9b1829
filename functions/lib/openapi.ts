import type { MiddlewareHandler } from "hono";
import { describeRoute, resolver } from "hono-openapi";
import type { z } from "zod";

/**
 * Documents a route's JSON body from the zod schema its handler validates with (jsonBody); the
 * validation itself stays in the handler, so messages and status codes are unchanged.
 */
export function body(schema: z.ZodType, description?: string): MiddlewareHandler {
  return describeRoute({
    requestBody: { description, required: true, content: { "application/json": { schema: resolver(schema) } } },
  });
}
