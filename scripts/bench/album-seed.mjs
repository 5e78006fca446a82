// The album's photos for the benches (album.mjs, lighthouse.mjs with
// LH_ALBUM_PHOTOS): JPEGs made before anything is measured, each sent made
// unique by a comment segment (so every upload is a new photo to the server),
// and a wait for the copies the server makes in the background.
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import sharp from "sharp";

/**
 * `count` JPEGs of about `bytes` each: noise (it compresses as badly as a
 * real photo) or, `smooth`, blurred noise (a real photo's copies weigh what
 * these do, for Lighthouse's page weight).
 */
export async function basePhotos({ count = 8, bytes, smooth = false }) {
  const make = async (side) => {
    const noise = sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } });
    const image = smooth ? sharp(await noise.blur(6).toBuffer(), { raw: { width: side, height: side, channels: 3 } }) : noise;
    return image.jpeg({ quality: 92 }).toBuffer();
  };
  const probe = await make(800);
  const side = Math.round(800 * Math.sqrt(bytes / probe.length));
  return Promise.all(Array.from({ length: count }, () => make(side)));
}

/** The `i`-th photo sent: a base photo with a comment segment of its own after SOI. */
export function uniquePhoto(bases, i) {
  const base = bases[i % bases.length];
  const note = Buffer.from(`convite bench photo ${i} ${randomBytes(8).toString("hex")}`);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(note.length + 2, 2);
  return Buffer.concat([base.subarray(0, 2), segment, note, base.subarray(2)]);
}

/** Resolves once no photo waits for its copies; answers how many failed. */
export async function copiesDone(dbPath) {
  const db = new Database(dbPath, { readonly: true });
  try {
    while (db.prepare("select count(*) n from album_photos where copies = 'pending'").get().n) await new Promise((r) => setTimeout(r, 500));
    return db.prepare("select count(*) n from album_photos where copies = 'failed'").get().n;
  } finally {
    db.close();
  }
}

/** `photos` photos shared by the guest (20 a form), shown at once; resolves when their copies are made. */
export async function seedAlbum({ url, dbPath, guestCookie, adminCookie, photos, bytes = 400 * 1024 }) {
  const settings = await fetch(`${url}/api/album/settings`, { method: "PATCH", headers: { "content-type": "application/json", cookie: adminCookie }, body: JSON.stringify({ approval: "at-once" }) });
  if (settings.status !== 200) throw new Error(`album settings: ${settings.status} ${await settings.text()}`);
  const bases = await basePhotos({ bytes, smooth: true });
  for (let from = 0; from < photos; from += 20) {
    const form = new FormData();
    for (let i = from; i < Math.min(photos, from + 20); i++) form.append("file", new Blob([uniquePhoto(bases, i)], { type: "image/jpeg" }), `IMG_${i}.JPG`);
    const res = await fetch(`${url}/api/album/photos`, { method: "POST", headers: { cookie: guestCookie }, body: form });
    if (res.status !== 201) throw new Error(`album upload: ${res.status} ${await res.text()}`);
  }
  return copiesDone(dbPath);
}
