import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

/**
 * Swagger UI for the per-project REST API page (functions/resources/swagger.ts) comes from the
 * swagger-ui-dist package, copied into the build as static assets: no CDN at run time.
 */
function swaggerUiAssets(): Plugin {
  const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  return {
    name: "swagger-ui-assets",
    apply: "build",
    generateBundle() {
      for (const file of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
        this.emitFile({ type: "asset", fileName: `swagger-ui/${file}`, source: readFileSync(join(dist, file)) });
      }
    },
  };
}

/**
 * The visitor's page (web/shared/text.ts) loads a language as `locales/<lang>.json?shared`: only
 * the `sharedView` and `msg` parts of the file, a few KB instead of the whole app's texts.
 */
function sharedLocales(): Plugin {
  return {
    name: "shared-locales",
    enforce: "pre",
    load(id) {
      const [file, query] = id.split("?");
      if (query !== "shared" || !file?.endsWith(".json")) return null;
      const all = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      return `export default ${JSON.stringify({ sharedView: all.sharedView, msg: all.msg })};`;
    },
  };
}

export default defineConfig({
  root: "web",
  plugins: [react(), tailwindcss(), swaggerUiAssets(), sharedLocales()],
  // Two entries: the app, and the visitor's shared views and forms (kept small: no React).
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL("./web/index.html", import.meta.url)),
        shared: fileURLToPath(new URL("./web/shared.html", import.meta.url)),
      },
    },
  },
  server: { host: "127.0.0.1" },
});
