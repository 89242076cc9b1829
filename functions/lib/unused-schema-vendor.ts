// hono-openapi converts the schemas of several validation libraries and imports each converter
// lazily; we use zod only. wrangler.toml aliases the others to this empty module, so the Worker
// bundle names no module it cannot resolve (Miniflare refuses to load one that does).

/**
 * The MCP SDK (functions/resources/mcp) imports zod-to-json-schema by name for zod 3 schemas; ours
 * are zod 4, which it converts with zod's own `toJSONSchema`, so this is never called.
 */
export function zodToJsonSchema(): never {
  throw new Error("zod 3 schemas are not used: tool schemas are zod 4");
}
