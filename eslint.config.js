import js from "@eslint/js";
import react from "eslint-plugin-react";
import globals from "globals";
import tseslint from "typescript-eslint";
import { cycles } from "./scripts/lint/import-graph.mjs";

/** Import edges allowed to close a cycle, each "importer -> imported": none since issue 34. */
const ALLOWED_CYCLE_EDGES = [];

let cycleCache;
/** `local/no-cycle`: a file on an import cycle fails lint, with one loop through it spelled out. */
const noCycle = {
  meta: { type: "problem", schema: [] },
  create(context) {
    cycleCache ??= cycles(context.cwd, ALLOWED_CYCLE_EDGES);
    const file = context.filename.slice(context.cwd.length + 1);
    return {
      Program(node) {
        const loop = cycleCache.get(file);
        if (loop) context.report({ node, message: `Import cycle: ${loop.join(" -> ")}` });
      },
    };
  },
};

/** DESIGN.md's import directions, as lint rules per folder. */
const frameworkImports = [
  { group: ["hono", "hono/*", "@hono/*"], message: "db/ is framework-free (DESIGN.md): no Hono." },
  { group: ["react", "react-dom", "react/*", "react-dom/*"], message: "db/ is framework-free (DESIGN.md): no React." },
  {
    group: ["partyserver", "partysocket", "cloudflare:*"],
    message: "db/ must not use Worker-only modules (DESIGN.md).",
  },
  {
    group: ["**/functions/*", "**/realtime/*", "**/web/*"],
    message: "db/ imports nothing of functions/, realtime/ or web/.",
  },
];

export default tseslint.config(
  { ignores: ["dist/**", ".types/**", "node_modules/**", ".wrangler/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["db/**/*.{ts,tsx}", "functions/**/*.{ts,tsx}", "realtime/**/*.{ts,tsx}", "web/**/*.{ts,tsx}"],
    plugins: { local: { rules: { "no-cycle": noCycle } } },
    rules: { "local/no-cycle": "error" },
  },
  {
    // Tests read JSON bodies of many shapes; typing each one would add noise, not safety.
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["db/**/*.ts"],
    ignores: ["db/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: frameworkImports }] },
  },
  {
    files: ["functions/**/*.ts", "realtime/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["react", "react-dom", "**/web/*"], message: "The Worker imports db/, never web/ or React." },
          ],
        },
      ],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { react },
    settings: { react: { version: "19" } },
    rules: {
      // Every user-facing string is a key in locales/ (DESIGN.md principle 7).
      "react/jsx-no-literals": ["error", { noStrings: true, ignoreProps: true, noAttributeStrings: false }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/functions/*", "!**/functions/*.d.ts"],
              allowTypeImports: true,
              message: "web/ takes only types from functions/ (DESIGN.md).",
            },
            {
              group: ["**/realtime/*", "cloudflare:*"],
              message: "web/ runs in the browser: no Worker modules.",
            },
            {
              regex: "^hono(/(?!types$).*)?$",
              message: "web/ runs in the browser: no Worker modules.",
            },
            {
              // The API's types are read from the app's schema (web/api/app-types.ts).
              group: ["hono/types"],
              allowTypeImports: true,
              message: "web/ runs in the browser: only types from hono.",
            },
          ],
        },
      ],
    },
  },
);
