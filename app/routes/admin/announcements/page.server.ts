import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { pageWindow } from "~/components/admin/pagination";
import { urlWithout } from "~/components/admin/url-state";
import { correctAnnouncement, countAnnouncements, listAnnouncements, previewAnnouncement, sendAnnouncement, withdrawAnnouncement } from "~/models/announcements.server";
import { listEvents } from "~/models/events.server";
import { listInvitations, type Invitee } from "~/models/invitations.server";
import { mailSendingConfigured } from "~/models/outbox.server";
import { announcementCorrectionFormSchema, announcementSchema, anyFormSchema, CHOICES_STEP, listingIntent } from "~/schemas/announcements";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { publicOrigin } from "~/utils/origin.server";


/** A row of the list to tick: no contact details beyond whether mail can reach them. */
const toChoice = (i: Invitee) => ({
  type: i.type,
  id: i.id,
  name: i.name,
  memberCount: i.memberCount,
  email: i.emails.length > 0,
  phone: !!i.phone,
});
export type Choice = ReturnType<typeof toChoice>;

/**
 * The rows to tick: those matching the search, `shown` at most, and every
 * row already ticked (so searching again never loses a tick). Searching and
 * "Show more" post the whole form, so the texts typed stay, JavaScript or not.
 */
export function inviteeChoices({ q, shown = CHOICES_STEP, ticked = new Set<string>() }: { q?: string; shown?: number; ticked?: Set<string> }) {
  const needle = q?.trim() || undefined;
  const matches = listInvitations({ q: needle });
  const visible = new Set(matches.slice(0, shown).map((i) => i.id));
  // Ticked rows outside the search are read again only when there are some.
  const pool = needle && ticked.size ? listInvitations() : matches;
  const rows = pool.filter((i) => visible.has(i.id) || ticked.has(i.id)).map(toChoice);
  return { rows, matches: matches.length, shown, q: q ?? "", ticked: [...ticked] };
}

/**
 * Each sent item carries its texts (both languages, in the markup and in the
 * page's data) and its WhatsApp list, about 5 KB for a long one: 10 a page
 * keeps the page under the 100 KB admin HTML budget (the compose form ~40 KB).
 */
const SENT_PAGE_SIZE = 10;

export async function announcementsLoader(request: Request) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  // The sent list, newest first, SENT_PAGE_SIZE a page (`?page=N`): it grows with every news item sent.
  const { offset, limit, pagination } = pageWindow(countAnnouncements(), url, SENT_PAGE_SIZE);
  return {
    smtp: mailSendingConfigured(),
    events: listEvents().map((e) => ({ id: e.id, title: e.title })),
    choices: inviteeChoices({}),
    announcements: listAnnouncements({ offset, limit }),
    pagination,
    editing: url.searchParams.get("edit"),
  };
}

const pageSearchSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  shown: z.coerce.number().int().min(CHOICES_STEP).max(5000).optional().catch(undefined),
});

function tickedIn(formData: FormData) {
  return new Set([...formData.getAll("audience.partyIds"), ...formData.getAll("audience.guestIds")].map(String));
}

/** Back to the page of the sent list the host acted on (its `?page=`), the correction form closed. */
const samePage = (request: Request) => urlWithout(request.url, ["edit"]);

const failure = (description: string, status: number) => data({ toast: { type: "error" as const, title: "Nothing sent", description } }, { status });

/**
 * The page's forms: "search" / "preview" echo the compose form back (with
 * the list or the preview), "send" stores and mails, "correct" and
 * "withdraw" act on a sent one. Each calls the model function the API calls.
 */
export async function announcementsAction(request: Request) {
  await requireAdminPage(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const origin = publicOrigin();
  const search = pageSearchSchema.parse(Object.fromEntries(formData));
  // "Show more" adds a step to what was shown; a new search starts again from the first step.
  const shown = intent === "more" ? (search.shown ?? CHOICES_STEP) + CHOICES_STEP : intent === "search" ? CHOICES_STEP : search.shown;
  const choices = () => inviteeChoices({ q: search.q, shown, ticked: tickedIn(formData) });

  try {
    if (intent === "withdraw") {
      const a = withdrawAnnouncement({ id: String(formData.get("id") ?? "") });
      return redirectWithToast(request, samePage(request), { type: "success", title: "Withdrawn", description: `"${a.subject}" no longer shows on guests' pages.` });
    }
    if (intent === "correct") {
      const id = String(formData.get("id") ?? "");
      const submission = parseWithZod(formData, { schema: announcementCorrectionFormSchema });
      if (submission.status !== "success") return data({ correction: { id, result: submission.reply() } }, { status: 400 });
      // The page always posts all four texts: an emptied Portuguese field means "use the English".
      const v = submission.value;
      const { queued } = correctAnnouncement({ ...v, subjectPt: v.subjectPt ?? null, bodyPt: v.bodyPt ?? null, id, origin });
      return redirectWithToast(request, samePage(request), {
        type: "success",
        title: "Correction saved",
        description: v.resend ? `The corrected text was queued for ${queued} e-mail${queued === 1 ? "" : "s"}.` : "Guests' pages show the new text; no mail was sent.",
      });
    }
    if (listingIntent(intent)) {
      const submission = parseWithZod(formData, { schema: anyFormSchema });
      return { result: submission.reply(), choices: choices() };
    }
    const submission = parseWithZod(formData, { schema: announcementSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), choices: choices() }, { status: 400 });
    if (intent !== "preview" && intent !== "send") return failure("Choose Preview or Send.", 400);
    if (intent === "preview") return { result: submission.reply(), choices: choices(), preview: previewAnnouncement(submission.value) };
    const sent = sendAnnouncement({ ...submission.value, origin });
    const smtp = mailSendingConfigured();
    const parts = [
      `${sent.recipients} recipient${sent.recipients === 1 ? "" : "s"}`,
      `${sent.queued} e-mail${sent.queued === 1 ? "" : "s"} ${smtp ? "queued" : "stored, not sent (SMTP_URL is not set)"}`,
    ];
    if (sent.skipped.length) parts.push(`${sent.skipped.length} without an e-mail: use WhatsApp below`);
    return redirectWithToast(request, "/admin/announcements", { type: "success", title: "Announcement sent", description: `${parts.join("; ")}.` });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (intent === "withdraw" || intent === "correct") return failure(error.message, error.status);
    const submission = parseWithZod(formData, { schema: anyFormSchema });
    return data({ result: submission.reply({ formErrors: [error.message] }), choices: choices(), toast: { type: "error" as const, title: "Nothing sent", description: error.message } }, { status: error.status });
  }
}
