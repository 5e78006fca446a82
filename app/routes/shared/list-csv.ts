import type { Route } from "./+types/list-csv";
import { openShareLink } from "~/models/share-links.server";
import { now } from "~/utils/clock.server";
import { csvDownload } from "~/utils/csv.server";
import { isAppError } from "~/utils/errors";
import { SHARED_LISTS } from "./lists.server";

/** GET /shared/{token}.csv: the shared list's CSV, the admin's export byte for byte (issue 27); 404 once revoked or expired. */
export async function loader({ request, params }: Route.LoaderArgs) {
  let opened;
  try {
    opened = openShareLink(params.token, now());
  } catch (error) {
    if (isAppError(error) && error.status === 404) {
      return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" } });
    }
    throw error;
  }
  const { rows, filename } = SHARED_LISTS[opened.list].csv(opened.eventId, new URL(request.url).searchParams);
  const res = csvDownload(request, rows, filename);
  res.headers.set("X-Robots-Tag", "noindex");
  res.headers.set("Cache-Control", "no-store");
  return res;
}
