/// <reference types="vitest/config" />
// Vite serves and builds the app from web/; vitest runs the unit tests with the real WASM engine.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: "web",
  publicDir: "../public",
  base: "./",
  plugins: [react()],
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
  build: { outDir: "../dist", emptyOutDir: true, target: "es2022" },
  // The simulation worker imports the engine as a module.
  worker: { format: "es" },
  test: {
    dir: repoRoot,
    include: ["web/src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});
