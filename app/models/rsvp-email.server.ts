import { weekend } from "~/i18n/catalog/weekend";
import { env } from "~/env.server";
import { fmt, type Lang } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import { formatDate, formatEuro, formatIban, formatTimeRange } from "~/utils/format";
import { enqueueMail } from "~/models/outbox.server";
import type { GuestIdentity } from "./identity";
import { kickMailer, mailSendingEnabled } from "~/utils/mailer.server";
import { loadGuestView, type GuestView } from "./guest-view.server";
import { ledgerMailLines } from "./ledger-lines";
import { escapeHtml, mailDocument, paragraphsHtml } from "./mail-html";

/** `paragraphs`: the host's own text, after the lines (see paragraphsOf). */
export type Block = { heading?: string; lines: string[]; paragraphs?: string[]; link?: { label: string; url: string } };

/** The mail's content as blocks, so the text and HTML versions say the same thing. */
export function composeRsvpEmail(view: GuestView, lang: Lang, link: string) {
  const t = messagesFor(lang);
  const m = t.email;
  const rsvp = view.rsvp;
  if (!rsvp) return null;
  const title = view.config.eventTitle;
  const blocks: Block[] = [
    { lines: [fmt(m.greeting, { name: view.name }), rsvp.attending ? m.thanksAttending : m.thanksNotAttending] },
  ];

  const answer = [rsvp.attending ? m.attending : m.notAttending];
  if (rsvp.attending) {
    answer.push(
      fmt(m.guests, { total: rsvp.guestCount, adults: rsvp.adultsCount, kids: rsvp.kidsCount, babies: rsvp.babiesCount }),
    );
  }
  if (rsvp.dietaryRestrictions) answer.push(fmt(m.dietary, { text: rsvp.dietaryRestrictions }));
  if (rsvp.messageToHost) answer.push(fmt(m.message, { text: rsvp.messageToHost }));
  blocks.push({ heading: m.yourAnswer, lines: answer });

  // Issue 24: the answers to the host's questions that apply, each person's under their name.
  const answered = view.questions.flatMap((q) =>
    q.answers
      .filter((a) => a.applies && a.display !== null)
      .map((a) => {
        const person = q.per === "person" && a.target ? view.members.find((p) => p.id === a.target) : undefined;
        return `${q.text}${person ? ` (${person.firstName})` : ""}: ${a.display}`;
      }),
  );
  if (rsvp.attending && answered.length) blocks.push({ heading: t.questions.yourAnswers, lines: answered });

  if (view.events.length) {
    blocks.push({
      heading: m.events,
      lines: view.events.map((e) =>
        fmt(view.eventAnswers[e.id] ? m.eventAttending : m.eventNotAttending, { title: e.title, date: e.date, time: formatTimeRange(e.timeFrom, e.timeTo, lang) }),
      ),
    });
  }

  if (view.rooms.length) {
    const status = { pending: t.guest.roomStatusPending, confirmed: t.guest.roomStatusConfirmed, declined: t.guest.roomStatusDeclined };
    blocks.push({
      heading: m.rooms,
      lines: view.rooms.map((r) =>
        fmt(m.roomLine, { quantity: r.quantity, name: r.roomType.name, status: r.isPaid ? `${status[r.confirmationStatus]} (${t.guest.paid})` : status[r.confirmationStatus] }),
      ),
    });
    const pay = view.owed;
    if (rsvp.attending && pay.lines.length) {
      const lines = pay.lines.map((l) =>
        fmt(m.paymentLine, { quantity: l.quantity, name: l.name, perNight: formatEuro(l.perNight, lang), total: formatEuro(l.lineTotal, lang) }),
      );
      lines.push(fmt(m.totalCost, { total: formatEuro(pay.total, lang) }));
      if (pay.deadline) lines.push(fmt(m.deadline, { date: formatDate(pay.deadline, lang) }));
      const how = view.payment;
      if (!how) lines.push(m.paymentPending);
      else {
        if (how.bank) {
          const { holder, iban, bic, bankName } = how.bank;
          lines.push(fmt(m.bankTransfer, { holder: holder ?? "", iban: formatIban(iban), bic: bic ?? "", bank: bankName ?? "" }).replace(/(, )+$/, ""));
        }
        if (how.transfer) lines.push(fmt(m.moneyTransfer, { url: how.transfer.url }));
        if (how.mobile) lines.push(fmt(m.mobilePayment, { app: how.mobile.app ?? "", phone: how.mobile.phone }).replace(/^: /, ""));
        if (how.note) lines.push(how.note);
        lines.push(view.code ? fmt(m.reference, { code: view.code }) : fmt(m.referenceRef, { reference: view.reference }));
      }
      blocks.push({ heading: m.payment, lines });
    }
    // Issue 25: what has arrived and what is left, with the party's reference.
    if (rsvp.attending && view.ledger && (view.ledger.due !== 0 || view.ledger.paid > 0)) {
      blocks.push({ heading: t.ledger.title, lines: ledgerMailLines(view.ledger, pay.deadline, lang) });
    }
  }

  blocks.push({
    heading: m.event,
    lines: [
      fmt(m.eventWhen, { date: view.config.eventDate, time: view.config.eventTime }),
      fmt(m.eventWhere, { venue: view.config.venueName, address: view.config.venueAddress }),
    ],
  });
  blocks.push({ lines: [m.linkIntro], link: { label: m.linkLabel, url: link } });
  // Issue 38: the days themselves, on one page that opens without signal.
  if (rsvp.attending) blocks.push({ lines: [weekend[lang].mailIntro], link: { label: weekend[lang].pageTitle, url: `${new URL(link).origin}/my-weekend` } });
  blocks.push({ lines: [m.signOff] });

  const subject = fmt(rsvp.attending ? m.subjectAttending : m.subjectNotAttending, { title });
  return { subject, text: toText(blocks), html: toHtml(blocks, title, lang) };
}

export function toText(blocks: Block[]) {
  return blocks
    .map((b) =>
      [b.heading ? `${b.heading}\n${"-".repeat(b.heading.length)}` : null, ...b.lines, b.paragraphs?.join("\n\n"), b.link?.url ?? null].filter(Boolean).join("\n"),
    )
    .join("\n\n")
    .concat("\n");
}


export function toHtml(blocks: Block[], title: string, lang: Lang) {
  const body = blocks
    .map((b) => {
      const heading = b.heading
        ? `<h2 style="font-family:Georgia,serif;color:#6b1f2e;font-size:20px;margin:0 0 8px">${escapeHtml(b.heading)}</h2>`
        : "";
      const lines = b.lines.map((l) => `<p style="margin:0 0 6px">${escapeHtml(l)}</p>`).join("") + paragraphsHtml(b.paragraphs ?? []);
      const link = b.link
        ? `<p style="margin:12px 0 0"><a href="${escapeHtml(b.link.url)}" style="display:inline-block;background:#6b1f2e;color:#ffffff;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(b.link.label)}</a></p>`
        : "";
      return `<div style="margin:0 0 22px">${heading}${lines}${link}</div>`;
    })
    .join("");
  return mailDocument(title, lang, body);
}

/** Where the mail's button leads: the invite link (signs in, then My RSVP) or My RSVP. */
function linkBack(view: GuestView, origin: string) {
  const base = (env().PUBLIC_URL ?? origin).replace(/\/+$/, "");
  return view.code ? `${base}/rsvp?code=${encodeURIComponent(view.code)}` : `${base}/my-rsvp`;
}

/**
 * Writes the confirmation mail of a just-saved RSVP into the outbox (inside
 * the caller's transaction, so the answer and its mail are stored together).
 * Never throws: the RSVP is saved whatever happens to its mail. The caller
 * wakes the sender once the transaction is committed (`sendQueuedMail`).
 */
export function queueRsvpConfirmation({ identity, lang, origin }: { identity: GuestIdentity; lang: Lang; origin: string }) {
  try {
    const view = loadGuestView(identity, lang);
    if (!view) return null;
    const mail = composeRsvpEmail(view, lang, linkBack(view, origin));
    if (!mail) return null;
    return enqueueMail({
      to: view.recipients,
      ...mail,
      send: mailSendingEnabled(),
      kind: "confirmation",
      partyId: identity.type === "party" ? identity.id : null,
      guestId: identity.type === "guest" ? identity.id : null,
    });
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "could not queue the RSVP e-mail", error: String(error) }));
    return null;
  }
}

/** Wakes the background sender for a mail queued by a committed transaction. */
export function sendQueuedMail(row: { status: string } | null) {
  if (row?.status === "pending") kickMailer();
}
