import { desc, inArray } from "drizzle-orm";
import { runMessages } from "../../db/schema";
import { db, immediate } from "../db.server";
import { fmt, type Lang } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import { weekend } from "~/i18n/catalog/weekend";
import { formatDayMonth } from "~/utils/format";
import { kickMailer, mailSendingEnabled } from "~/utils/mailer.server";
import type { RunMessageInput } from "../schemas/weekend";
import { recordActivity } from "./activity.server";
import { runTravellerOwners } from "./boarding.server";
import { getEventConfig, localizeEventConfig } from "./event-config.server";
import { loadInvitees } from "./invitations.server";
import { groupsHtml, mailDocument } from "./mail-html";
import { enqueueMail } from "./outbox.server";
import { requireRun, runLabel } from "./shuttle-runs.server";

/*
 * Issue 38: a day-of message to the parties of one run ("the bus waits at
 * exit 3"): a mail on the priority lane to each in their language, a
 * WhatsApp link per party with a phone for the host's own phone, and the
 * message on their My weekend from the moment it is sent.
 */

const pick = (m: { text: string; textPt: string | null }, lang: Lang) => (lang === "pt" && m.textPt ? m.textPt : m.text);

export function sendRunMessage(runId: string, input: RunMessageInput, origin: string) {
  const run = requireRun(runId);
  const owners = runTravellerOwners(runId);
  const partyIds = [...new Set(owners.map((o) => o.partyId).filter((x): x is string => !!x))];
  const guestIds = [...new Set(owners.filter((o) => !o.partyId).map((o) => o.guestId!))];
  const invitees = partyIds.length || guestIds.length ? loadInvitees({ partyIds, guestIds }) : [];
  const { message, mails } = immediate(() => {
    const message = db.insert(runMessages).values({ runId, text: input.text, textPt: input.textPt }).returning().get();
    const mails = invitees.map((i) => {
      const t = messagesFor(i.language);
      const title = localizeEventConfig(getEventConfig(), i.language).eventTitle;
      const when = `${formatDayMonth(run.date, i.language)}, ${run.time}`;
      const w = weekend[i.language];
      const lines = [fmt(t.email.greeting, { name: i.name }), "", fmt(w.mailAbout, { when }), "", pick(input, i.language), "", `${origin}/my-weekend`];
      return enqueueMail({
        to: i.emails,
        subject: fmt(w.mailSubject, { title }),
        text: `${lines.join("\n")}\n`,
        html: mailDocument(title, i.language, groupsHtml(lines)),
        send: mailSendingEnabled(),
        kind: "run-message",
        partyId: i.type === "party" ? i.id : null,
        guestId: i.type === "guest" ? i.id : null,
      });
    });
    recordActivity({ actor: "admin", kind: "announcement", summary: `Message to the ${runLabel(run)}: ${input.text}` });
    return { message, mails };
  });
  if (mails.some((m) => m.status === "pending")) kickMailer();
  return {
    id: message.id,
    runId,
    text: message.text,
    textPt: message.textPt,
    createdAt: message.createdAt,
    mailed: mails.filter((m) => m.to).length,
    whatsapp: invitees
      .filter((i) => i.phone)
      .map((i) => ({ name: i.name, phone: i.phone!, url: `https://wa.me/${i.phone!.replace(/\D/g, "")}?text=${encodeURIComponent(pick(input, i.language))}` })),
  };
}

/** The messages of these runs, newest first, in `lang` (a guest's My weekend: only their own runs' ids are passed). */
export function messagesForRuns(runIds: string[], lang: Lang) {
  if (!runIds.length) return [];
  return db
    .select()
    .from(runMessages)
    .where(inArray(runMessages.runId, runIds))
    .orderBy(desc(runMessages.createdAt))
    .all()
    .map((m) => ({ id: m.id, runId: m.runId, text: pick(m, lang), at: m.createdAt }));
}
