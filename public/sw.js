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

/*
 * One change of the guest cache at a time: two answers read at once (the
 * page's own load and the worker's fetch of it) would each see no key yet,
 * and the second's emptying would drop what the first had just kept.
 */
let queue = Promise.resolve();
const serially = (fn) => (queue = queue.then(fn, fn));

/** The session this response was made for; a change empties the guest cache first. Then `keep` runs, if still signed in. */
function noteSession(res, keep) {
  const key = res.headers.get("X-Session-Key");
  return serially(async () => {
    if (!key) return;
    if ((await keptKey()) !== key) {
      await purgeGuest();
      if (key !== "none") await (await caches.open(GUEST)).put(KEY, new Response(key));
    }
    if (key !== "none" && keep) await keep();
  });
}

function withTimeout(promise, ms) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), ms))]);
}

const isGuestPage = (url) => url.pathname === "/my-weekend";
const isDriverPage = (url) => /^\/driver\/[^/]+$/.test(url.pathname);
const isShell = (url) => /^\/(assets|icons|my-weekend)\//.test(url.pathname) || ["/my-weekend.js", "/driver.js", "/manifest.webmanifest", "/favicon.svg"].includes(url.pathname);

/**
 * The guest's page and its calendar file, kept in one step of the queue: kept
 * apart, an emptying between the two (another session's answer) left a page
 * whose file was gone, and the calendar was what a day without signal missed.
 */
const keepWeekend = (copy) => async () => {
  const cache = await caches.open(GUEST);
  await cache.put("/my-weekend", copy);
  try {
    const ics = await withTimeout(fetch(new Request("/my-rsvp/calendar.ics", { credentials: "same-origin" })), NAV_TIMEOUT_MS);
    if (ics.ok) await cache.put("/my-rsvp/calendar.ics", ics);
  } catch {
    // No signal now: the file kept before, if any, stays.
  }
};

/** `extend`: a navigation's, so the page is shown while what is kept of it is still being written. */
async function page(request, url, extend) {
  try {
    const res = await withTimeout(fetch(request), NAV_TIMEOUT_MS);
    const copy = res.ok && !res.redirected ? res.clone() : null;
    const kept = noteSession(res, copy && isGuestPage(url) ? keepWeekend(copy) : null).then(async () => {
      if (copy && isDriverPage(url)) await (await caches.open(DRIVER)).put(url.pathname, copy);
    });
    if (extend) extend(kept);
    else await kept;
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
    if (res.ok) {
      const copy = res.clone();
      await serially(async () => {
        if (await keptKey()) await (await caches.open(GUEST)).put("/my-rsvp/calendar.ics", copy);
      });
    }
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

/**
 * Where a session can start, change or end without a page load the worker
 * sees (React's form posts, the sign-in API): after one, the worker asks for
 * /my-weekend again, so the cache follows the session now in force (emptied
 * for another, refreshed for the same, nothing kept when signed out).
 */
const SESSION_CHANGERS = /^\/(rsvp|my-rsvp|sign-out)(\.data)?$|^\/api\/(party-auth|guest-auth(\/verify|\/logout)?)$/;
const recheck = () => {
  const own = new URL("/my-weekend", self.location.origin);
  return page(new Request(own.href, { credentials: "same-origin" }), own).catch(() => undefined);
};

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET" && SESSION_CHANGERS.test(url.pathname)) {
    event.respondWith(
      (async () => {
        if (/sign-out|logout/.test(url.pathname)) await purgeGuest();
        const res = await fetch(request);
        event.waitUntil(recheck());
        return res;
      })(),
    );
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(page(request, url, (kept) => event.waitUntil(kept.catch(() => undefined))));
  }
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
      // The page (with its calendar file): it may empty the guest cache first (another session).
      own && (isGuestPage(own) || isDriverPage(own)) ? page(new Request(own.href, { credentials: "same-origin" }), own).catch(() => undefined) : undefined,
    ]),
  );
});
