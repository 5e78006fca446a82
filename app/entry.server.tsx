import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { NonceProvider } from "./utils/nonce";

export { startup } from "./startup.server";
export { landingCacheKey } from "./landing-cache.server";
export { countQueries } from "./models/database.server";
export { withRequestScope } from "./models/acting-person.server";
import { withMatchedRoute } from "./models/route-scope.server";

/**
 * Issue 33: each loader and action runs knowing which route matched, so
 * permissions are decided by route, never by the path's spelling
 * (app/models/roles.server.ts). React Router calls these around the route's
 * own loader and action, for pages, their data requests and resource routes.
 */
export const instrumentations = [
  {
    route(route: { id: string; instrument: (i: Record<string, (call: () => Promise<unknown>) => Promise<void>>) => void }) {
      const inRoute = async (call: () => Promise<unknown>) => {
        await withMatchedRoute(route.id, call);
      };
      route.instrument({ loader: inRoute, action: inRoute });
    },
  },
];

export const streamTimeout = 5_000;

/**
 * React's destination, gathering what React writes in one flush pass into a
 * single chunk (issue 28). React writes a page as ~4 KB views and long strings
 * (a dozen or more writes per page) and calls flush() after each pass; passed on
 * one by one, every write went through the web stream, the response and the
 * compressor on its own: a brotli/gzip call per 4 KB cost twice one call for
 * the whole page (11.6% of the guest pages' CPU profile was zlib). Streaming
 * still works: each pass (the shell, then any suspended part) is one chunk.
 * write() never asks React to wait: a page is tens of KB, held for one pass.
 */
class PassCoalescer extends PassThrough {
  private parts: Buffer[] = [];
  override write(chunk: unknown, ...rest: unknown[]): boolean {
    if (rest.length) return super.write(chunk, ...(rest as [BufferEncoding]));
    this.parts.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from((chunk as Uint8Array).buffer, (chunk as Uint8Array).byteOffset, (chunk as Uint8Array).byteLength));
    return true;
  }
  /** Called by React at the end of each flush pass. */
  flush() {
    if (!this.parts.length) return;
    const parts = this.parts;
    this.parts = [];
    super.write(parts.length === 1 ? parts[0] : Buffer.concat(parts));
  }
  override end(...args: unknown[]) {
    this.flush();
    return super.end(...(args as []));
  }
}

/**
 * A hash of the session cookie ("none" without one): signing in makes a new
 * session id, so a new key. The cookie this response sets, when it sets one
 * (a sign-in by the invite link renders at once), else the request's.
 */
function sessionKey(request: Request, responseHeaders: Headers) {
  const set = responseHeaders.getSetCookie().find((c) => c.startsWith("__session="));
  const id = set
    ? /max-age=0|expires=Thu, 01 Jan 1970/i.test(set) ? "" : set.slice("__session=".length).split(";")[0]
    : /(?:^|;\s*)__session=([^;]+)/.exec(request.headers.get("Cookie") ?? "")?.[1];
  return id ? createHash("sha256").update(id).digest("base64url").slice(0, 22) : "none";
}

function csp(nonce: string) {
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // The Invitations page's WhatsApp action answers 303 to wa.me (issue 13): a form may lead there.
    "form-action 'self' https://wa.me https://api.whatsapp.com",
    "frame-ancestors 'none'",
  ].join("; ");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string } | undefined)?.cspNonce ?? "";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and no-JS clients get the whole document at once.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassCoalescer();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Security-Policy", csp(nonce));
          responseHeaders.set("X-Robots-Tag", "noindex, nofollow");
          // Issue 38: whose session this page was made for, so the service worker never keeps one guest's weekend for another.
          responseHeaders.set("X-Session-Key", sessionKey(request, responseHeaders));
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
