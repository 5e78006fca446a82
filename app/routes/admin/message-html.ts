import type { Route } from "./+types/message-html";
import { getMail } from "~/models/outbox.server";
import { requireAdminPage } from "~/session.server";

/**
 * A message's HTML part, as the guest's mail program shows it. Served on its
 * own with a policy that lets nothing in it run or load (sandboxed).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const mail = getMail({ id: params.id });
  if (!mail?.html) throw new Response("Not found", { status: 404 });
  return new Response(mail.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
