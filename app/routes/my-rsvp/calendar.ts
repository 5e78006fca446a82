import { redirect } from "react-router";
import type { Route } from "./+types/calendar";
import { getLang } from "~/i18n/lang.server";
import { loadGuestView } from "~/models/guest-view.server";
import { calendarPickups } from "~/models/my-travel.server";
import { getGuestIdentity } from "~/session.server";
import { calendarFor, mainEventToCalendar, parseEventDate, parseTime, sideEventToCalendar } from "~/utils/calendar";
import { publicOrigin } from "~/utils/origin.server";

/**
 * "Add to Calendar": an .ics file with the celebration and the side events
 * the guest attends, in the guest's language. Only for a signed-in guest (it
 * reflects their answers). The times come from the guest's language when they
 * can be read, else from the English texts.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const identity = await getGuestIdentity(request);
  const lang = await getLang(request);
  const view = identity ? loadGuestView(identity, lang) : null;
  if (!view) throw redirect("/my-rsvp");
  const english = lang === "en" ? view : (loadGuestView(identity!, "en") ?? view);
  const readable = <T extends string>(text: T, fallback: T, parse: (t: string) => unknown) => (parse(text) ? text : fallback);

  const { config } = view;
  const location = `${config.venueName}, ${config.venueAddress}`;
  const link = `${publicOrigin()}/my-rsvp`;
  const main = mainEventToCalendar({
    ...config,
    eventDate: readable(config.eventDate, english.config.eventDate, parseEventDate),
    eventTime: readable(config.eventTime, english.config.eventTime, parseTime),
    description: link,
  });
  const sideEvents = [
    ...view.events
      .filter((e) => view.eventAnswers[e.id])
      .map((e) => {
        const en = english.events.find((x) => x.id === e.id) ?? e;
        return sideEventToCalendar({
          ...e,
          date: readable(e.date, en.date, parseEventDate),
          timeFrom: readable(e.timeFrom, en.timeFrom, parseTime),
          timeTo: readable(e.timeTo, en.timeTo, parseTime),
          location,
        });
      })
      .filter((e) => e !== null),
  ];
  // Issue 26: the party's pickups, texts in `lang`.
  const pickups = calendarPickups(identity!, lang);
  return new Response(calendarFor({ celebration: main, sideEvents, pickups, name: config.eventTitle }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="celebration.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
