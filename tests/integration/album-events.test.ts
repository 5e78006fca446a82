// Issue 39, decision 082: the slideshow's push channel, GET /api/album/events,
// against the built server (`node server.js`, its compression middleware on
// the way): a photo the host approves reaches the screen at once, one hidden
// leaves it, a guest never hears of a photo they may not see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { phonePhoto } from "../support/album-images";
import { makeParty, signedIn } from "./api-fixtures";

const STREAMS_MAX = 3;
const PING_MS = 300;
let server: TestServer;
let admin: Client;
let guestA: Client;
let guestB: Client;

type Block = { event?: string; data?: unknown; retry?: number; comment?: string; at: number };

/** An EventSource's view of the stream: every block (event, retry or comment) as it arrives. */
async function openStream(client: Client) {
  const abort = new AbortController();
  const res = await fetch(`${server.url}/api/album/events`, {
    headers: { cookie: client.cookieHeader, accept: "text/event-stream", "accept-encoding": "gzip, deflate, br" },
    signal: abort.signal,
  });
  const blocks: Block[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  if (res.ok) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += value;
          for (let end = text.indexOf("\n\n"); end >= 0; end = text.indexOf("\n\n")) {
            blocks.push(parse(text.slice(0, end)));
            text = text.slice(end + 2);
          }
          for (const wake of waiters) wake();
        }
      } catch {
        // Closed by the test.
      } finally {
        ended = true;
        for (const wake of waiters) wake();
      }
    })();
  }
  const events = () => blocks.filter((b) => b.event);
  return {
    res,
    blocks,
    events,
    ended: () => ended,
    /** The next event from `from` on (by index among events), or a failure after `ms`. */
    async waitForEvent(from: number, ms = 1000) {
      const deadline = Date.now() + ms;
      while (events().length <= from) {
        if (ended || Date.now() > deadline) throw new Error(`no event ${from} within ${ms} ms; saw ${JSON.stringify(blocks)}`);
        await new Promise<void>((resolve) => {
          const wake = () => (waiters.delete(wake), resolve());
          waiters.add(wake);
          setTimeout(wake, 20);
        });
      }
      return events()[from]!;
    },
    close: () => abort.abort(),
  };
}

function parse(block: string): Block {
  const out: Block = { at: Date.now() };
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) out.comment = line.slice(1).trim();
    else if (line.startsWith("event: ")) out.event = line.slice(7);
    else if (line.startsWith("data: ")) out.data = JSON.parse(line.slice(6));
    else if (line.startsWith("retry: ")) out.retry = Number(line.slice(7));
  }
  return out;
}

const share = async (client: Client, seed: number) => {
  const fd = new FormData();
  fd.append("file", new Blob([new Uint8Array(await phonePhoto(320, 240, seed))], { type: "image/jpeg" }), `IMG_${seed}.JPG`);
  const res = await client.request("POST", "/api/album/photos", fd);
  expect(res.status, res.text).toBe(201);
  return res.json.added[0] as { id: string; status: string };
};

/** The copies are made in the background: wait until the sharer's photos are all ready. */
async function copiesReady(client: Client) {
  for (let i = 0; i < 100; i++) {
    const { json } = await client.get("/api/album/photos");
    if (json.photos.every((p: { ready: boolean }) => p.ready)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("copies never ready");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Every id a guest's stream named over the whole file: checked against what was visible. */
const heardByGuest: Block[] = [];
const visibleIds = new Set<string>();

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1", ALBUM_EVENT_STREAMS_MAX: String(STREAMS_MAX), ALBUM_EVENTS_PING_MS: String(PING_MS) } });
  admin = await new Client(server.url).loginAdmin();
  guestA = await signedIn(server, (await makeParty(admin, ["adult"], { name: "Família Tavares" })).authCode);
  guestB = await signedIn(server, (await makeParty(admin, ["adult"], { name: "The Okafors" })).authCode);
});
afterAll(async () => server?.stop());

describe("GET /api/album/events", () => {
  it("without Accept: text/event-stream answers the newest photo as JSON at once (API callers read whole bodies)", async () => {
    for (const client of [guestB, admin]) {
      const res = await client.get("/api/album/events");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.json).toEqual({ newest: null });
    }
    const nobody = await new Client(server.url).get("/api/album/events");
    expect(nobody.status).toBe(401);
    expect((await new Client(server.url).request("GET", "/api/album/events", undefined, { accept: "text/event-stream" })).status).toBe(401);
    expect((await guestB.post("/api/album/events", {})).status).toBe(405);
  });

  it("pushes a photo the host approves within a second, uncompressed and unbuffered; a waiting one is never named", async () => {
    const stream = await openStream(guestB);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(stream.res.headers.get("cache-control")).toBe("no-cache, no-transform");
      expect(stream.res.headers.get("x-accel-buffering")).toBe("no");
      expect(stream.res.headers.get("content-encoding")).toBeNull();
      expect(await stream.waitForEvent(0)).toMatchObject({ event: "photo", data: { id: null } });
      expect(stream.blocks[0]).toMatchObject({ retry: 5000 });

      const photo = await share(guestA, 1);
      expect(photo.status).toBe("waiting");
      await copiesReady(guestA);
      await sleep(300);
      expect(stream.events()).toHaveLength(1);

      const asked = Date.now();
      expect((await admin.patch(`/api/album/photos/${photo.id}`, { status: "shown" })).status).toBe(200);
      visibleIds.add(photo.id);
      const pushed = await stream.waitForEvent(1, 1000);
      expect(pushed).toMatchObject({ event: "photo", data: { id: photo.id } });
      expect(pushed.at - asked).toBeLessThan(1000);

      expect((await admin.patch(`/api/album/photos/${photo.id}`, { status: "hidden" })).status).toBe(200);
      expect(await stream.waitForEvent(2)).toMatchObject({ event: "removed", data: { id: photo.id } });
      // Restored from hidden: back on the screen.
      expect((await admin.patch(`/api/album/photos/${photo.id}`, { status: "shown" })).status).toBe(200);
      expect(await stream.waitForEvent(3)).toMatchObject({ event: "photo", data: { id: photo.id } });
      // The same state again is no change: nothing is sent.
      expect((await admin.patch(`/api/album/photos/${photo.id}`, { status: "shown" })).status).toBe(200);
      expect((await guestB.get("/api/album/events")).json).toEqual({ newest: photo.id });
      // Its guest deletes it: gone from the screen.
      expect((await guestA.delete(`/api/album/photos/${photo.id}`)).status).toBe(204);
      expect(await stream.waitForEvent(4)).toMatchObject({ event: "removed", data: { id: photo.id } });
      await sleep(200);
      expect(stream.events()).toHaveLength(5);
    } finally {
      heardByGuest.push(...stream.events());
      stream.close();
    }
  });

  it("names a photo shown at once only when its copies are made, and never a waiting or hidden one leaving", async () => {
    const stream = await openStream(guestB);
    try {
      await stream.waitForEvent(0);
      expect((await admin.patch("/api/album/settings", { approval: "at-once" })).status).toBe(200);
      const photo = await share(guestA, 2);
      expect(photo.status).toBe("shown");
      visibleIds.add(photo.id);
      const pushed = await stream.waitForEvent(1, 15_000);
      expect(pushed).toMatchObject({ event: "photo", data: { id: photo.id } });
      // By then the album lists it: the screen can show its copy.
      const listed = (await guestB.get("/api/album")).json.photos.find((p: { id: string }) => p.id === photo.id);
      expect(listed).toMatchObject({ ready: true });
      expect((await guestB.get("/api/album/events")).json).toEqual({ newest: photo.id });
      expect((await admin.patch("/api/album/settings", { approval: "host" })).status).toBe(200);

      // A waiting photo hidden, then deleted by the host: it was never in the album, so nothing is said.
      const waiting = await share(guestA, 3);
      await copiesReady(guestA);
      expect((await admin.patch(`/api/album/photos/${waiting.id}`, { status: "hidden" })).status).toBe(200);
      expect((await admin.delete(`/api/album/photos/${waiting.id}`)).status).toBe(204);
      // The host hides the shown one: the screen drops it.
      expect((await admin.patch(`/api/album/photos/${photo.id}`, { status: "waiting" })).status).toBe(200);
      expect(await stream.waitForEvent(2)).toMatchObject({ event: "removed", data: { id: photo.id } });
      await sleep(300);
      expect(stream.events()).toHaveLength(3);
    } finally {
      heardByGuest.push(...stream.events());
      stream.close();
    }
  });

  it("a guest's streams only ever named photos of the shared album, and only by id", () => {
    expect(heardByGuest.length).toBeGreaterThan(0);
    for (const block of heardByGuest) {
      expect(Object.keys(block.data as object)).toEqual(["id"]);
      const id = (block.data as { id: string | null }).id;
      if (id !== null) expect(visibleIds.has(id), id).toBe(true);
    }
  });

  it("refuses a guest before the album opens (403, as GET /api/album), not the host", async () => {
    expect((await admin.patch("/api/album/settings", { opensAt: "2099-01-01T00:00:00Z" })).status).toBe(200);
    try {
      for (const accept of ["text/event-stream", "application/json"]) {
        const res = await guestB.request("GET", "/api/album/events", undefined, { accept });
        expect(res.status, accept).toBe(403);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(res.json.message).toBe((await guestB.get("/api/album")).json.message);
      }
      const host = await openStream(admin);
      expect(host.res.status).toBe(200);
      expect(await host.waitForEvent(0)).toMatchObject({ event: "photo" });
      host.close();
    } finally {
      expect((await admin.patch("/api/album/settings", { opensAt: null })).status).toBe(200);
    }
  });

  it("pings an idle stream; a guest's ends at the next ping once the reveal moves later or they sign out, the host's goes on", async () => {
    const guest = await signedIn(server, (await makeParty(admin, ["adult"], { name: "The Screens" })).authCode);
    const [guestStream, hostStream] = [await openStream(guest), await openStream(admin)];
    try {
      await guestStream.waitForEvent(0);
      await hostStream.waitForEvent(0);
      await sleep(PING_MS * 2.5);
      expect(guestStream.blocks.filter((b) => b.comment === "ping").length).toBeGreaterThanOrEqual(1);
      expect(guestStream.ended()).toBe(false);

      expect((await admin.patch("/api/album/settings", { opensAt: "2099-01-01T00:00:00Z" })).status).toBe(200);
      await sleep(PING_MS * 2.5);
      expect(guestStream.ended()).toBe(true);
      expect(hostStream.ended()).toBe(false);
      expect((await admin.patch("/api/album/settings", { opensAt: null })).status).toBe(200);

      const again = await openStream(guest);
      await again.waitForEvent(0);
      expect((await guest.post("/api/guest-auth/logout")).status).toBe(200);
      await sleep(PING_MS * 2.5);
      expect(again.ended()).toBe(true);
      expect(hostStream.ended()).toBe(false);
    } finally {
      guestStream.close();
      hostStream.close();
    }
  });

  it(`holds at most ${STREAMS_MAX} streams (503 with Retry-After beyond), and a closed one frees its place`, async () => {
    // The streams of the tests before may take a moment to be let go.
    const open: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < 50 && open.length < STREAMS_MAX; i++) {
      const stream = await openStream(i % 2 ? admin : guestB);
      if (stream.res.status === 200) open.push(stream);
      else await sleep(50);
    }
    expect(open).toHaveLength(STREAMS_MAX);
    const refused = await fetch(`${server.url}/api/album/events`, { headers: { cookie: guestB.cookieHeader, accept: "text/event-stream" } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.json()).toEqual({ message: "Too many album screens are open. Please try again in a minute." });
    // The plain JSON answer is not a stream: it is never refused for the cap.
    expect((await guestB.get("/api/album/events")).status).toBe(200);

    // A screen goes away: its listener is removed, so another screen gets its place.
    open.pop()!.close();
    let again: Awaited<ReturnType<typeof openStream>> | undefined;
    for (let i = 0; i < 40; i++) {
      const stream = await openStream(guestB);
      if (stream.res.status === 200) {
        again = stream;
        break;
      }
      await sleep(50);
    }
    expect(again, "a place freed by the closed stream").toBeDefined();
    expect(await again!.waitForEvent(0)).toMatchObject({ event: "photo" });
    for (const stream of [...open, again!]) stream.close();
    // All freed; a HEAD is answered and its stream let go at once (else these would fill the places below).
    await sleep(300);
    for (let i = 0; i < STREAMS_MAX + 1; i++) {
      const head = await fetch(`${server.url}/api/album/events`, { method: "HEAD", headers: { cookie: guestB.cookieHeader, accept: "text/event-stream" } });
      expect(head.status).toBe(200);
    }
    await sleep(100);
    const next = await Promise.all(Array.from({ length: STREAMS_MAX }, () => openStream(guestB)));
    expect(next.map((s) => s.res.status)).toEqual(Array(STREAMS_MAX).fill(200));
    for (const stream of next) stream.close();
  });
});
