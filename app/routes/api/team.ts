import type { Route } from "./+types/team";
import { inviteHelper, listTeam } from "~/models/team.server";
import { inviteSchema } from "~/schemas/team";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { kickMailer, mailSendingEnabled } from "~/utils/mailer.server";
import { now } from "~/utils/clock.server";
import { publicOrigin } from "~/utils/origin.server";

/** GET /api/team (owner; app/models/roles.server.ts keeps the team owner-only). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json({ items: listTeam() });
  });
}

/** POST /api/team {name, email, role}: 201 with the invitation link, shown this once (owner). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    const { member, inviteUrl } = inviteHelper(await readJson(request, inviteSchema), { linkBase: publicOrigin(), send: mailSendingEnabled(), now: now() });
    kickMailer();
    return json({ ...member, inviteUrl }, 201);
  });
}
