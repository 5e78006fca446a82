import { uploaderOf, type AlbumViewer } from "~/models/album.server";
import { getAdminPerson, getGuestIdentity, requireCaller } from "~/session.server";

/** The album's caller for /api routes: the host (any admin) or a guest; 401 for nobody. */
export async function requireAlbumViewer(request: Request): Promise<AlbumViewer> {
  const caller = await requireCaller(request);
  return caller.role === "admin" ? { role: "admin" } : { role: "guest", uploader: uploaderOf(caller.guest) };
}

/** For pages: the guest signed in (first), else an admin, else null. */
export async function albumViewerOrNull(request: Request): Promise<AlbumViewer | null> {
  const guest = await getGuestIdentity(request);
  if (guest) return { role: "guest", uploader: uploaderOf(guest) };
  return (await getAdminPerson(request)) ? { role: "admin" } : null;
}
