// hono-openapi converts the schemas of several validation libraries and imports each converter
// lazily; we use zod only. wrangler.toml aliases the others to this empty module, so the Worker
// bundle names no module it cannot resolve (Miniflare refuses to load one that does).
export {};
