import { data } from "react-router";
import type { Notice } from "~/components/guest/notice";
import type { Messages } from "~/i18n";
import { identityToResponder } from "~/models/event-rsvps.server";
import { myTravelView } from "~/models/my-travel.server";
import { saveMyTravel } from "~/models/travel-answers.server";
import { myTravelSchema } from "~/schemas/travel";
import { redirectWithToast, type GuestIdentity } from "~/session.server";
import { parseWith } from "~/utils/api.server";
import { AppError } from "~/utils/errors";
import type { Lang } from "~/i18n";

const str = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** One leg from the form: null when all its fields are empty, else as typed (the schema names what is wrong). */
function legFrom(form: FormData, prefix: string) {
  const leg = { date: str(form, `${prefix}Date`), time: str(form, `${prefix}Time`), pointId: str(form, `${prefix}PointId`), number: str(form, `${prefix}Number`) };
  return leg.date || leg.time || leg.pointId || leg.number ? leg : null;
}

/** The travel form as PUT /api/my-travel's body; a member travels apart when any of their own fields is filled. */
export function travelInputFromForm(form: FormData, memberIds: string[]) {
  const members = memberIds
    .map((guestId) => ({ guestId, arrival: legFrom(form, `m.${guestId}.arrival`), departure: legFrom(form, `m.${guestId}.departure`) }))
    .filter((m) => m.arrival || m.departure);
  return {
    arrival: legFrom(form, "arrival"),
    departure: legFrom(form, "departure"),
    transfer: { arrival: form.get("transferArrival") === "on", departure: form.get("transferDeparture") === "on", seats: Number(str(form, "seats") || "1") },
    members,
  };
}

const draftOf = (form: FormData) => Object.fromEntries([...form.keys()].map((k) => [k, String(form.get(k))]));

/**
 * The guest's travel form on /my-rsvp (and /rsvp's thank-you page, which
 * posts here): the same model function as PUT /api/my-travel. A refusal comes
 * back with each message beside its field, in the page's language.
 */
export async function saveTravelForm({ request, identity, form, t, lang }: { request: Request; identity: GuestIdentity; form: FormData; t: Messages; lang: Lang }) {
  const view = myTravelView(identity, lang);
  try {
    const input = parseWith(myTravelSchema, travelInputFromForm(form, view.members.map((m) => m.guestId)));
    saveMyTravel({ owner: identityToResponder(identity), input, actor: "guest" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const notice: Notice = { type: "error", title: t.guest.error, description: error.status === 403 ? t.travel.closed : t.travel.failed };
    return data({ intent: "travel-save", notice, travelErrors: error.errors ?? {}, travelDraft: draftOf(form) }, { status: error.status });
  }
  return redirectWithToast(request, "/my-rsvp#travel", { type: "success", title: t.travel.saved, description: t.travel.savedText });
}
