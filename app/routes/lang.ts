import { redirect } from "react-router";
import type { Route } from "./+types/lang";
import { isLang } from "~/i18n";
import { langCookie } from "~/i18n/lang.server";
import { rememberInviteeLanguage } from "~/models/invitee-tracking.server";
import { getGuestIdentity } from "~/session.server";
import { safeRedirect } from "~/utils/safe-redirect";

/** The language switch: a plain form, so it works without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = form.get("lang");
  const to = safeRedirect(form.get("redirectTo"));
  if (!isLang(lang)) return redirect(to);
  // A signed-in guest's choice is also theirs for every later message (issue 13).
  const identity = await getGuestIdentity(request);
  if (identity) rememberInviteeLanguage(identity, lang);
  return redirect(to, { headers: { "Set-Cookie": await langCookie.serialize(lang) } });
}

export function loader() {
  return redirect("/");
}
