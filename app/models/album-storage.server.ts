import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Readable } from "node:stream";
import { env } from "../env.server";

/**
 * Issue 39, decision 083: where the album's files live. One small interface,
 * so an S3-compatible store can take the place of the folder later: keys are
 * flat names ("originals/<id>", "copies/<id>-thumb.webp"), every file is
 * written once and whole, read as a stream, and removed; nothing here lists,
 * appends or renames a stored file.
 */
export interface AlbumStore {
  /** Takes a finished local file (an upload just received, a copy just made) in under `key`; the local file is gone after. */
  adopt(key: string, localPath: string): Promise<void>;
  /** The stored file as a stream (a missing key errors on the stream). */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** Its size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
}

/**
 * The folder store: UPLOAD_DIR/album/<key>. Files that are still arriving
 * wait in UPLOAD_DIR/album/incoming (scratch, skipped by the backup); adopting
 * one is a rename within the same disk, so a stored file is never seen half written.
 * server.js never serves UPLOAD_DIR/album itself: photos go out through the album's routes only.
 */
export function folderStore(root: string): AlbumStore {
  const path = (key: string) => {
    if (!/^[a-z]+\/[A-Za-z0-9_-]+(?:\.[a-z]+)?$/.test(key)) throw new Error(`bad album key ${key}`);
    return join(root, key);
  };
  return {
    async adopt(key, localPath) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(localPath, target);
    },
    read(key, range) {
      return createReadStream(path(key), range);
    },
    async size(key) {
      try {
        return (await stat(path(key))).size;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(path(key), { force: true });
    },
  };
}

export const albumRoot = () => join(resolve(env().UPLOAD_DIR), "album");
/** Scratch space for files on their way in (multipart parts, tus uploads, copies being made). */
export const incomingDir = () => join(albumRoot(), "incoming");

let store: AlbumStore | undefined;
export function albumStore() {
  store ??= folderStore(albumRoot());
  return store;
}
