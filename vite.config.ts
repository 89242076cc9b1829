import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: "web",
  plugins: [react(), tailwindcss()],
  // Two entries: the app, and the visitor's shared views and forms (kept small: no React).
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { input: { main: fileURLToPath(new URL("./web/index.html", import.meta.url)), shared: fileURLToPath(new URL("./web/shared.html", import.meta.url)) } },
  },
  server: { host: "127.0.0.1" },
});
