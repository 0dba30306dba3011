// A plain static server for the browser tests: serves dist/ under a base path (the build must
// work under any), with the headers deploy/security-headers.conf gives nginx and the cache
// rules of deploy/nginx.conf. Node's default 16 KiB header limit refuses a long query with
// 431, as real servers do: state in the fragment must never reach it.
//
//   node tests/static-server.mjs [--port 4173] [--base /lab/] [--root dist]
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(fileURLToPath(new URL("..", import.meta.url)));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const port = Number(arg("port", "4173"));
const base = arg("base", "/").replace(/\/?$/, "/");
const root = resolve(repo, arg("root", "dist"));

// NOTE: the same `add_header NAME "VALUE"` reading as vite.config.ts's; kept apart because
// this script runs in plain Node, which cannot import the TypeScript config.
const conf = readFileSync(join(repo, "deploy/security-headers.conf"), "utf8");
const security = Object.fromEntries(
  [...conf.matchAll(/^add_header\s+(\S+)\s+"([^"]*)"/gm)].map((m) => [m[1], m[2]]),
);

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};

/** Hashed assets never change; the page and the service worker are checked on every load. */
const cacheControl = (path) =>
  path.startsWith(`assets${sep}`) ? "public, max-age=31536000, immutable" : "no-cache";

const server = createServer(async (req, res) => {
  const send = (status, body, headers = {}) => {
    res.writeHead(status, { ...security, ...headers });
    res.end(req.method === "HEAD" ? undefined : body);
  };
  if (req.method !== "GET" && req.method !== "HEAD") return send(405, "method not allowed\n");
  const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
  if (!path.startsWith(base)) return send(404, "not found\n", { "Content-Type": "text/plain" });
  let rel = normalize(path.slice(base.length) || "index.html");
  if (rel.endsWith(sep) || rel === ".") rel = join(rel, "index.html");
  const file = join(root, rel);
  if (!file.startsWith(root + sep)) return send(404, "not found\n", { "Content-Type": "text/plain" });
  try {
    if (!(await stat(file)).isFile()) throw new Error("not a file");
    const body = await readFile(file);
    send(200, body, {
      "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
      "Cache-Control": cacheControl(rel),
    });
  } catch {
    send(404, "not found\n", { "Content-Type": "text/plain" });
  }
});
server.listen(port, "127.0.0.1", () => console.log(`serving ${root} at http://127.0.0.1:${port}${base}`));
