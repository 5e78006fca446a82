import type { Route } from "./+types/admin-album";
import { countByStatus, listPhotosForHost } from "~/models/album.server";
import { albumStatusQuery, pageParam } from "~/schemas/album";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, parseWith } from "~/utils/api.server";

/**
 * GET /api/admin/album?status=waiting|shown|hidden&page=N (admin): the
 * photos in that state (waiting by default), 48 a page, with who shared
 * them -> {photos, page, pages, total, counts}.
 */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const url = new URL(request.url);
    const status = parseWith(albumStatusQuery, url.searchParams.get("status") ?? "waiting");
    const page = pageParam(url.searchParams.get("page"));
    const { photos, pages, total } = listPhotosForHost(status, page);
    return json({
      photos: photos.map(({ partyId, guestId, ...p }) => ({ ...p, partyId, guestId, thumb: `/album/photos/${p.id}/thumb.webp`, original: `/album/photos/${p.id}/original` })),
      page,
      pages,
      total,
      counts: countByStatus(),
    });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
