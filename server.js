// Production server: plain node:http (Express would cost ~80% of the ceiling,
// see STACK.md), static files via sirv, everything else via React Router.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { PassThrough } from "node:stream";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { assertRuntime } from "./scripts/runtime-check.mjs";

// An older Node stops here with the versions Convite needs (decision 074),
// before any package is loaded: so only node: modules are imported above.
assertRuntime();
const { default: compression } = await import("compression");
const { default: sirv } = await import("sirv");

// React picks its build when first loaded: without this, `node server.js`
// rendered every page with React's development build, about 4x slower (the
// CPU profile of issue 8). So React and React Router are imported only after.
process.env.NODE_ENV ??= "production";
// React Router ships a production build but its package exports offer it to
// no one: every condition (node, import, default) names dist/development, so
// Node always loaded the development build (dev warnings, the "Hey developer"
// error page). In production this resolve hook turns every file of that
// folder into its twin in dist/production (issue 28), for the app's build,
// @react-router/node and this file alike, so there is still one copy.
//
// The hook runs in this thread (`registerHooks`, Node 22.15 and later): the
// asynchronous `register` ran it in a loader thread of its own, a second V8
// heap the whole life of the server, 130 MB of its 320 MB idle.
if (process.env.NODE_ENV === "production") {
  const { register, registerHooks } = await import("node:module");
  const production = (found) =>
    found.url.includes("/node_modules/react-router/dist/development/")
      ? { ...found, url: found.url.replace("/react-router/dist/development/", "/react-router/dist/production/") }
      : found;
  if (registerHooks) registerHooks({ resolve: (specifier, context, next) => production(next(specifier, context)) });
  else {
    const hook = `export async function resolve(specifier, context, next) {
      const found = await next(specifier, context);
      return found.url.includes("/node_modules/react-router/dist/development/")
        ? { ...found, url: found.url.replace("/react-router/dist/development/", "/react-router/dist/production/") }
        : found;
    }`;
    register(`data:text/javascript,${encodeURIComponent(hook)}`);
  }
}
// The app finds its own files (build, migrations, default data folder) beside
// this file, whatever folder it is started from (issue 17).
const appRoot = dirname(fileURLToPath(import.meta.url));
process.env.CONVITE_ROOT ??= appRoot;
const { createRequestListener } = await import("@react-router/node");
const { createRequestHandler } = await import("react-router");

const buildDir = resolve(appRoot, process.env.BUILD_DIR ?? "build");
let build;
let config;
try {
  build = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
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
// The build writes a brotli and a gzip copy of each script and style
// (scripts/build/precompress.ts); sirv sends the one the browser accepts, and
// the compression middleware leaves an encoded answer alone.
const assets = sirv(`${buildDir}/client/assets`, { immutable: true, maxAge: 31536000, brotli: true, gzip: true, etag: false });
// The no-React pages' scripts (build/client/scripts) have brotli and gzip copies too.
const publicFiles = sirv(`${buildDir}/client`, { maxAge: 3600, etag: true, brotli: true, gzip: true });
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

const listener = createRequestListener({
  build,
  mode: "production",
  // The rate limits' client address is decided from these two in one place
  // (app/utils/rate-limit.server.ts clientAddress, TRUST_PROXY: decision 057).
  getLoadContext: (request, client) => ({
    cspNonce: randomBytes(16).toString("base64"),
    peerAddress: client?.address ?? "unknown",
    forwardedFor: request.headers.get("x-forwarded-for"),
  }),
});

/**
 * One answer's failure ends that answer, never the process (issue 22): the
 * listener writes the status and headers outside React Router's own error
 * handling, and Node throws there on a header it refuses (a control character
 * in a Location once stopped the server). Logged, answered 500 if nothing was
 * sent yet, else the connection is cut.
 */
function answerSafely(handler, req, res) {
  Promise.resolve()
    // Each request in a scope of its own: the admin making it is named in the activity log (issue 27).
    .then(() => build.entry.module.withRequestScope(() => handler(req, res)))
    .catch((error) => {
      // A body cut at its size limit was already answered 413: nothing more to say.
      if (res.writableEnded && res.statusCode === 413) return;
      console.error(`Request ${req.method} ${(req.url ?? "/").split("?")[0]} failed:`, error);
      if (!res.headersSent) {
        for (const name of res.getHeaderNames()) if (name !== "x-content-type-options") res.removeHeader(name);
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error");
      } else {
        res.destroy();
      }
    });
}

// Request bodies have a ceiling (issue 22): forms and JSON are small; only the
// routes that take files get the upload limit (10 images of 10 MB, a 1 MB CSV, a 10 MB bank statement).
// A page's form sent with JavaScript posts to the page's .data address: it gets the page's limit.
const FORM_BODY_LIMIT = 512 * 1024;
const UPLOAD_BODY_LIMITS = [
  [/^\/api\/upload\/images(?:$|\?)/, 10 * 10 * 1024 * 1024 + 256 * 1024],
  [/^\/admin\/(?:room-types|event)(?:\.data)?(?:$|\?)/, 10 * 10 * 1024 * 1024 + 256 * 1024],
  [/^\/admin\/guests\/import(?:\.data)?(?:$|\?)/, 3 * 1024 * 1024],
  // issue 25: a bank statement of at most 10 MB, and the form around it (with JavaScript the page posts to its .data address)
  [/^\/(?:api\/bank-statements|admin\/payments\/import(?:\.data)?)(?:$|\?)/, 10 * 1024 * 1024 + 256 * 1024],
  // issue 39: the album's plain form, 20 photos of 50 MB (each part is written to disk as it comes)
  [/^\/(?:api\/album\/photos|album(?:\.data)?)(?:$|\?)/, 20 * 50 * 1024 * 1024 + 1024 * 1024],
  // a tus chunk (the page sends 5 MB; one photo whole at most)
  [/^\/api\/album\/uploads(?:\/[\w-]*)?(?:$|\?)/, 50 * 1024 * 1024 + 64 * 1024],
];
function bodyLimit(url) {
  for (const [pattern, limit] of UPLOAD_BODY_LIMITS) if (pattern.test(url)) return limit;
  return FORM_BODY_LIMIT;
}

// Past the limit a body is read off and dropped, up to this much, so the client
// can finish sending and read the 413 on a connection closed cleanly (a socket
// closed on unread bytes is reset, and the reset loses the answer; a kept-alive
// one would be reused). Beyond it the connection is cut.
const DRAIN_LIMIT = 8 * 1024 * 1024;

function tooLargeAnswer(req, limit) {
  const api = /^\/api(?:\/|$|\?)/.test(req.url ?? "");
  const text = `The request is larger than ${Math.round(limit / 1024)} KB.`;
  const body = api
    ? JSON.stringify({ message: text })
    : `<!doctype html><html lang="en"><meta charset="utf-8"><title>Too large</title><h1>Request too large</h1><p>${text}</p><p><a href="/">Back</a></p></html>`;
  return { body, type: api ? "application/json" : "text/html; charset=utf-8" };
}

/**
 * 413, kept nowhere: what comes after the limit is dropped as it arrives, and
 * the answer goes once the body has ended ("Connection: close", so it is not
 * reused) or, past DRAIN_LIMIT, at once with the socket cut a second later.
 */
function tooLarge(req, res, limit, seen = 0, afterAnswer = () => {}) {
  req.removeAllListeners("data");
  if (res.headersSent) return res.destroy();
  const { body, type } = tooLargeAnswer(req, limit);
  let answered = false;
  const answer = (cut) => {
    if (answered) return;
    answered = true;
    if (cut) req.pause();
    if (res.headersSent) return res.destroy();
    res.writeHead(413, { "Content-Type": type, "Content-Length": Buffer.byteLength(body), ...(cut ? {} : { Connection: "close" }) });
    // Cut: not at once (nor by "Connection: close", which Node acts on at
    // once), so the client can read the answer before the reset.
    res.end(body, cut ? () => setTimeout(() => req.socket.destroy(), 1000).unref() : undefined);
    afterAnswer();
  };
  let drained = seen;
  if (drained > DRAIN_LIMIT || Number(req.headers["content-length"]) > DRAIN_LIMIT) return answer(true);
  req.on("data", (chunk) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) answer(true);
  });
  req.on("end", () => answer(false));
  req.on("error", () => answer(true));
  req.resume();
}

/*
 * Pages are rendered a few at a time (issue 28). Node renders one at a time
 * anyway; with 50 interleaved, each page's objects live 50 times longer, the
 * collector copies and promotes them, and a page cost 60-70% more CPU (4.6 ms
 * one at a time or 4 at once, 7.5-8 ms at 50: scripts/bench/cpu.mjs) while
 * every answer waited for all of them. So GET and HEAD requests that reach
 * React Router queue for one of RENDER_SLOTS slots, first come first served.
 * A slot is freed when its answer is sent or its connection closes, and after
 * SLOT_HOLD_MS at most, so a client that reads slowly holds no one up for
 * long. Writes are not queued: RSVP submits share an fsync when many arrive
 * together (group commit), and files are served before this.
 */
const RENDER_SLOTS = 4;
const SLOT_HOLD_MS = 1000;
let slotsInUse = 0;
const waitingForSlot = [];

function renderInTurn(req, res) {
  if (slotsInUse >= RENDER_SLOTS) {
    waitingForSlot.push([req, res]);
    return;
  }
  slotsInUse++;
  let freed = false;
  const free = () => {
    if (freed) return;
    freed = true;
    clearTimeout(timer);
    slotsInUse--;
    while (waitingForSlot.length) {
      const [nextReq, nextRes] = waitingForSlot.shift();
      // A client that went away while it waited is not rendered for.
      if (nextRes.destroyed || nextReq.socket?.destroyed) continue;
      renderInTurn(nextReq, nextRes);
      break;
    }
  };
  const timer = setTimeout(free, SLOT_HOLD_MS);
  timer.unref();
  res.once("finish", free);
  res.once("close", free);
  answerSafely(listener, req, res);
}

/**
 * The request as React Router reads it, its body counted on the way (issue 22).
 * A declared Content-Length over the route's limit is refused before a byte is
 * read. A form or JSON body is gathered whole before React Router sees it, so
 * one cut at the limit never reaches an action (a truncated form would still
 * parse); an upload streams, and a multipart body cut short fails to parse.
 */
// Issue 39: the album's event stream stays open for hours and renders nothing; in a
// render slot, every screen that (re)connects would hold pages back for SLOT_HOLD_MS.
const EVENT_STREAM = /^\/api\/album\/events\/?(?:$|\?)/i;
const isEventStream = (req) => EVENT_STREAM.test(req.url ?? "") && /text\/event-stream/i.test(req.headers.accept ?? "");

function handleRequest(req, res) {
  if ((req.method === "GET" || req.method === "HEAD") && isEventStream(req)) return answerSafely(listener, req, res);
  if (req.method === "GET" || req.method === "HEAD") return renderInTurn(req, res);
  const limit = bodyLimit(req.url ?? "/");
  const declared = Number(req.headers["content-length"]);
  if (declared > limit) return tooLarge(req, res, limit);
  const streamed = limit > FORM_BODY_LIMIT;
  const body = new PassThrough();
  Object.assign(body, { method: req.method, url: req.url, headers: req.headers, rawHeaders: req.rawHeaders, socket: req.socket });
  const chunks = [];
  let seen = 0;
  let refused = false;
  req.on("data", (chunk) => {
    seen += chunk.length;
    if (seen > limit) {
      refused = true;
      // An upload's reader is let go only once the 413 is out, so it cannot answer first.
      tooLarge(req, res, limit, seen, () => streamed && body.end());
      return;
    }
    if (streamed) body.write(chunk);
    else chunks.push(chunk);
  });
  req.on("end", () => {
    if (refused) return;
    if (streamed) return body.end();
    body.end(Buffer.concat(chunks));
    answerSafely(listener, body, res);
  });
  req.on("error", () => body.end());
  if (streamed) answerSafely(listener, body, res);
}

// The landing page is the same HTML for every visitor with the same language
// and configuration: render it once, keep it compressed both ways (brotli 11,
// gzip 9) with a validator, serve it directly. See docs/decisions (landing cache).
const renderPage = createRequestHandler(build, "production");
const landingCache = new Map();
const LANDING_CACHE_MAX = 16;

/** Brotli, else gzip, else identity; an encoding with q=0 is refused. Memoised per header value. */
const encodingChoices = new Map();
function preferredEncoding(acceptEncoding = "") {
  let choice = encodingChoices.get(acceptEncoding);
  if (choice) return choice;
  const accepted = new Set();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";");
    if (params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p))) continue;
    accepted.add(name.trim());
  }
  choice = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : "identity";
  if (encodingChoices.size < 64) encodingChoices.set(acceptEncoding, choice);
  return choice;
}

/** If-None-Match with weak comparison (RFC 9110 13.1.2). */
function notModified(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

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
    const response = await renderPage(request, { cspNonce: "", peerAddress: req.socket.remoteAddress ?? "unknown" });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || response.headers.has("set-cookie")) {
      response.headers.forEach((v, k) => res.setHeader(k, v));
      res.writeHead(response.status);
      res.end(body);
      return;
    }
    const headers = {};
    response.headers.forEach((v, k) => (headers[k] = v));
    headers["vary"] = "Accept-Language, Cookie, Accept-Encoding";
    // Weak: one validator for the three encodings of the same HTML.
    headers["etag"] = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    entry = {
      headers,
      identity: body,
      gzip: gzipSync(body, { level: 9 }),
      br: brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    };
    if (landingCache.size >= LANDING_CACHE_MAX) landingCache.delete(landingCache.keys().next().value);
    landingCache.set(key, entry);
  }
  for (const k in entry.headers) res.setHeader(k, entry.headers[k]);
  if (notModified(req.headers["if-none-match"], entry.headers.etag)) {
    res.writeHead(304);
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = entry[encoding];
  res.setHeader("Content-Length", body.length);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.writeHead(200);
  res.end(req.method === "HEAD" ? undefined : body);
}

const isLandingRequest = (req) =>
  (req.method === "GET" || req.method === "HEAD") &&
  req.url === "/" &&
  // A visitor with a session may have a flash message waiting: render for them.
  !/(?:^|;\s*)__session=/.test(req.headers.cookie ?? "");

const logRequests = process.env.LOG_REQUESTS !== "0";
const { loggedPath } = await import("./scripts/logged-path.mjs");

function log(req, res, start) {
  const path = loggedPath(req.url ?? "/");
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

// Hashed scripts, styles, fonts and pictures are never shown as a document, so
// the document headers (CSP, framing, referrer, permissions: ~0.6 KB) would
// only weigh each of a page's ~25 module requests (issue 16). SVG keeps them.
const SUBRESOURCE = /^\/assets\/[^/?#]+\.(?:js|css|woff2?|webp|avif|png|jpe?g)(?:$|\?)/;

// eslint-disable-next-line no-control-regex
const API_CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The path part of a request address, percent-decoded where it can be. */
function decodedPath(url) {
  const path = url.split("?")[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function onRequest(req, res) {
  const start = performance.now();
  if (logRequests) res.on("finish", () => log(req, res, start));
  if (SUBRESOURCE.test(req.url ?? "")) {
    res.setHeader("X-Content-Type-Options", "nosniff");
  } else {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    res.setHeader("Content-Security-Policy", DEFAULT_CSP);
  }

  // CONTRACT.md 3: a non-GET request naming another site is refused.
  if (req.method !== "GET" && req.method !== "HEAD" && !sameSite(req)) {
    res.writeHead(403, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ message: "Cross-site requests are not allowed" }));
    return;
  }

  // React Router's splat does not match a line break (its pattern is `.*`), so
  // "/api/x%0D" fell through to the HTML 404 page. No route of ours has a
  // control character in its path: an /api address with one is simply unknown.
  if (/^\/api(\/|$)/.test(req.url ?? "") && API_CONTROL_CHARACTER.test(decodedPath(req.url ?? ""))) {
    res.writeHead(404, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ message: "Not found" }));
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
    // Issue 39: the album's files are never served from the folder, only by the album's routes (who may see what).
    if (url.startsWith("/uploads/") && !/^\/uploads\/+album(?:\/|$)/i.test(decodedPath(url))) {
      req.url = url.slice("/uploads".length);
      return uploads(req, res, () => {
        req.url = url;
        handleRequest(req, res);
      });
    }
    publicFiles(req, res, () => handleRequest(req, res));
  });
}

// QUERY_COUNT=1 (tests only): each response carries X-Query-Count, the SQL
// statements its request executed (the "no query per row" budget).
const countQueries = process.env.QUERY_COUNT === "1" ? build.entry.module.countQueries : undefined;
const server = http.createServer(
  countQueries
    ? (req, res) =>
        countQueries((counter) => {
          const writeHead = res.writeHead;
          res.writeHead = function (...args) {
            if (!res.headersSent) res.setHeader("X-Query-Count", String(counter.n));
            return writeHead.apply(this, args);
          };
          onRequest(req, res);
        })
    : onRequest,
);

// A request Node cannot parse (oversized headers or URL, bad framing) never
// reaches React Router: answer it in the API's error shape, not an empty body.
server.on("clientError", (error, socket) => {
  if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const body = JSON.stringify({ message: status === 431 ? "Request headers too large" : "Bad request" });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
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
