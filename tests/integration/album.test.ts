// Issue 39: the album over HTTP against the built server: sharing, the bad
// files, who sees what, the host's decisions, the files served, the ZIP.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { bombPng, declaredPng, noisePng, phonePhoto } from "../support/album-images";
import { count, makeGuest, makeParty, query, signedIn } from "./api-fixtures";

let server: TestServer;
let admin: Client;
let guestA: Client;
let guestB: Client;
let partyA: { id: string; name: string };
const heic = readFileSync("tests/fixtures/album/rainbow-451x461.heic");

const form = (...files: Array<[bytes: Buffer, name: string, type?: string]>) => {
  const fd = new FormData();
  for (const [bytes, name, type = "image/jpeg"] of files) fd.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  return fd;
};
const share = (client: Client, body: FormData) => client.request("POST", "/api/album/photos", body);
const binary = async (client: Client, path: string) => {
  const res = await fetch(server.url + path, { headers: { cookie: client.cookieHeader } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
};
const albumFiles = (folder: string) => {
  const dir = join(server.uploadDir, "album", folder);
  return existsSync(dir) ? readdirSync(dir) : [];
};
/** The copies are made in the background: wait until the caller's photos are all ready. */
async function copiesReady(client: Client) {
  for (let i = 0; i < 100; i++) {
    const { json } = await client.get("/api/album/photos");
    if (json.photos.every((p: { ready: boolean }) => p.ready)) return json.photos;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("copies never ready");
}

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  const a = await makeParty(admin, ["adult", "adult"], { name: "Família Tavares" });
  partyA = a;
  guestA = await signedIn(server, a.authCode);
  guestB = await signedIn(server, (await makeParty(admin, ["adult"], { name: "The Okafors" })).authCode);
});
afterAll(async () => server?.stop());

describe("bad files (400 type, 413 size, 422 pixels)", () => {
  const cases: Array<[string, () => Promise<FormData>, number, RegExp]> = [
    ["a web page that says it is a JPEG", async () => form([Buffer.from("<html><script>alert(1)</script></html>"), "holiday.jpg"]), 400, /holiday\.jpg is not a photo we can keep - send JPEG, PNG, WebP, AVIF or HEIC\./],
    ["an SVG", async () => form([Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "x.svg", "image/svg+xml"]), 400, /x\.svg is not a photo/],
    ["a photo over 50 MB", async () => form([Buffer.concat([await phonePhoto(64, 64), Buffer.alloc(51 * 1024 * 1024)]), "huge.jpg"]), 413, /huge\.jpg is larger than 50 MB, the limit per photo\./],
    ["30,000 x 30,000 pixels declared", async () => form([await declaredPng(30_000, 30_000), "giant.png", "image/png"]), 422, /giant\.png has more than 50 megapixels, the limit per photo\./],
    ["a decompression bomb's shape", async () => form([await bombPng(), "bomb.png", "image/png"]), 422, /bomb\.png has more than 50 megapixels/],
    ["a good photo beside a bad one", async () => form([await phonePhoto(), "good.jpg"], [Buffer.from("GIF89a"), "bad.jpg"]), 400, /bad\.jpg is not a photo/],
    ["21 photos in one form", async () => form(...(await Promise.all(Array.from({ length: 21 }, async (_, i) => [await phonePhoto(32, 32, i), `p${i}.jpg`] as [Buffer, string])))), 400, /^Send at most 20 photos at a time\.$/],
    ["photos under another field's name", async () => {
      const fd = new FormData();
      fd.append("photo", new Blob([new Uint8Array(await phonePhoto())], { type: "image/jpeg" }), "elsewhere.jpg");
      fd.append("note", "hello");
      return fd;
    }, 400, /^Choose one or more photos\.$/],
    ["a photo over 50 MB after a good one", async () => form([await phonePhoto(), "first.jpg"], [Buffer.concat([await phonePhoto(64, 64), Buffer.alloc(51 * 1024 * 1024)]), "second.jpg"]), 413, /second\.jpg is larger than 50 MB, the limit per photo\./],
  ];
  for (const [what, body, status, message] of cases) {
    it(`refuses ${what} with its message, keeping nothing, and the server keeps answering`, async () => {
      const res = await share(guestA, await body());
      expect(res.status, res.text).toBe(status);
      expect(res.json.message).toMatch(message);
      expect(count(server, "album_photos")).toBe(0);
      expect(albumFiles("originals")).toEqual([]);
      expect(albumFiles("incoming")).toEqual([]);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });
  }

  it("refuses photos past the invitation's quota, naming it, keeping none of them", async () => {
    expect((await admin.patch("/api/album/settings", { quotaBytes: 10 * 1024 * 1024 })).status).toBe(200);
    const res = await share(guestA, form([await noisePng(6, 1), "one.png", "image/png"], [await noisePng(6, 2), "two.png", "image/png"]));
    expect(res.status, res.text).toBe(413);
    expect(res.json.message).toBe("Not enough album space - each invitation may share 10 MB of photos and yours has 10 MB left. Nothing was kept.");
    expect(count(server, "album_photos")).toBe(0);
    expect(albumFiles("incoming")).toEqual([]);
    expect((await admin.patch("/api/album/settings", { quotaBytes: 2 * 1024 ** 3 })).status).toBe(200);
  });

  it("asks to be signed in (401) and is for guests, not the host (403)", async () => {
    expect((await share(new Client(server.url), form([await phonePhoto(), "a.jpg"]))).status).toBe(401);
    expect((await share(admin, form([await phonePhoto(), "a.jpg"]))).status).toBe(403);
  });
});

describe("sharing, approval and who sees what", () => {
  let jpegId: string;
  let heicId: string;

  it("keeps a phone's JPEG and an iPhone HEIC as sent, waiting for the host; the same photo again is skipped", async () => {
    const jpeg = await phonePhoto(640, 480, 3, { orientation: 6 });
    const res = await share(guestA, form([jpeg, "IMG_0001.JPG"], [heic, "IMG_0002.HEIC", "image/heic"]));
    expect(res.status, res.text).toBe(201);
    expect(res.json.added.map((p: { status: string }) => p.status)).toEqual(["waiting", "waiting"]);
    [jpegId, heicId] = res.json.added.map((p: { id: string }) => p.id);
    const again = await share(guestA, form([jpeg, "copy.jpg"]));
    expect(again.status).toBe(201);
    expect(again.json).toEqual({ added: [], skipped: ["copy.jpg"] });
    const rows = query<{ format: string; taken_day: string; bytes: number }>(server, "select format, taken_day, bytes from album_photos order by format desc");
    expect(rows).toEqual([
      { format: "jpeg", taken_day: "2026-06-13", bytes: jpeg.length },
      { format: "heic", taken_day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), bytes: heic.length },
    ]);
    const photos = await copiesReady(guestA);
    expect(photos).toHaveLength(2);
  });

  it("the copies are WebP, upright, at most 480 and 1600 px, with no metadata; the HEIC decoded", async () => {
    const thumb = await binary(guestA, `/album/photos/${jpegId}/thumb.webp`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(thumb.body).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 360, height: 480 }); // turned per EXIF 6
    expect(meta.exif).toBeUndefined();
    const heicScreen = await sharp((await binary(guestA, `/album/photos/${heicId}/screen.webp`)).body).metadata();
    expect(heicScreen).toMatchObject({ format: "webp", width: 451, height: 461 });
  });

  it("another guest never reads a waiting photo: not listed, not served, no page", async () => {
    expect((await guestB.get("/api/album")).json.photos).toEqual([]);
    for (const path of [`/album/photos/${jpegId}/thumb.webp`, `/album/photos/${jpegId}/original`, `/album/${jpegId}`]) {
      expect((await binary(guestB, path)).status, path).toBe(404);
    }
    expect((await guestB.delete(`/api/album/photos/${jpegId}`)).status).toBe(404);
    // The host sees it waiting.
    const waiting = await admin.get("/api/admin/album?status=waiting");
    expect(waiting.json.photos.map((p: { id: string }) => p.id).sort()).toEqual([jpegId, heicId].sort());
    expect(waiting.json.photos[0].sharedBy).toBe("Família Tavares");
  });

  it("once the host approves, everyone sees it with who shared it; hidden, it is gone again but for its owner", async () => {
    const approved = await admin.patch(`/api/album/photos/${jpegId}`, { status: "shown" });
    expect(approved.status, approved.text).toBe(200);
    const list = await guestB.get("/api/album");
    expect(list.json.photos).toEqual([expect.objectContaining({ id: jpegId, sharedBy: "Família Tavares", takenDay: "2026-06-13", mine: false })]);
    expect(JSON.stringify(list.json)).not.toContain(partyA.id);
    expect((await binary(guestB, `/album/photos/${jpegId}/screen.webp`)).status).toBe(200);
    // A guest cannot delete someone else's shown photo.
    const refused = await guestB.delete(`/api/album/photos/${jpegId}`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("Only the guest who shared a photo, or the host, can delete it.");

    expect((await admin.patch(`/api/album/photos/${jpegId}`, { status: "hidden" })).status).toBe(200);
    expect((await guestB.get("/api/album")).json.photos).toEqual([]);
    expect((await binary(guestB, `/album/photos/${jpegId}/thumb.webp`)).status).toBe(404);
    const own = (await guestA.get("/api/album/photos")).json.photos;
    expect(own.find((p: { id: string }) => p.id === jpegId).status).toBe("hidden");
    expect((await binary(guestA, `/album/photos/${jpegId}/thumb.webp`)).status).toBe(200);
    expect((await admin.patch(`/api/album/photos/${jpegId}`, { status: "shown" })).status).toBe(200);
  });

  it("serves an original under the photo's id with the checked type, its location wiped by default", async () => {
    const res = await binary(guestB, `/album/photos/${jpegId}/original?download`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="photo-[\w-]{8}\.jpg"$/);
    expect(res.headers.get("content-disposition")).not.toContain("IMG_0001");
    expect(res.body.includes(Buffer.from("iPhone 15"))).toBe(true);
    // The latitude (38/1) as the EXIF's rational, in either byte order.
    const latitude = [Buffer.from([0, 0, 0, 38, 0, 0, 0, 1]), Buffer.from([38, 0, 0, 0, 1, 0, 0, 0])];
    const gpsMarker = (b: Buffer) => latitude.some((l) => b.subarray(0, 64 * 1024).includes(l));
    const stored = readFileSync(join(server.uploadDir, "album", "originals", jpegId));
    expect(gpsMarker(stored)).toBe(true);
    expect(gpsMarker(res.body)).toBe(false);
    // The folder itself is never served.
    expect((await fetch(`${server.url}/uploads/album/originals/${jpegId}`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/%61lbum/originals/${jpegId}`)).status).toBe(404);
  });

  it("downloads all approved originals as one ZIP, a folder per day", async () => {
    const res = await binary(guestB, "/api/album/download");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const dir = mkdtempSync(join(tmpdir(), "album-zip-"));
    writeFileSync(join(dir, "album.zip"), res.body);
    const listing = execFileSync("unzip", ["-Z1", join(dir, "album.zip")]).toString().trim().split("\n");
    expect(listing).toEqual([expect.stringMatching(/^2026-06-13\/2026-06-13-[\w-]{8}\.jpg$/)]);
    execFileSync("unzip", ["-q", "-t", join(dir, "album.zip")]);
  });

  it("a guest deletes their own photo whatever its state, files and all, in the activity log", async () => {
    expect((await guestA.delete(`/api/album/photos/${heicId}`)).status).toBe(204);
    expect(albumFiles("originals")).not.toContain(heicId);
    expect(albumFiles("copies").filter((f) => f.startsWith(heicId))).toEqual([]);
    const log = query<{ summary: string }>(server, "select summary from activity_log where kind = 'album' order by at");
    expect(log.map((l) => l.summary)).toEqual(
      expect.arrayContaining(["Shared 2 photos (waiting)", `Photo ${jpegId}: waiting -> shown`, `Photo ${jpegId}: shown -> hidden`, `Deleted photo ${heicId} (waiting)`]),
    );
  });

  it("with \"show at once\" a new photo is in the album straight away; a closed album takes none", async () => {
    expect((await admin.patch("/api/album/settings", { approval: "at-once" })).status).toBe(200);
    const guestC = await signedIn(server, (await makeGuest(admin)).customCode);
    const res = await share(guestC, form([await phonePhoto(320, 240, 9), "now.jpg"]));
    expect(res.json.added[0].status).toBe("shown");
    expect((await admin.patch("/api/album/settings", { closesAt: "2020-01-01T00:00:00Z" })).status).toBe(200);
    const closed = await share(guestC, form([await phonePhoto(320, 240, 10), "late.jpg"]));
    expect(closed.status).toBe(403);
    expect(closed.json.message).toBe("The album is closed for new photos.");
    expect((await admin.patch("/api/album/settings", { closesAt: null, approval: "host" })).status).toBe(200);
  });

  it("before the reveal a guest sees only their own photos", async () => {
    expect((await admin.patch("/api/album/settings", { opensAt: "2099-01-01T00:00:00Z" })).status).toBe(200);
    expect((await guestB.get("/api/album")).status).toBe(403);
    expect((await binary(guestB, `/album/photos/${jpegId}/thumb.webp`)).status).toBe(404);
    expect((await binary(guestA, `/album/photos/${jpegId}/thumb.webp`)).status).toBe(200);
    expect((await admin.patch("/api/album/settings", { opensAt: null })).status).toBe(200);
  });
});

describe("the copies are made beside the server", () => {
  const children = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  /** The nice value of every thread of `pid` (field 19 of /proc's stat). */
  const niceOfThreads = (pid: number) =>
    readdirSync(`/proc/${pid}/task`).map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    });

  it.skipIf(!existsSync("/proc/self/task"))("by a child process whose every thread runs at the lowest priority, gone once they are made", async () => {
    const photos = await Promise.all([1, 2, 3].map((seed) => phonePhoto(3000, 2000, 390 + seed)));
    const res = await share(guestB, form(...photos.map((p, i): [Buffer, string] => [p, `IMG_39${i}.JPG`])));
    expect(res.status, res.text).toBe(201);
    // Seen at work (its first instant, before it lowers itself, is not the point): every thread at nice 19.
    let seen: number[] = [];
    for (let i = 0; i < 2000 && !(seen.length && seen.every((n) => n === 19)); i++) {
      const [child] = children(server.pid);
      try {
        seen = child ? niceOfThreads(child) : seen;
      } catch {
        // It ended between the two reads.
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([19]));
    await copiesReady(guestB);
    for (let i = 0; i < 100 && children(server.pid).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(children(server.pid)).toEqual([]);
  });
});

describe("resumable uploads (tus) at /api/album/uploads", () => {
  const TUS = { "tus-resumable": "1.0.0" };
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  const create = (client: Client, size: number, name = "IMG_0100.JPG") =>
    fetch(`${server.url}/api/album/uploads`, {
      method: "POST",
      headers: { ...TUS, cookie: client.cookieHeader, "upload-length": String(size), "upload-metadata": `filename ${b64(name)},filetype ${b64("image/jpeg")}` },
    });
  const patch = (client: Client, location: string, offset: number, bytes: Buffer) =>
    fetch(new URL(location, server.url), {
      method: "PATCH",
      headers: { ...TUS, cookie: client.cookieHeader, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      body: new Uint8Array(bytes),
    });
  const head = (client: Client, location: string) => fetch(new URL(location, server.url), { method: "HEAD", headers: { ...TUS, cookie: client.cookieHeader } });

  it("takes a photo in chunks, says how far it got, and keeps it once whole; another guest cannot touch it", async () => {
    const photo = await phonePhoto(800, 600, 21);
    const created = await create(guestB, photo.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/api\/album\/uploads\/[\w-]+$/);
    const half = Math.floor(photo.length / 2);
    expect((await patch(guestB, location, 0, photo.subarray(0, half))).headers.get("upload-offset")).toBe(String(half));
    // The connection dropped: the page asks where to go on from.
    expect((await head(guestB, location)).headers.get("upload-offset")).toBe(String(half));
    // Someone else's upload is not found, for reading its offset or writing to it.
    expect((await head(guestA, location)).status).toBe(404);
    expect((await patch(guestA, location, half, photo.subarray(half))).status).toBe(404);
    expect((await head(new Client(server.url), location)).status).toBe(401);
    const last = await patch(guestB, location, half, photo.subarray(half));
    expect(last.status).toBe(204);
    const id = last.headers.get("album-photo")!;
    expect(query(server, "select bytes, status from album_photos where id = ?", id)).toEqual([{ bytes: photo.length, status: "waiting" }]);
    expect(readFileSync(join(server.uploadDir, "album", "originals", id)).equals(photo)).toBe(true);
    expect(readdirSync(join(server.uploadDir, "album", "incoming", "tus"))).toEqual([]);
    // The page asks before sending: this photo is known now.
    const hash = (await import("node:crypto")).createHash("sha256").update(photo).digest("hex");
    expect((await guestB.get(`/api/album/photos?hash=${hash}&hash=${"0".repeat(64)}`)).json.known).toEqual([hash]);
  });

  it("answers the protocol's refusals as JSON errors with a message, an unsupported extension as 400, an id it never made as 404", async () => {
    const before = count(server, "album_photos");
    const noVersion = await fetch(`${server.url}/api/album/uploads`, { method: "POST", headers: { cookie: guestB.cookieHeader, "upload-length": "10" } });
    expect(noVersion.status).toBe(412);
    expect(noVersion.headers.get("content-type")).toBe("application/json");
    expect((await noVersion.json()).message).toMatch(/\S/);
    // Found by the fuzz: tus answers 501 to Upload-Concat (parallel uploads), a server error for a client's request.
    const concat = await fetch(`${server.url}/api/album/uploads`, { method: "POST", headers: { ...TUS, cookie: guestB.cookieHeader, "upload-length": "10", "upload-concat": "partial" } });
    expect(concat.status).toBe(400);
    expect((await concat.json()).message).toMatch(/Concatenation extension is not/);
    for (const id of ["..%2F..%2Fdb", "..%5C..%5Cdb", "0123456789abcdef0123456789ABCDEF"]) {
      const res = await patch(guestB, `/api/album/uploads/${id}`, 0, Buffer.from("x"));
      expect(res.status, id).toBe(404);
      expect((await res.json()).message, id).toMatch(/not found/);
    }
    expect(count(server, "album_photos")).toBe(before);
    expect(readdirSync(join(server.uploadDir, "album", "incoming", "tus"))).toEqual([]);
  });

  it("refuses at the start what is over 50 MB or the quota, and at the end what is no photo, keeping nothing", async () => {
    const tooBig = await create(guestB, 51 * 1024 * 1024);
    expect(tooBig.status).toBe(413);
    expect((await admin.patch("/api/album/settings", { quotaBytes: 10 * 1024 * 1024 })).status).toBe(200);
    const overQuota = await create(guestB, 20 * 1024 * 1024);
    expect(overQuota.status).toBe(413);
    expect((await overQuota.json()).message).toMatch(/^Not enough album space - each invitation may share 10 MB of photos/);
    expect((await admin.patch("/api/album/settings", { quotaBytes: 2 * 1024 ** 3 })).status).toBe(200);

    const before = count(server, "album_photos");
    const fake = Buffer.from("<html>not a photo</html>");
    const location = (await create(guestB, fake.length, "fake.jpg")).headers.get("location")!;
    const refused = await patch(guestB, location, 0, fake);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("fake.jpg is not a photo we can keep - send JPEG, PNG, WebP, AVIF or HEIC.");
    expect(count(server, "album_photos")).toBe(before);
    expect(readdirSync(join(server.uploadDir, "album", "incoming", "tus"))).toEqual([]);
    // Nothing of an upload is ever served back.
    expect((await fetch(new URL(location, server.url), { headers: { cookie: guestB.cookieHeader } })).status).toBe(405);
  });
});

describe("the album page's weight", () => {
  it("stays under 100 KB of HTML however many photos (48 of the album and 24 of one's own a page)", async () => {
    const party = await makeParty(admin, ["adult"], { name: "The Many Photos" });
    const guest = await signedIn(server, party.authCode);
    const db = new (await import("better-sqlite3")).default(server.dbPath);
    const insert = db.prepare(
      "insert into album_photos (id, party_id, guest_id, status, format, storage_key, bytes, width, height, content_hash, taken_day, copies, created_at) values (?, ?, null, 'shown', 'jpeg', ?, 1000, 4032, 3024, ?, ?, 'ready', ?)",
    );
    db.transaction(() => {
      for (let i = 0; i < 500; i++) {
        const id = `many${String(i).padStart(28, "0")}`;
        insert.run(id, party.id, `originals/${id}`, id.padEnd(64, "0"), `2026-06-${String(12 + (i % 3)).padStart(2, "0")}`, new Date(Date.UTC(2026, 5, 15, 0, 0, i)).toISOString());
      }
    })();
    db.close();
    for (const path of ["/album", "/album?page=5&mine=7"]) {
      const res = await guest.get(path);
      expect(res.status).toBe(200);
      expect(Buffer.byteLength(res.text), path).toBeLessThan(100 * 1024);
      expect(res.text.match(/\/album\/photos\/many\w+\/thumb\.webp/g)!.length).toBeGreaterThanOrEqual(48 + 24);
    }
  });
});
