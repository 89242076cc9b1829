import js from "@eslint/js";
import react from "eslint-plugin-react";
import globals from "globals";
import tseslint from "typescript-eslint";

/** DESIGN.md's import directions, as lint rules per folder. */
const frameworkImports = [
  { group: ["hono", "hono/*", "@hono/*"], message: "db/ is framework-free (DESIGN.md): no Hono." },
  { group: ["react", "react-dom", "react/*", "react-dom/*"], message: "db/ is framework-free (DESIGN.md): no React." },
  { group: ["partyserver", "partysocket", "cloudflare:*"], message: "db/ must not use Worker-only modules (DESIGN.md)." },
  { group: ["**/functions/*", "**/realtime/*", "**/web/*"], message: "db/ imports nothing of functions/, realtime/ or web/." },
];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", ".wrangler/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
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
        { patterns: [{ group: ["react", "react-dom", "**/web/*"], message: "The Worker imports db/, never web/ or React." }] },
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
            { group: ["**/functions/*", "!**/functions/*.d.ts"], allowTypeImports: true, message: "web/ takes only types from functions/ (DESIGN.md)." },
            { group: ["**/realtime/*", "hono", "hono/*", "cloudflare:*"], message: "web/ runs in the browser: no Worker modules." },
          ],
        },
      ],
    },
  },
);
