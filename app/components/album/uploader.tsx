/** Issue 39 step 4: the resumable uploader (tus) replaces the plain form once JavaScript runs. Until then, nothing. */
export function AlbumUploader() {
  return null;
}
