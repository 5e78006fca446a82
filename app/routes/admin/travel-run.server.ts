import { data } from "react-router";
import { createDayDriverLink, createDriverLink, revokeDriverLink } from "~/models/driver-links.server";
import { requireRun } from "~/models/shuttle-runs.server";
import { sendRunMessage } from "~/models/run-messages.server";
import { driverLinkSchema, runMessageSchema } from "~/schemas/weekend";
import { redirectWithToast, requireAdminPagePerson } from "~/session.server";
import { parseWith } from "~/utils/api.server";
import { now } from "~/utils/clock.server";
import { isAppError } from "~/utils/errors";
import { publicOrigin } from "~/utils/origin.server";

/*
 * Issue 38: the run page's forms, the same model functions as
 * /api/shuttle-runs/{id}/driver-links, /api/driver-links (a link to the run's whole day), /api/driver-links/{id} and
 * /api/shuttle-runs/{id}/messages. A viewer never gets here (its POST is refused).
 */
export async function travelRunAction(request: Request, runId: string) {
  const person = await requireAdminPagePerson(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  const back = `/admin/travel/runs/${encodeURIComponent(runId)}`;
  try {
    if (intent === "revoke-driver-link") {
      revokeDriverLink(text("id"), now());
      return redirectWithToast(request, back, { type: "success", title: "Link revoked", description: "The driver's address no longer opens the list." });
    }
    if (intent === "run-message") {
      const sent = sendRunMessage(runId, parseWith(runMessageSchema, { text: text("text"), textPt: text("textPt") }), publicOrigin());
      return data({ intent, made: null, sent, error: null });
    }
    const input = parseWith(driverLinkSchema, { label: text("label"), expiresAt: text("expiresAt") });
    const opts = { createdBy: person.name, now: now() };
    const { token } = intent === "day-driver-link" ? createDayDriverLink(requireRun(runId).date, input, opts) : createDriverLink(runId, input, opts);
    return data({ intent: "driver-link", made: { url: `${publicOrigin()}/driver/${token}` }, sent: null, error: null });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ intent, made: null, sent: null, error: error.message }, { status: error.status });
  }
}
