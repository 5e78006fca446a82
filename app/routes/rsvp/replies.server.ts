import type { SubmissionResult } from "@conform-to/react";
import type { Notice } from "~/components/guest/notice";
import type { RsvpActionData } from "~/components/guest/rsvp-form";
import type { GuestIdentity } from "~/session.server";
import { ForbiddenError } from "~/utils/errors";

/** The RSVP form's answers: a message to show, and (without JavaScript) which step to show open. */
export type Submission = { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> };

export const ok = (title: string, description?: string): Notice => ({ type: "success", title, description });
export const fail = (title: string, description?: string): Notice => ({ type: "error", title, description });

/** Rooms and members belong to parties: an individual guest asking is refused. */
export function requireParty(identity: GuestIdentity) {
  if (identity.type !== "party") throw new ForbiddenError();
  return identity.id;
}

/** Which step a failed answer (no JavaScript) should show open again. */
export function where(formData: FormData): RsvpActionData["where"] {
  const intent = String(formData.get("intent") ?? "");
  return intent.startsWith("room-") ? "rooms" : intent.startsWith("member-") ? "members" : undefined;
}

export function reopen(formData: FormData): RsvpActionData["open"] {
  const intent = formData.get("intent");
  const target = String(formData.get("target") ?? "");
  if (intent === "room-decline") return { kind: "decline", id: target };
  if (intent === "member-save" || intent === "member-remove") return { kind: "member", id: target || "new" };
  return null;
}


/**
 * The fields of a refused form whose text is over its limit: the answer does
 * not echo them back (issue 22: 40 KB typed into an e-mail field came back
 * twice in the page, in the field and in the hydration data).
 */
export function oversizedFields(formData: FormData, limits: Record<string, number>) {
  return Object.entries(limits)
    .filter(([name, max]) => formData.getAll(name).some((v) => typeof v === "string" && v.length > max))
    .map(([name]) => name);
}
