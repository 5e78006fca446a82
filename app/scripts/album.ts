/*
 * Issue 39 (docs/decisions/082-album.md): the album's pages ship no React.
 * They are whole as HTML and work without JavaScript; this one small script,
 * built by vite.scripts.config.ts into /scripts/album.js, adds what only
 * JavaScript can:
 *
 * - on /album, resumable uploads (tus-js-client, fetched only when photos are
 *   sent): each file hashed first, the ones the server already has from this
 *   guest skipped unsent, the rest sent in 5 MB chunks that survive a cut
 *   connection and a reload;
 * - on /album/{id}, the arrow keys, Escape and a swipe;
 * - on /album/slideshow, moving on every 8 s, and a photo the host approves
 *   (or hides) shown (or dropped) the moment it happens (GET /api/album/events).
 *
 * Texts come from the page (data-* attributes, in the guest's language).
 */
import { uploadAlbumPhotos } from "./album-upload";
import { albumPhotoKeys } from "./album-photo";
import { albumSlideshow } from "./album-slideshow";

const form = document.querySelector<HTMLFormElement>("form[data-album-upload]");
if (form) uploadAlbumPhotos(form);
const photo = document.querySelector<HTMLElement>("[data-album-photo]");
if (photo) albumPhotoKeys(photo);
const show = document.querySelector<HTMLElement>("[data-slideshow]");
if (show) albumSlideshow(show);
// What the browser tests (and a person's click) wait for: the page is now enhanced.
document.documentElement.dataset.hydrated = "";
