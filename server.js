// Production server: plain node:http (Express would cost ~80% of the ceiling,
// see STACK.md), static files via sirv, everything else via React Router.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { createRequestListener } from "@react-router/node";
import { createRequestHandler } from "react-router";
import { gzipSync } from "node:zlib";
import compression from "compression";
import sirv from "sirv";

const buildDir = process.env.BUILD_DIR ?? "build";
let build;
let config;
try {
  build = await import(new URL(`./${buildDir}/server/index.js`, import.meta.url).href);
  config = await build.entry.module.startup();
} catch (error) {
  // A bad configuration stops the start with one clear line.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};
// Documents get a per-request nonce from entry.server.tsx; this is the fallback.
const DEFAULT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const compress = compression();
const assets = sirv(`${buildDir}/client/assets`, { immutable: true, maxAge: 31536000, gzip: false, etag: false });
const publicFiles = sirv(`${buildDir}/client`, { maxAge: 3600, etag: true });
// `dev: true` looks files up on each request: without it sirv lists the folder
// once at start and never serves a photo uploaded later. The names are random
// and never reused, so each file can still be cached for a year.
const uploads = sirv(config.uploadDir, {
  dev: true,
  setHeaders: (res) => {
    res.setHeader("Cache-Control", "public,max-age=31536000,immutable");
    res.setHeader("Content-Disposition", "inline");
  },
});

const handleRequest = createRequestListener({
  build,
  mode: "production",
  getLoadContext: (_request, client) => ({
    cspNonce: randomBytes(16).toString("base64"),
    clientAddress: client?.address ?? "unknown",
  }),
});

// The landing page is the same HTML for every visitor with the same language
// and configuration: render it once, keep it (and its gzip), serve it directly.
const renderPage = createRequestHandler(build, "production");
const landingCache = new Map();
const LANDING_CACHE_MAX = 16;

async function serveLanding(req, res) {
  const key = await build.entry.module.landingCacheKey({
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
  });
  let entry = landingCache.get(key);
  if (!entry) {
    const request = new Request(`http://${req.headers.host ?? "localhost"}/`, {
      headers: { cookie: req.headers.cookie ?? "", "accept-language": req.headers["accept-language"] ?? "" },
    });
    const response = await renderPage(request, { cspNonce: "", clientAddress: req.socket.remoteAddress ?? "unknown" });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || response.headers.has("set-cookie")) {
      response.headers.forEach((v, k) => res.setHeader(k, v));
      res.writeHead(response.status);
      res.end(body);
      return;
    }
    const headers = {};
    response.headers.forEach((v, k) => (headers[k] = v));
    entry = { headers, body, gzipped: gzipSync(body, { level: 9 }) };
    if (landingCache.size >= LANDING_CACHE_MAX) landingCache.delete(landingCache.keys().next().value);
    landingCache.set(key, entry);
  }
  for (const [k, v] of Object.entries(entry.headers)) res.setHeader(k, v);
  res.setHeader("Vary", "Accept-Language, Cookie, Accept-Encoding");
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  res.setHeader("Content-Length", gzip ? entry.gzipped.length : entry.body.length);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.writeHead(200);
  res.end(req.method === "HEAD" ? undefined : gzip ? entry.gzipped : entry.body);
}

const isLandingRequest = (req) =>
  (req.method === "GET" || req.method === "HEAD") &&
  req.url === "/" &&
  // A visitor with a session may have a flash message waiting: render for them.
  !/(?:^|;\s*)__session=/.test(req.headers.cookie ?? "");

const logRequests = process.env.LOG_REQUESTS !== "0";

function log(req, res, start) {
  // Path only: the query string may carry an invitation code.
  const path = (req.url ?? "/").split("?")[0];
  const ms = Math.round((performance.now() - start) * 10) / 10;
  process.stdout.write(
    `${JSON.stringify({ t: new Date().toISOString(), method: req.method, path, status: res.statusCode, ms })}\n`,
  );
}

function sameSite(req) {
  const origin = req.headers.origin;
  if (!origin || origin === "null") return origin !== "null";
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

const server = http.createServer((req, res) => {
  const start = performance.now();
  if (logRequests) res.on("finish", () => log(req, res, start));
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
  res.setHeader("Content-Security-Policy", DEFAULT_CSP);

  // CONTRACT.md 3: a non-GET request naming another site is refused.
  if (req.method !== "GET" && req.method !== "HEAD" && !sameSite(req)) {
    res.writeHead(403, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ message: "Cross-site requests are not allowed" }));
    return;
  }

  if (isLandingRequest(req)) {
    serveLanding(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("Internal Server Error");
    });
    return;
  }

  compress(req, res, () => {
    const url = req.url ?? "/";
    if (url.startsWith("/assets/")) {
      req.url = url.slice("/assets".length);
      return assets(req, res, () => {
        req.url = url;
        handleRequest(req, res);
      });
    }
    if (url.startsWith("/uploads/")) {
      req.url = url.slice("/uploads".length);
      return uploads(req, res, () => {
        req.url = url;
        handleRequest(req, res);
      });
    }
    publicFiles(req, res, () => handleRequest(req, res));
  });
});

server.keepAliveTimeout = 65_000;
server.listen(config.port, config.host, () => {
  console.log(`Convite is listening on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${server.address().port}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
