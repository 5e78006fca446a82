// POST /api/upload/images over HTTP, with real images made by sharp here (CONTRACT.md 5).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadSrcSet } from "../../app/utils/uploads";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { makeParty, makeRoomType, signedIn } from "./api-fixtures";

let server: TestServer;
let admin: Client;

const stored = () => (existsSync(server.uploadDir) ? readdirSync(server.uploadDir).sort() : []);

/** A photo-like image (noise compresses badly, like a real photo). */
async function photo(width: number, height: number, format: "jpeg" | "png" = "jpeg", orientation?: number) {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5)) % 251;
  let image = sharp(raw, { raw: { width, height, channels } });
  if (orientation) image = image.withMetadata({ orientation });
  return format === "png" ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

function form(...files: Array<[bytes: Buffer, name: string, type?: string]>) {
  const fd = new FormData();
  for (const [bytes, name, type = "image/jpeg"] of files) fd.append("files", new Blob([new Uint8Array(bytes)], { type }), name);
  return fd;
}

const upload = (client: Client, body: FormData | string, headers?: Record<string, string>) =>
  client.request("POST", "/api/upload/images", body, headers);

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

describe("POST /api/upload/images", () => {
  it("is for the admin only (401), storing nothing", async () => {
    const body = () => form([Buffer.from("x"), "a.jpg"]);
    expect((await upload(new Client(server.url), body())).status).toBe(401);
    const guest = await signedIn(server, (await makeParty(admin)).authCode);
    expect((await upload(guest, body())).status).toBe(401);
    expect(stored()).toEqual([]);
  });

  it("re-encodes several images to WebP (201 {urls}), upright, at most 2400 px, without metadata, with smaller copies", async () => {
    const big = await photo(3000, 1500, "png");
    const turned = await photo(300, 200, "jpeg", 6); // EXIF says: rotate 90° to view
    const res = await upload(admin, form([big, "big.png", "image/png"], [turned, "turned.jpg"]));
    expect(res.status, res.text).toBe(201);
    expect(res.json.urls).toHaveLength(2);
    for (const url of res.json.urls) expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);

    const fetchImage = async (url: string) => {
      const r = await fetch(server.url + url);
      expect(r.status, url).toBe(200);
      expect(r.headers.get("content-type")).toBe("image/webp");
      expect(r.headers.get("cache-control")).toContain("max-age=31536000");
      expect(r.headers.get("cache-control")).toContain("immutable");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      return sharp(Buffer.from(await r.arrayBuffer())).metadata();
    };
    const [first, second] = res.json.urls as string[];
    const bigMeta = await fetchImage(first!);
    expect(bigMeta).toMatchObject({ format: "webp", width: 2400, height: 1200 });
    expect(bigMeta.exif).toBeUndefined();
    const turnedMeta = await fetchImage(second!);
    expect(turnedMeta).toMatchObject({ width: 200, height: 300 });
    expect(turnedMeta.exif).toBeUndefined();
    expect(turnedMeta.orientation).toBeUndefined();

    // srcset helper: every URL it names is served, at the width it claims (never enlarged).
    const srcset = uploadSrcSet(first!)!;
    expect(srcset).toMatch(/-480\.webp 480w, .*-960\.webp 960w, .*\.webp 2400w$/);
    for (const [url, width] of srcset.split(", ").map((s) => s.split(" "))) {
      expect((await fetchImage(url!)).width).toBe(Number.parseInt(width!, 10));
    }
    const small = uploadSrcSet(second!)!.split(", ")[1]!.split(" ")[0]!;
    expect((await fetchImage(small)).width).toBe(200);
    expect(uploadSrcSet("https://example.com/a.jpg")).toBeUndefined();
    expect(stored()).toHaveLength(6);
  });

  it("refuses a file that is not an image whatever its name or type (400), and stores none of the request", async () => {
    const before = stored();
    const good = await photo(100, 100);
    const res = await upload(admin, form([good, "good.jpg"], [Buffer.from("<html>not an image</html>"), "photo.png", "image/png"]));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Invalid file type - photo.png is not an image file");
    const truncated = await upload(admin, form([good.subarray(0, good.length / 2), "cut.jpg"]));
    expect(truncated.status).toBe(400);
    expect(truncated.json.message).toBe("Invalid file type - cut.jpg is not an image file");
    expect(stored()).toEqual(before);
  });

  it("refuses a file over 10MB with 413 naming it, and stores none of the request", async () => {
    const before = stored();
    const good = await photo(100, 100);
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const res = await upload(admin, form([good, "fine.jpg"], [huge, "holiday.jpg"]));
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("File too large - holiday.jpg exceeds 10MB limit");
    expect(stored()).toEqual(before);
  });

  it("refuses a decompression bomb (a small file that decodes to a huge bitmap)", async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#fff" } }).png().toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(admin, form([bomb, "bomb.png", "image/png"]));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Image too large - bomb.png has more than 40 megapixels.");
  });

  it("answers 400 to a body that is not multipart, or has no files", async () => {
    const json = await upload(admin, JSON.stringify({ files: [] }), { "content-type": "application/json" });
    expect(json.status).toBe(400);
    expect(json.json.message).toBe("Send the images as multipart/form-data in the field files.");
    const none = new FormData();
    none.append("other", "x");
    none.append("files", new Blob([]), ""); // a file input left empty
    const empty = await upload(admin, none);
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe("No files uploaded - Choose one or more images.");
    const broken = await upload(admin, "--x\r\nnonsense", { "content-type": "multipart/form-data; boundary=x" });
    expect(broken.status).toBe(400);
  });
});

describe("room type photos on disk", () => {
  const files = (url: string) => {
    const name = url.slice("/uploads/".length, -".webp".length);
    return [`${name}.webp`, `${name}-480.webp`, `${name}-960.webp`].map((f) => join(server.uploadDir, f));
  };

  it("deleting a room type deletes its photos, every size; a photo taken out by PATCH is deleted too", async () => {
    const res = await upload(admin, form([await photo(500, 400), "a.jpg"], [await photo(400, 500), "b.jpg"], [await photo(300, 300), "c.jpg"]));
    const [a, b, c] = res.json.urls as string[];
    const roomType = await makeRoomType(admin, { imageUrls: [a, b] });
    const other = await makeRoomType(admin, { imageUrls: [c] });
    for (const f of [...files(a!), ...files(b!), ...files(c!)]) expect(existsSync(f), f).toBe(true);

    expect((await admin.patch(`/api/room-types/${roomType.id}`, { imageUrls: [b, c] })).status).toBe(200);
    for (const f of files(a!)) expect(existsSync(f), f).toBe(false);

    expect((await admin.delete(`/api/room-types/${roomType.id}`)).status).toBe(200);
    for (const f of files(b!)) expect(existsSync(f), f).toBe(false);
    // Still shown by the other room type: kept.
    for (const f of files(c!)) expect(existsSync(f), f).toBe(true);
    expect((await fetch(server.url + c)).status).toBe(200);
    expect((await fetch(server.url + a)).status).toBe(404);

    expect((await admin.delete(`/api/room-types/${other.id}`)).status).toBe(200);
    for (const f of files(c!)) expect(existsSync(f), f).toBe(false);
  });
});

describe("server log", () => {
  it("shows no unexpected failure: nothing above was answered with a 500", () => {
    expect(server.output()).not.toContain("api failure");
    expect(server.output()).not.toMatch(/SqliteError|TypeError|ReferenceError/);
  });
});
