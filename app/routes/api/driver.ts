import type { Route } from "./+types/driver";
import { driverListView, openDriverLink } from "~/models/driver-links.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { now } from "~/utils/clock.server";

const headers = { "X-Robots-Tag": "noindex", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/**
 * GET /api/driver/{token}: the run's list for its driver (names, people, flight or train, time, phone, boarded);
 * a day's link: {day, runs: [each run's list by time], boarded, missing}. 404 once revoked or expired.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  return handleApi(() => {
    const link = openDriverLink(params.token, now());
    const lang = new URL(request.url).searchParams.get("lang") === "pt" ? "pt" : "en";
    return json(driverListView(link, lang), { headers });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
