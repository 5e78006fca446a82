import type { Route } from "./+types/message-html";
import { getMail } from "~/models/outbox.server";
import { requireAdminPagePerson } from "~/session.server";
import { mailsForPerson } from "~/models/guest-credentials.server";

/**
 * A message's HTML part, as the guest's mail program shows it. Served on its
 * own with a policy that lets nothing in it run or load (sandboxed).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const person = await requireAdminPagePerson(request);
  // Issue 33: a viewer reads the mail without the guest's code in it.
  const mail = mailsForPerson(person, [getMail({ id: params.id })].filter((m) => m !== null))[0];
  if (!mail?.html) throw new Response("Not found", { status: 404 });
  return new Response(mail.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
