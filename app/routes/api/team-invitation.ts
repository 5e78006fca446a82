import type { Route } from "./+types/team-invitation";
import { reinviteHelper } from "~/models/team.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { kickMailer, mailSendingEnabled } from "~/utils/mailer.server";
import { now } from "~/utils/clock.server";
import { publicOrigin } from "~/utils/origin.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/team/{id}/invitation: a new 72-hour link (the old one stops working), shown once (owner). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    const { member, inviteUrl } = reinviteHelper(params.id, { linkBase: publicOrigin(), send: mailSendingEnabled(), now: now() });
    kickMailer();
    return json({ ...member, inviteUrl }, 201);
  });
}
