/*
 * Issue 38 (docs/decisions/081): keeps a guest's /my-weekend, its map, fonts
 * and styles, their calendar file, and a driver's list, for the days without
 * signal. Hand-written (about a hundred lines) rather than Workbox: what it
 * must get right is whose data it keeps, which no library knows.
 *
 * - "shell-v1": styles, scripts, fonts, the map, icons. No one's data.
 * - "guest": /my-weekend and /my-rsvp/calendar.ics of ONE session. Every page
 *   the server answers says whose session asked (X-Session-Key, a hash of the
 *   session cookie, "none" without one); when it is not the session the
 *   cache was made for, the cache is emptied before anything is kept. A
 *   sign-out empties it too. So a shared phone never shows one party's
 *   weekend to another, nor to someone signed out.
 * - "driver": /driver/{token} pages (the token is the key: no session).
 *
 * Pages: the network first (3 s at most with poor signal), the cache when it
 * fails. Hashed /assets/ files: the cache first.
 */
const SHELL = "shell-v1";
const GUEST = "guest";
const DRIVER = "driver";
const KEY = "/__sw/session-key";
const NAV_TIMEOUT_MS = 3000;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (![SHELL, GUEST, DRIVER].includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

const purgeGuest = () => caches.delete(GUEST);

async function keptKey() {
  const res = await (await caches.open(GUEST)).match(KEY);
  return res ? res.text() : null;
}

/** The session this response was made for; a change empties the guest cache first. */
async function noteSession(res) {
  const key = res.headers.get("X-Session-Key");
  if (!key) return false;
  if ((await keptKey()) !== key) {
    await purgeGuest();
    if (key !== "none") await (await caches.open(GUEST)).put(KEY, new Response(key));
  }
  return key !== "none";
}

function withTimeout(promise, ms) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), ms))]);
}

const isGuestPage = (url) => url.pathname === "/my-weekend";
const isDriverPage = (url) => /^\/driver\/[^/]+$/.test(url.pathname);
const isShell = (url) => /^\/(assets|icons|my-weekend)\//.test(url.pathname) || ["/my-weekend.js", "/driver.js", "/manifest.webmanifest", "/favicon.svg"].includes(url.pathname);

async function page(request, url) {
  try {
    const res = await withTimeout(fetch(request), NAV_TIMEOUT_MS);
    const signedIn = await noteSession(res);
    if (res.ok && !res.redirected) {
      if (isGuestPage(url) && signedIn) await (await caches.open(GUEST)).put("/my-weekend", res.clone());
      if (isDriverPage(url)) await (await caches.open(DRIVER)).put(url.pathname, res.clone());
    }
    return res;
  } catch (error) {
    const cached = isGuestPage(url) ? await (await caches.open(GUEST)).match("/my-weekend") : isDriverPage(url) ? await (await caches.open(DRIVER)).match(url.pathname) : undefined;
    if (cached) return cached;
    throw error;
  }
}

async function calendar(request) {
  try {
    const res = await fetch(request);
    if (res.ok && (await keptKey())) await (await caches.open(GUEST)).put("/my-rsvp/calendar.ics", res.clone());
    return res;
  } catch (error) {
    const cached = await (await caches.open(GUEST)).match("/my-rsvp/calendar.ics");
    if (cached) return cached;
    throw error;
  }
}

async function shell(request, url) {
  const cache = await caches.open(SHELL);
  const hashed = url.pathname.startsWith("/assets/");
  const cached = await cache.match(request, { ignoreSearch: !hashed });
  if (cached && hashed) return cached;
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(request, res.clone());
    return res;
  } catch (error) {
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && (url.pathname === "/sign-out" || url.pathname === "/api/guest-auth/logout")) {
    event.respondWith(purgeGuest().then(() => fetch(request)));
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") event.respondWith(page(request, url));
  else if (url.pathname === "/my-rsvp/calendar.ics") event.respondWith(calendar(request));
  else if (isShell(url)) event.respondWith(shell(request, url));
});

/**
 * The page tells which files it was drawn with (styles, fonts, the map), kept
 * for offline; and its own address, fetched once more through the worker when
 * it was drawn before the worker ran (the first visit), so it is kept too.
 */
self.addEventListener("message", (event) => {
  const urls = Array.isArray(event.data?.keep) ? event.data.keep : [];
  const own = typeof event.data?.page === "string" ? new URL(event.data.page, self.location.origin) : null;
  event.waitUntil(
    Promise.all([
      caches.open(SHELL).then((cache) =>
        Promise.all(
          urls
            .map((u) => new URL(u, self.location.origin))
            .filter((u) => u.origin === self.location.origin && isShell(u))
            .map((u) => cache.match(u).then((hit) => hit || cache.add(u).catch(() => undefined))),
        ),
      ),
      own && (isGuestPage(own) || isDriverPage(own)) ? page(new Request(own.href, { credentials: "same-origin" }), own).catch(() => undefined) : undefined,
      own && isGuestPage(own) ? calendar(new Request("/my-rsvp/calendar.ics", { credentials: "same-origin" })).catch(() => undefined) : undefined,
    ]),
  );
});
