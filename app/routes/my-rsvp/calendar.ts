import { redirect } from "react-router";
import type { Route } from "./+types/calendar";
import { loadGuestView } from "~/models/guest-view.server";
import { getGuestIdentity } from "~/session.server";
import { buildIcs, mainEventToCalendar, sideEventToCalendar } from "~/utils/calendar";

/**
 * "Add to Calendar": an .ics file with the celebration and the side events
 * the guest attends. Only for a signed-in guest (it reflects their answers).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const identity = await getGuestIdentity(request);
  const view = identity ? loadGuestView(identity) : null;
  if (!view) throw redirect("/my-rsvp");
  const { config } = view;
  const location = `${config.venueName}, ${config.venueAddress}`;
  const link = `${new URL(request.url).origin}/my-rsvp`;
  const events = [
    mainEventToCalendar({ ...config, description: link }),
    ...view.events
      .filter((e) => view.eventAnswers[e.id])
      .map((e) => sideEventToCalendar({ ...e, location }))
      .filter((e) => e !== null),
  ];
  return new Response(buildIcs(events, { name: config.eventTitle }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="celebration.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
