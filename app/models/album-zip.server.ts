import { Readable } from "node:stream";
import { buffer as readAll } from "node:stream/consumers";
import yazl from "yazl";
import { FORMAT_EXTENSION } from "./album-formats";
import { LOCATION_HEAD_BYTES, wipeLocation } from "./album-location";
import { albumStore } from "./album-storage.server";
import { getAlbumSettings, originalsForDownload, type AlbumStatus } from "./album.server";

/**
 * Issue 39: "Download all", one ZIP of the originals, streamed: each file is
 * opened only when its turn comes and stored as it is (photos do not
 * compress), so memory stays flat however big the album. Unless the host
 * keeps it, each original's location is wiped on the way (album-location.ts).
 */
export function albumZip(statuses: AlbumStatus[] = ["shown"]) {
  const keepLocation = getAlbumSettings().keepLocation;
  const zip = new yazl.ZipFile();
  const names = new Set<string>();
  for (const photo of originalsForDownload(statuses)) {
    const base = `${photo.takenDay}/${photo.takenDay}-${photo.id.slice(0, 8)}.${FORMAT_EXTENSION[photo.format]}`;
    const name = names.has(base) ? base.replace(/\.(\w+)$/, `-${photo.id}.$1`) : base;
    names.add(name);
    zip.addReadStreamLazy(name, { compress: false, size: photo.bytes, mtime: new Date(photo.createdAt) }, (done) => {
      done(null, readOriginal(photo.storageKey, photo.bytes, keepLocation));
    });
  }
  zip.end();
  return zip.outputStream;
}

/** An original as stored, or with its location wiped (the default). */
export function readOriginal(key: string, bytes: number, keepLocation = getAlbumSettings().keepLocation) {
  const store = albumStore();
  if (keepLocation) return store.read(key);
  return Readable.from(
    (async function* () {
      const headEnd = Math.min(bytes, LOCATION_HEAD_BYTES);
      const head = await readAll(store.read(key, { start: 0, end: headEnd - 1 }));
      wipeLocation(head);
      yield head;
      if (bytes > headEnd) yield* store.read(key, { start: headEnd, end: bytes - 1 });
    })(),
  );
}
