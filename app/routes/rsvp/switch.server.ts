import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Messages } from "~/i18n";
import { langCookieFromUrl } from "~/i18n/lang.server";
import { emailTokenOwner } from "~/models/email-sign-in.server";
import { guestSessionData } from "~/models/guest-auth.server";
import { inviteeName, sameInvitee } from "~/models/invitee-name.server";
import { switchInvitationSchema, type SwitchLink } from "~/schemas/guest-switch";
import { getGuestIdentity, redirectWithToast, type GuestIdentity } from "~/session.server";
import { now } from "~/utils/clock.server";
import { ok } from "./replies.server";
import { lookUpInvitation, signInByEmailToken, startGuestSession } from "./sign-in.server";

/*
 * Issue 22, finding 8 (login CSRF): an invite link or e-mail link still signs
 * in a visitor with no session at once (SPEC.md), but a visitor already signed
 * in as another invitee is asked first, and the switch is a same-site POST.
 */

export type SwitchQuestion = { current: string; other: string; link: SwitchLink; action: string };

/** The question to ask, or null when the link may sign in at once (no session, the same invitee, or a session whose invitee is gone). */
export async function switchQuestion(request: Request, target: GuestIdentity, link: SwitchLink): Promise<SwitchQuestion | null> {
  const current = await getGuestIdentity(request);
  if (!current || sameInvitee(current, target)) return null;
  const currentName = inviteeName(current);
  const otherName = inviteeName(target);
  if (!currentName || !otherName) return null;
  // The answer goes to /rsvp without the secret in the address, keeping the link's language.
  const lang = new URL(request.url).searchParams.get("lang");
  const action = lang === "pt" || lang === "en" ? `/rsvp?lang=${lang}` : "/rsvp";
  return { current: currentName, other: otherName, link, action };
}

/** Whose the e-mail link is, without using it up. */
export const emailLinkOwner = (token: string) => emailTokenOwner({ token, now: now() });

/** The confirmed switch: the same sign-in (and limits) as the link itself would have done. */
export async function switchInvitationAction(request: Request, context: unknown, formData: FormData, t: Messages) {
  const submission = parseWithZod(formData, { schema: switchInvitationSchema });
  if (submission.status !== "success") return redirect("/rsvp");
  const { code, emailToken } = submission.value;
  const found = code
    ? lookUpInvitation({ context, method: "code", identifier: code, page: "rsvp", t })
    : signInByEmailToken({ token: emailToken!, t });
  // Refused (a code changed since, a used link, too many tries): the visitor stays who they were, and is told why.
  if ("failure" in found) {
    const { title, description, headers } = found.failure;
    return redirectWithToast(request, "/rsvp", { type: "error", title, description }, { headers });
  }
  const answered = !!guestSessionData(found.identity)?.data.rsvp;
  const toast = answered ? ok(t.guest.alreadyAnswered, t.guest.alreadyAnsweredText) : undefined;
  const headers = await startGuestSession(request, found.identity, toast);
  const langCookie = await langCookieFromUrl(request);
  if (langCookie) headers.append("Set-Cookie", langCookie);
  return redirect(answered ? "/my-rsvp" : "/rsvp", { headers });
}
