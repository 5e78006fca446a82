import type { Route } from "./+types/messages";
import { listOutbox } from "~/models/outbox.server";
import { requireAdminPerson } from "~/session.server";
import { mailsForPerson } from "~/models/guest-credentials.server";
import { handleApi, json } from "~/utils/api.server";

/** GET /api/messages (admin): the outbox, newest first (the Messages page's list). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const person = await requireAdminPerson(request);
    return json(mailsForPerson(person, listOutbox({ limit: 1000 })));
  });
}
