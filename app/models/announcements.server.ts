import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { announcementRecipients, announcements, eventRsvps, guests, partyRoomAssignments, type AnnouncementAudience } from "../../db/schema";
import { db, immediate, prepared } from "../db.server";
import { fmt, type Lang } from "../i18n";
import { messagesFor } from "../i18n/messages";
import { kickMailer } from "../utils/mailer.server";
import { ConflictError, NotFoundError, ValidationError } from "../utils/errors";
import type { AnnouncementCorrection, AnnouncementInput, AudienceInput } from "../schemas/announcements";
import { recordActivity } from "./activity.server";
import { getEventConfig, type EventConfig } from "./event-config.server";
import { requireEvent } from "./events.server";
import type { GuestIdentity } from "./identity";
import { inviteLinkFor, invitationTexts, loadInvitees, refOf, requireInvitees, whatsappUrl, type Invitee, type InviteeRef } from "./invitations.server";
import { paragraphsOf } from "./mail-html";
import { enqueueMail } from "./outbox.server";
import { toHtml, toText, type Block } from "./rsvp-email.server";

/*
 * Issue 23: news from the host to chosen guests. A recipient is an invitee
 * (a party, or an individual guest), as for invitations: one mail each, in
 * their language, through the outbox (kind "announcement", the bulk lane).
 * Who received what is fixed at sending in announcement_recipients; the
 * guest's page reads only its own rows.
 */

export type Texts = { subject: string; body: string; subjectPt: string | null; bodyPt: string | null };
export type Announcement = typeof announcements.$inferSelect;
export type SkippedRecipient = ({ partyId: string } | { guestId: string }) & { reason: "no-email" };

const uniq = (ids: string[] | undefined) => [...new Set(ids ?? [])];

/** Parties with a room the host set aside (not declined) or a confirmed one; a party that said no is not staying. */
function partiesWithRooms(confirmedOnly: boolean) {
  const status = confirmedOnly ? eq(partyRoomAssignments.confirmationStatus, "confirmed") : ne(partyRoomAssignments.confirmationStatus, "declined");
  return db.selectDistinct({ partyId: partyRoomAssignments.partyId }).from(partyRoomAssignments).where(status).all().map((r) => r.partyId);
}

/** Those with an attending answer for the event: a party member's answer counts for the party. Unknown event: 404. */
function attendeesOf(eventId: string) {
  requireEvent({ id: eventId });
  const rows = db
    .select({ partyId: eventRsvps.partyId, guestId: eventRsvps.guestId, memberOf: guests.partyId })
    .from(eventRsvps)
    .leftJoin(guests, eq(guests.id, eventRsvps.guestId))
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.attending, true)))
    .all();
  return {
    partyIds: uniq(rows.map((r) => r.partyId ?? r.memberOf).filter((v): v is string => !!v)),
    guestIds: uniq(rows.filter((r) => r.guestId && !r.memberOf).map((r) => r.guestId!)),
  };
}

/**
 * The invitees an audience names, read in a handful of queries whatever
 * their number (loadInvitees reads the lists whole). "attending" is a yes to
 * the main RSVP, so a declined party is never in it.
 */
export function resolveAudience(audience: AudienceInput): Invitee[] {
  switch (audience.kind) {
    case "chosen":
      return requireInvitees(uniq(audience.partyIds), uniq(audience.guestIds));
    case "event":
      return loadInvitees(attendeesOf(audience.eventId ?? ""));
    case "rooms":
    case "rooms-confirmed":
      return loadInvitees({ partyIds: partiesWithRooms(audience.kind === "rooms-confirmed"), guestIds: [] }).filter((i) => i.attending !== false);
    case "attending":
      return loadInvitees().filter((i) => i.attending === true);
    case "declined":
      return loadInvitees().filter((i) => i.attending === false);
    case "pending":
      return loadInvitees().filter((i) => i.attending === null);
    case "all":
      return loadInvitees();
  }
}

/** The subject and text a reader of `lang` gets: each Portuguese field falls back to the English. */
export function textsIn(a: Texts, lang: Lang) {
  return lang === "pt" ? { subject: a.subjectPt || a.subject, body: a.bodyPt || a.body } : { subject: a.subject, body: a.body };
}

/** Where the mail's button leads: the invitee's own link (signs in) or /my-rsvp. */
const pageLink = (i: Invitee, origin: string) => (i.code ? inviteLinkFor(origin, i.code) : `${origin.replace(/\/+$/, "")}/my-rsvp`);

/** The announcement's mail in the recipient's language (text and HTML say the same; HTML escapes everything). */
export function composeAnnouncementEmail(a: Texts, i: Invitee, origin: string, { correction = false, config = getEventConfig() }: { correction?: boolean; config?: EventConfig } = {}) {
  const t = messagesFor(i.language);
  const { subject, body } = textsIn(a, i.language);
  const blocks: Block[] = [
    { lines: [fmt(t.invitations.greeting, { name: i.name })] },
    { lines: [], paragraphs: paragraphsOf(body) },
    { lines: [t.announcements.mailLinkIntro], link: { label: t.announcements.mailLinkLabel, url: pageLink(i, origin) } },
  ];
  return {
    subject: correction ? fmt(t.announcements.correctionSubject, { subject }) : subject,
    text: toText(blocks),
    html: toHtml(blocks, invitationTexts(config, i.language).title, i.language),
  };
}

/** One mail per recipient with an e-mail; the others are listed for WhatsApp. Call inside a transaction. */
function mailRecipients(a: Texts, recipients: Invitee[], origin: string, correction: boolean) {
  const config = getEventConfig();
  const skipped: SkippedRecipient[] = [];
  let queued = 0;
  for (const i of recipients) {
    if (!i.emails.length) {
      skipped.push({ ...refOf(i), reason: "no-email" });
      continue;
    }
    const mail = composeAnnouncementEmail(a, i, origin, { correction, config });
    enqueueMail({ ...mail, to: i.emails, kind: "announcement", ...refOf(i), replyTo: config.hostEmail });
    queued++;
  }
  return { queued, skipped };
}

/** What the page shows before sending: how many, how many by e-mail, and the text in each language. */
export function previewAnnouncement(input: AnnouncementInput) {
  const recipients = resolveAudience(input.audience);
  const withEmail = recipients.filter((i) => i.emails.length).length;
  return {
    recipients: recipients.length,
    withEmail,
    withoutEmail: recipients.length - withEmail,
    en: textsIn(input, "en"),
    pt: textsIn(input, "pt"),
  };
}

const summaryOf = (subject: string) => `"${subject.length > 80 ? `${subject.slice(0, 79)}…` : subject}"`;

/**
 * POST /api/announcements and the page's "Send": stores the announcement
 * and its recipients and queues the mails, all in one transaction, so a
 * refused request (empty audience, unknown event or id) leaves nothing.
 */
export function sendAnnouncement(input: AnnouncementInput & { origin: string }) {
  const result = immediate(() => {
    const recipients = resolveAudience(input.audience);
    if (!recipients.length) throw new ValidationError("Nobody is in this audience.", { audience: ["Nobody is in this audience."] });
    const audience: AnnouncementAudience = { kind: input.audience.kind };
    if (input.audience.kind === "event") audience.eventId = input.audience.eventId;
    if (input.audience.kind === "chosen") Object.assign(audience, { partyIds: uniq(input.audience.partyIds), guestIds: uniq(input.audience.guestIds) });
    const texts: Texts = { subject: input.subject, body: input.body, subjectPt: input.subjectPt, bodyPt: input.bodyPt };
    // One timestamp for both, so "corrected" means updated later.
    const at = new Date().toISOString();
    const row = db.insert(announcements).values({ ...texts, audience, createdAt: at, updatedAt: at }).returning().get();
    db.insert(announcementRecipients)
      .values(recipients.map((i) => ({ announcementId: row.id, partyId: i.type === "party" ? i.id : null, guestId: i.type === "guest" ? i.id : null })))
      .run();
    const sent = mailRecipients(texts, recipients, input.origin, false);
    recordActivity({
      actor: "admin",
      kind: "announcement",
      summary: `Announcement ${summaryOf(texts.subject)} sent to ${recipients.length} (${sent.queued} by e-mail)`,
    });
    return { id: row.id, recipients: recipients.length, ...sent };
  });
  if (result.queued) kickMailer();
  return result;
}

function requireAnnouncement(id: string) {
  const row = db.select().from(announcements).where(eq(announcements.id, id)).get();
  if (!row) throw new NotFoundError("Announcement not found");
  return row;
}

/** The invitees an announcement went to, as they are now (names, contacts, language). */
function recipientsOf(id: string) {
  const rows = db.select({ partyId: announcementRecipients.partyId, guestId: announcementRecipients.guestId }).from(announcementRecipients).where(eq(announcementRecipients.announcementId, id)).all();
  return loadInvitees({
    partyIds: rows.map((r) => r.partyId).filter((v): v is string => !!v),
    guestIds: rows.map((r) => r.guestId).filter((v): v is string => !!v),
  });
}

/**
 * PATCH /api/announcements/{id} and the page's correction: the texts given
 * replace the old ones (guests' pages show the new text at once); the mail
 * goes again, marked as a correction, only with `resend`.
 */
export function correctAnnouncement({ id, resend = false, origin, ...changes }: AnnouncementCorrection & { id: string; origin: string }) {
  const result = immediate(() => {
    const before = requireAnnouncement(id);
    if (before.withdrawnAt) throw new ConflictError("This announcement was withdrawn.");
    const set: Partial<Texts> = {};
    if (changes.subject !== undefined) set.subject = changes.subject;
    if (changes.body !== undefined) set.body = changes.body;
    if (changes.subjectPt !== undefined) set.subjectPt = changes.subjectPt || null;
    if (changes.bodyPt !== undefined) set.bodyPt = changes.bodyPt || null;
    if (!Object.keys(set).length && !resend) throw new ValidationError("Nothing to correct: give a new subject or text, or resend: true.");
    const row = Object.keys(set).length ? db.update(announcements).set(set).where(eq(announcements.id, id)).returning().get() : before;
    const sent = resend ? mailRecipients(row, recipientsOf(id), origin, true) : { queued: 0, skipped: [] as SkippedRecipient[] };
    recordActivity({
      actor: "admin",
      kind: "announcement",
      summary: `Announcement ${summaryOf(row.subject)} corrected${resend ? `, sent again (${sent.queued} by e-mail)` : ", not sent again"}`,
    });
    return { announcement: toApi(row), ...sent };
  });
  if (result.queued) kickMailer();
  return result;
}

/** DELETE /api/announcements/{id} and the page's "Withdraw": gone from every guest's page; the host keeps the record. */
export function withdrawAnnouncement({ id }: { id: string }) {
  return immediate(() => {
    const before = requireAnnouncement(id);
    if (before.withdrawnAt) throw new ConflictError("This announcement was already withdrawn.");
    const row = db.update(announcements).set({ withdrawnAt: new Date().toISOString() }).where(eq(announcements.id, id)).returning().get();
    recordActivity({ actor: "admin", kind: "announcement", summary: `Announcement ${summaryOf(row.subject)} withdrawn` });
    return toApi(row);
  });
}

const toApi = ({ id, subject, body, subjectPt, bodyPt, audience, createdAt, updatedAt, withdrawnAt }: Announcement) => ({
  id,
  subject,
  body,
  subjectPt,
  bodyPt,
  audience,
  createdAt,
  updatedAt,
  withdrawnAt,
});

/** How many were sent, withdrawn ones included (the page's list shows them too): for its pages. */
export function countAnnouncements() {
  return db.get<{ n: number }>(sql`select count(*) as n from ${announcements}`)!.n;
}

/**
 * GET /api/announcements and the page's list: newest first, each with its
 * recipients (two queries in all). `noEmail` are those to reach on WhatsApp.
 * The page reads one window of it (`?page=`), and only that window's
 * recipients: the list grows with every news item sent.
 */
export function listAnnouncements(window?: { offset: number; limit: number }) {
  const newestFirst = db.select().from(announcements).orderBy(desc(announcements.createdAt), desc(sql`rowid`));
  const rows = window ? newestFirst.limit(window.limit).offset(window.offset).all() : newestFirst.all();
  const links = window
    ? db.select().from(announcementRecipients).where(inArray(announcementRecipients.announcementId, rows.map((r) => r.id))).all()
    : db.select().from(announcementRecipients).all();
  const people = new Map(loadInvitees().map((i) => [`${i.type}:${i.id}`, i]));
  const byAnnouncement = new Map<string, { invitee: Invitee; whatsappAt: string | null }[]>();
  for (const l of links) {
    const invitee = people.get(l.partyId ? `party:${l.partyId}` : `guest:${l.guestId}`);
    if (!invitee) continue;
    const list = byAnnouncement.get(l.announcementId) ?? [];
    list.push({ invitee, whatsappAt: l.whatsappAt });
    byAnnouncement.set(l.announcementId, list);
  }
  return rows.map((row) => {
    const recipients = byAnnouncement.get(row.id) ?? [];
    const noEmail = recipients.filter((r) => !r.invitee.emails.length);
    const emailed = recipients.filter((r) => r.invitee.emails.length);
    return {
      ...toApi(row),
      recipients: recipients.length,
      byEmail: emailed.length,
      // Who got it by e-mail, and at which addresses (issue 36: the host sees who, not only how many).
      emailed: emailed.map((r) => ({ ...refOf(r.invitee), name: r.invitee.name, emails: r.invitee.emails })).sort((x, y) => x.name.localeCompare(y.name)),
      noEmail: noEmail.map((r) => ({ ...refOf(r.invitee), name: r.invitee.name, phone: r.invitee.phone, whatsappAt: r.whatsappAt })),
    };
  });
}

/**
 * The WhatsApp action for a recipient without an e-mail: the announcement's
 * text in their language and their link, ready on the host's phone.
 */
export function announcementWhatsApp({ id, ref, origin }: { id: string; ref: InviteeRef; origin: string }) {
  return immediate(() => {
    const a = requireAnnouncement(id);
    if (a.withdrawnAt) throw new ConflictError("This announcement was withdrawn.");
    const owner = "partyId" in ref ? eq(announcementRecipients.partyId, ref.partyId) : eq(announcementRecipients.guestId, ref.guestId);
    const link = db.select({ id: announcementRecipients.id }).from(announcementRecipients).where(and(eq(announcementRecipients.announcementId, id), owner)).get();
    if (!link) throw new NotFoundError("This party or guest did not receive this announcement.");
    const [i] = loadInvitees("partyId" in ref ? { partyIds: [ref.partyId], guestIds: [] } : { partyIds: [], guestIds: [ref.guestId] });
    if (!i) throw new NotFoundError("Party or guest not found");
    const { subject, body } = textsIn(a, i.language);
    const url = whatsappUrl(i, `${subject}\n\n${body}\n\n${pageLink(i, origin)}`);
    db.update(announcementRecipients).set({ whatsappAt: new Date().toISOString() }).where(eq(announcementRecipients.id, link.id)).run();
    return { url };
  });
}

/**
 * What a signed-in guest reads (/my-rsvp, GET /api/my-announcements): only
 * announcements addressed to their own party or to them, not withdrawn,
 * newest first, in `lang`. One query.
 */
export function listAnnouncementsFor(identity: GuestIdentity, lang: Lang) {
  const statement = identity.type === "party" ? newsOf().party : newsOf().guest;
  return statement
    .all({ id: identity.id })
    .map((a) => ({ id: a.id, at: a.at, correctedAt: a.updatedAt > a.at ? a.updatedAt : null, ...textsIn(a, lang) }));
}

// Prepared once: the signed-in guest pages run it on every request (issue 28).
const newsOf = prepared(() => {
  const query = (owner: SQL) =>
    db
      .select({ id: announcements.id, at: announcements.createdAt, updatedAt: announcements.updatedAt, subject: announcements.subject, body: announcements.body, subjectPt: announcements.subjectPt, bodyPt: announcements.bodyPt })
      .from(announcementRecipients)
      .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcementId))
      .where(and(owner, isNull(announcements.withdrawnAt)))
      .orderBy(desc(announcements.createdAt), desc(sql`${announcements}.rowid`))
      .prepare();
  return { party: query(eq(announcementRecipients.partyId, sql.placeholder("id"))), guest: query(eq(announcementRecipients.guestId, sql.placeholder("id"))) };
});

export type GuestAnnouncement = ReturnType<typeof listAnnouncementsFor>[number];
