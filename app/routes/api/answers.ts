import type { Route } from "./+types/answers";
import { listAnswers, saveAnswers } from "~/models/answers.server";
import { answersPutSchema, answersQuerySchema } from "~/schemas/question";
import { requireAdmin, requireCaller, requireGuestFor } from "~/session.server";
import { handleApi, json, methodNotAllowed, parseWith, readJson } from "~/utils/api.server";

/** GET /api/answers?questionId=&eventId= (admin): {items, totals} (issue 24). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const url = new URL(request.url);
    const filter = parseWith(answersQuerySchema, Object.fromEntries(url.searchParams));
    return json(listAnswers(filter));
  });
}

/**
 * PUT /api/answers {partyId | guestId, answers}: a guest its own until the
 * deadline, the admin anyone's (host-only questions included). All or nothing.
 */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    await requireCaller(request);
    const { partyId, guestId, answers } = await readJson(request, answersPutSchema);
    const caller = await requireGuestFor(request, { partyId, guestId });
    const owner = partyId ? { partyId } : { guestId: guestId! };
    return json({ items: saveAnswers({ owner, answers, actor: caller.role }) });
  });
}
