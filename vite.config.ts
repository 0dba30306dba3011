/// <reference types="vitest/config" />
// Vite serves and builds the app from web/; vitest runs the unit tests with the real WASM engine.
// The build is a static site for any host and base path (relative URLs), with a service
// worker that precaches it for offline use and the deployment's CSP as a <meta> tag.
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

/** The headers deploy/security-headers.conf sets (`add_header NAME "VALUE" always;`). */
function securityHeaders(): Record<string, string> {
  const conf = readFileSync(`${repoRoot}deploy/security-headers.conf`, "utf8");
  return Object.fromEntries([...conf.matchAll(/^add_header\s+(\S+)\s+"([^"]*)"/gm)].map((m) => [m[1], m[2]]));
}

/** The deployment's CSP in the built page, for hosts that cannot set headers (a <meta> policy ignores frame-ancestors). */
function cspMeta(): Plugin {
  const csp = (securityHeaders()["Content-Security-Policy"] ?? "")
    .split(";")
    .map((d) => d.trim())
    .filter((d) => d && !d.startsWith("frame-ancestors"))
    .join("; ");
  return {
    name: "throttle-lab-csp-meta",
    // The dev server injects inline scripts (React refresh), which this policy refuses.
    apply: "build",
    transformIndexHtml: () => [
      {
        tag: "meta",
        attrs: { "http-equiv": "Content-Security-Policy", content: csp },
        injectTo: "head-prepend",
      },
    ],
  };
}

export default defineConfig({
  root: "web",
  publicDir: "../public",
  base: "./",
  plugins: [
    react(),
    cspMeta(),
    VitePWA({
      // A new deployment waits until the page says so ("A new version is ready — reload").
      registerType: "prompt",
      // Registered from the app's own bundle: no inline script.
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ["**/*.{html,js,css,wasm,svg}"],
        // The engine's WASM is larger than Workbox's 2 MiB default allows, unoptimised.
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
        navigateFallback: "index.html",
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173, headers: securityHeaders() },
  build: { outDir: "../dist", emptyOutDir: true, target: "es2022" },
  // The simulation worker imports the engine as a module.
  worker: { format: "es" },
  test: {
    dir: repoRoot,
    include: ["web/src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});
