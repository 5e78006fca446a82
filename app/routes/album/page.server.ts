import { data } from "react-router";
import { fmt } from "~/i18n";
import type { Lang } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import { formatBytes } from "~/models/album-formats";
import { receivePhotos } from "~/models/album-upload.server";
import {
  albumState,
  deletePhoto,
  guestPhotoView,
  isOwn,
  listOwnPhotos,
  listShownPhotos,
  type AlbumViewer,
  type ListedPhoto,
} from "~/models/album.server";
import { pageParam } from "~/schemas/album";
import { isAppError } from "~/utils/errors";
import { albumViewerOrNull } from "./viewer.server";

const OWN_PAGE_SIZE = 24;

/** What the album's grid needs of a photo (no ids of the uploader, no hash). */
const tile = (p: ListedPhoto, viewer: AlbumViewer) => guestPhotoView(p, viewer.role === "guest" && isOwn(p, viewer.uploader));

/** /album's data: the guest's own photos (the newest 48) and one page of the shared album, by day. */
export async function albumPage(request: Request, lang: Lang) {
  const viewer = await albumViewerOrNull(request);
  if (!viewer) return { stage: "auth" as const };
  const state = albumState();
  const url = new URL(request.url);
  const page = pageParam(url.searchParams.get("page"));
  // One's own photos 24 a page (`?mine=N`): with the album's 48, a page stays under 100 KB of HTML.
  const ownPage = pageParam(url.searchParams.get("mine"));
  const own = viewer.role === "guest" ? listOwnPhotos(viewer.uploader) : [];
  const used = own.reduce((n, p) => n + p.bytes, 0);
  const shared = state.open || viewer.role === "admin" ? listShownPhotos(page) : null;
  const days: { day: string; photos: ReturnType<typeof tile>[] }[] = [];
  for (const p of shared?.photos ?? []) {
    if (days.at(-1)?.day !== p.takenDay) days.push({ day: p.takenDay, photos: [] });
    days.at(-1)!.photos.push(tile(p, viewer));
  }
  const opensAt = state.settings.opensAt;
  return {
    stage: "view" as const,
    canUpload: viewer.role === "guest" && state.accepting,
    isGuest: viewer.role === "guest",
    open: state.open,
    opensAt: opensAt ? new Intl.DateTimeFormat(lang === "pt" ? "pt-PT" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Lisbon" }).format(new Date(opensAt)) : null,
    approval: state.settings.approval,
    quota: { used: formatBytes(used), quota: formatBytes(state.settings.quotaBytes) },
    own: own.slice((ownPage - 1) * OWN_PAGE_SIZE, ownPage * OWN_PAGE_SIZE).map((p) => guestPhotoView(p, true)),
    ownPage,
    ownPages: Math.max(1, Math.ceil(own.length / OWN_PAGE_SIZE)),
    days,
    page,
    pages: shared?.pages ?? 1,
    total: shared?.total ?? 0,
  };
}

/** The no-JavaScript form: a multipart post shares photos; a small form deletes one of one's own. */
export async function albumAction(request: Request, lang: Lang) {
  const t = messagesFor(lang).album;
  const viewer = await albumViewerOrNull(request);
  if (!viewer || viewer.role !== "guest") return data({ notice: { type: "error" as const, title: t.signIn } }, { status: 401 });
  try {
    if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      const { added, skipped } = await receivePhotos(request, viewer.uploader);
      const shown = added.some((p) => p.status === "shown");
      const description = [added.length ? (shown ? t.addedShown : t.addedWaiting) : "", skipped.length ? fmt(t.skipped, { names: skipped.join(", ") }) : ""].filter(Boolean).join(" ");
      return { notice: { type: "success" as const, title: fmt(t.added, { count: added.length }), description } };
    }
    const form = await request.formData();
    await deletePhoto(String(form.get("id") ?? ""), viewer);
    return { notice: { type: "success" as const, title: t.deleted } };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ notice: { type: "error" as const, title: t.refused, description: error.message } }, { status: error.status });
  }
}
