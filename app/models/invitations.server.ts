import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { guests, parties, partyRoomAssignments, roomTypes, rsvps } from "../../db/schema";
import { db, immediate, prepared, sqlite } from "../db.server";
import { fmt, isLang, type Lang } from "../i18n";
import { messagesFor } from "../i18n/messages";
import { formatDate } from "../utils/format";
import { kickMailer } from "../utils/mailer.server";
import { NotFoundError, ValidationError } from "../utils/errors";
import { generateAuthCode } from "./auth-code.server";
import { getEventConfig, type EventConfig } from "./event-config.server";
import { localizeEventConfig } from "./host-texts";
import { recordActivity } from "./activity.server";
import { enqueueMail, recentlyMailed } from "./outbox.server";
import { getPartyLedger } from "./ledger.server";
import { ledgerMailLines } from "./ledger-lines";
import { toHtml, toText, type Block } from "./rsvp-email.server";

/*
 * Issue 13: the host's outreach. An "invitee" is a party or an individual
 * guest (one with no party): each gets one invitation, answers one RSVP.
 * The tracking fields (invitedAt, invitedVia, firstOpenedAt, remindedAt) are
 * set here only, by the host's actions and the invitee's first sign-in; they
 * are host-only and never part of anything a guest receives.
 */

export type InviteKind = "invitation" | "reminder";
export type InvitedVia = "email" | "whatsapp" | "print" | "manual";
export type InviteeRef = { partyId: string } | { guestId: string };
export type InviteeStatus = "not-invited" | "invited" | "opened" | "answered";
export const INVITEE_FILTERS = ["not-invited", "not-opened", "not-answered", "rooms-pending", "unpaid"] as const;
export type InviteeFilter = (typeof INVITEE_FILTERS)[number];
export type SkipReason = "no-email" | "already-sent" | "nothing-open";

/** The same invitee is not mailed the same kind twice within this window unless forced (a double click sends one mail). */
export const RESEND_GUARD_MS = 10 * 60_000;

type RoomLine = { name: string; quantity: number; deadline: string | null };

export type Invitee = {
  type: "party" | "guest";
  id: string;
  name: string;
  /** Where mail goes: a party's primary e-mail, else every member's; an individual's own. */
  emails: string[];
  /** For WhatsApp: a party's primary phone, else its first member's with one; an individual's own. */
  phone: string | null;
  language: Lang;
  code: string | null;
  memberCount: number;
  invitedAt: string | null;
  invitedVia: InvitedVia | null;
  firstOpenedAt: string | null;
  remindedAt: string | null;
  answered: boolean;
  attending: boolean | null;
  roomsPending: RoomLine[];
  roomsUnpaid: RoomLine[];
  status: InviteeStatus;
};

const now = () => new Date().toISOString();
const lang = (v: string | null | undefined): Lang => (isLang(v) ? v : "en");

const inList = (column: unknown, name: string) => sql`${column} in (select value from json_each(${sql.placeholder(name)}))`;
const inviteeQueries = prepared(() => ({
  parties: db
    .select()
    .from(parties)
    .where(or(sql`${sql.placeholder("all")} = 1`, inList(parties.id, "ids")))
    .orderBy(asc(parties.name))
    .prepare(),
  individuals: db
    .select()
    .from(guests)
    .where(and(isNull(guests.partyId), or(sql`${sql.placeholder("all")} = 1`, inList(guests.id, "ids"))))
    .orderBy(asc(guests.lastName), asc(guests.firstName))
    .prepare(),
  members: db
    .select({ partyId: guests.partyId, email: guests.email, phone: guests.phone })
    .from(guests)
    .where(inList(guests.partyId, "ids"))
    .orderBy(asc(guests.createdAt), asc(sql`rowid`))
    .prepare(),
  answers: db
    .select({ partyId: rsvps.partyId, guestId: rsvps.guestId, attending: rsvps.attending })
    .from(rsvps)
    .where(or(sql`${sql.placeholder("all")} = 1`, inList(rsvps.partyId, "ids"), inList(rsvps.guestId, "guestIds")))
    .prepare(),
  rooms: db
    .select({
      partyId: partyRoomAssignments.partyId,
      status: partyRoomAssignments.confirmationStatus,
      isPaid: partyRoomAssignments.isPaid,
      quantity: partyRoomAssignments.quantity,
      deadline: partyRoomAssignments.paymentDeadline,
      name: roomTypes.name,
    })
    .from(partyRoomAssignments)
    .innerJoin(roomTypes, eq(roomTypes.id, partyRoomAssignments.roomTypeId))
    .where(inList(partyRoomAssignments.partyId, "ids"))
    .orderBy(asc(roomTypes.name))
    .prepare(),
}));

/**
 * Every invitee (or those of `only`) with contact, tracking, answer and
 * rooms, in five queries whatever the number: the lists are read whole and
 * joined in memory (a celebration has hundreds of guests, not millions).
 */
export function loadInvitees(only?: { partyIds?: string[]; guestIds?: string[] }): Invitee[] {
  // Prepared once, the ids as one JSON parameter (decision 068): a page of 50
  // invitees used to spend most of its time compiling five statements.
  const q = inviteeQueries();
  const all = only ? 0 : 1;
  const partyRows = q.parties.all({ all, ids: JSON.stringify(only?.partyIds ?? []) });
  const individualRows = q.individuals.all({ all, ids: JSON.stringify(only?.guestIds ?? []) });
  const partyIds = partyRows.map((p) => p.id);
  const guestIds = individualRows.map((g) => g.id);
  const ids = JSON.stringify(partyIds);
  const members = partyIds.length ? q.members.all({ ids }) : [];
  const answers = q.answers.all({ all, ids, guestIds: JSON.stringify(guestIds) });
  const rooms = partyIds.length ? q.rooms.all({ ids }) : [];

  const membersOf = groupBy(members, (m) => m.partyId!);
  const roomsOf = groupBy(rooms, (r) => r.partyId);
  const partyAnswer = new Map(answers.filter((a) => a.partyId).map((a) => [a.partyId!, a.attending]));
  const guestAnswer = new Map(answers.filter((a) => a.guestId).map((a) => [a.guestId!, a.attending]));
  const line = (r: (typeof rooms)[number]): RoomLine => ({ name: r.name, quantity: r.quantity, deadline: r.deadline });

  const result: Invitee[] = [];
  for (const p of partyRows) {
    const ms = membersOf.get(p.id) ?? [];
    const rs = roomsOf.get(p.id) ?? [];
    const attending = partyAnswer.has(p.id) ? partyAnswer.get(p.id)! : null;
    result.push(
      withStatus({
        type: "party",
        id: p.id,
        name: p.name,
        emails: p.primaryEmail ? [p.primaryEmail] : uniq(ms.map((m) => m.email)),
        phone: p.primaryPhone || ms.find((m) => m.phone)?.phone || null,
        language: lang(p.language),
        code: p.authCode,
        memberCount: ms.length,
        invitedAt: p.invitedAt,
        invitedVia: p.invitedVia,
        firstOpenedAt: p.firstOpenedAt,
        remindedAt: p.remindedAt,
        answered: attending !== null,
        attending,
        // A party that said no has nothing open about its rooms.
        roomsPending: attending === false ? [] : rs.filter((r) => r.status === "pending").map(line),
        roomsUnpaid: attending === false ? [] : rs.filter((r) => r.status === "confirmed" && !r.isPaid).map(line),
      }),
    );
  }
  for (const g of individualRows) {
    const attending = guestAnswer.has(g.id) ? guestAnswer.get(g.id)! : null;
    result.push(
      withStatus({
        type: "guest",
        id: g.id,
        name: `${g.firstName} ${g.lastName}`,
        emails: g.email ? [g.email] : [],
        phone: g.phone || null,
        language: lang(g.language),
        code: g.customCode,
        memberCount: 1,
        invitedAt: g.invitedAt,
        invitedVia: g.invitedVia,
        firstOpenedAt: g.firstOpenedAt,
        remindedAt: g.remindedAt,
        answered: attending !== null,
        attending,
        roomsPending: [],
        roomsUnpaid: [],
      }),
    );
  }
  return result;
}

function groupBy<T>(rows: T[], key: (row: T) => string) {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

const uniq = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v?.trim()))];

function withStatus(i: Omit<Invitee, "status">): Invitee {
  const status: InviteeStatus = i.answered ? "answered" : i.firstOpenedAt ? "opened" : i.invitedAt ? "invited" : "not-invited";
  return { ...i, status };
}

/** What a reminder lists: no answer yet, rooms to decide, confirmed rooms unpaid. */
export function openItems(i: Invitee) {
  return { noAnswer: !i.answered, roomsPending: i.roomsPending, roomsUnpaid: i.roomsUnpaid };
}
export function hasSomethingOpen(i: Invitee) {
  const o = openItems(i);
  return o.noAnswer || o.roomsPending.length > 0 || o.roomsUnpaid.length > 0;
}

function matchesFilter(i: Invitee, filter: InviteeFilter | undefined) {
  switch (filter) {
    case "not-invited":
      return !i.invitedAt;
    case "not-opened":
      return !!i.invitedAt && !i.firstOpenedAt && !i.answered;
    case "not-answered":
      return !!i.firstOpenedAt && !i.answered;
    case "rooms-pending":
      return i.roomsPending.length > 0;
    case "unpaid":
      return i.roomsUnpaid.length > 0;
    default:
      return true;
  }
}

/** The Invitations page: every invitee matching the search (names and contacts) and the filter. */
export function listInvitations({ q, filter }: { q?: string; filter?: InviteeFilter } = {}) {
  const needle = q?.trim().toLowerCase();
  return loadInvitees().filter(
    (i) =>
      matchesFilter(i, filter) &&
      (!needle || [i.name, ...i.emails, i.phone ?? "", i.code ?? ""].some((s) => s.toLowerCase().includes(needle))),
  );
}

/** Sorts a mixed list of ids into parties and individual guests; unknown ids: 404. */
export function resolveInviteeIds(ids: string[]) {
  const unique = [...new Set(ids.map((s) => s.trim()).filter(Boolean))];
  if (!unique.length) return { partyIds: [], guestIds: [] };
  const partyIds = db.select({ id: parties.id }).from(parties).where(inArray(parties.id, unique)).all().map((r) => r.id);
  const rest = unique.filter((id) => !partyIds.includes(id));
  const guestIds = rest.length
    ? db.select({ id: guests.id }).from(guests).where(and(inArray(guests.id, rest), isNull(guests.partyId))).all().map((r) => r.id)
    : [];
  if (partyIds.length + guestIds.length !== unique.length) throw new NotFoundError("Party or guest not found");
  return { partyIds, guestIds };
}

/** The chosen invitees (announcements reuse it): none is a 400, an unknown or party-member id a 404. */
export function requireInvitees(partyIds: string[], guestIds: string[]) {
  if (!partyIds.length && !guestIds.length) throw new ValidationError("Select at least one party or guest.");
  const found = loadInvitees({ partyIds, guestIds });
  const foundIds = new Set(found.map((i) => i.id));
  if (partyIds.some((id) => !foundIds.has(id))) throw new NotFoundError("Party not found");
  if (guestIds.some((id) => !foundIds.has(id))) {
    // A party member is invited with their party, not alone.
    throw new NotFoundError("Guest not found (or the guest belongs to a party: invite the party)");
  }
  return found;
}

/** An individual guest without a code is given one (10 characters, as a party's) when first invited. */
function ensureCode(i: Invitee): string {
  if (i.code) return i.code;
  let code: string;
  do code = generateAuthCode();
  while (
    db.select({ id: parties.id }).from(parties).where(eq(parties.authCode, code)).get() ||
    db.select({ id: guests.id }).from(guests).where(eq(guests.customCode, code)).get()
  );
  db.update(guests).set({ customCode: code }).where(eq(guests.id, i.id)).run();
  i.code = code;
  return code;
}

/** Records what the host did: an invitation (by a way) or a reminder. */
function track(i: Pick<Invitee, "type" | "id">, what: { invitedVia: InvitedVia } | { reminded: true }, at = now()) {
  const table = i.type === "party" ? parties : guests;
  const set = "reminded" in what ? { remindedAt: at } : { invitedAt: at, invitedVia: what.invitedVia };
  db.update(table).set(set).where(eq(table.id, i.id)).run();
}

export function inviteLinkFor(origin: string, code: string) {
  return `${origin.replace(/\/+$/, "")}/rsvp?code=${encodeURIComponent(code)}`;
}

/**
 * The host's texts for a language. For now the configuration's (English)
 * fields; the Portuguese versions of issue 18 plug in here, and only here.
 */
/** The host's texts an invitation shows, in the invitee's language (English where the Portuguese is empty). */
export function invitationTexts(config: EventConfig, lang: Lang) {
  const c = localizeEventConfig(config, lang);
  return {
    title: c.eventTitle,
    date: c.eventDate,
    time: c.eventTime,
    venueName: c.venueName,
    venueAddress: c.venueAddress,
  };
}

/** The invitation or reminder e-mail, in the invitee's language (text and HTML say the same). */
export function composeInvitationEmail(i: Invitee, kind: InviteKind, link: string, config = getEventConfig()) {
  const m = messagesFor(i.language).invitations;
  const texts = invitationTexts(config, i.language);
  const blocks: Block[] = [{ lines: [fmt(m.greeting, { name: i.name }), kind === "invitation" ? m.invitationIntro : m.reminderIntro] }];
  if (kind === "reminder") {
    const open = openItems(i);
    const rooms = (list: RoomLine[]) => list.map((r) => `${r.quantity} × ${r.name}`).join(", ");
    const lines: string[] = [];
    if (open.noAnswer) lines.push(m.openNoAnswer);
    if (open.roomsPending.length) lines.push(fmt(m.openRoomsPending, { rooms: rooms(open.roomsPending) }));
    if (open.roomsUnpaid.length) {
      const deadline = open.roomsUnpaid.map((r) => r.deadline).filter((d): d is string => !!d).sort()[0];
      lines.push(
        deadline
          ? fmt(m.openUnpaidDeadline, { rooms: rooms(open.roomsUnpaid), date: formatDate(deadline, i.language) })
          : fmt(m.openUnpaid, { rooms: rooms(open.roomsUnpaid) }),
      );
    }
    blocks.push({ heading: m.openHeading, lines });
    // Issue 25: a party with rooms to pay reads its balance, payments and reference.
    if (open.roomsUnpaid.length && i.type === "party") {
      const deadline = open.roomsUnpaid.map((r) => r.deadline).filter((d): d is string => !!d).sort()[0] ?? null;
      blocks.push({ heading: messagesFor(i.language).ledger.title, lines: ledgerMailLines(getPartyLedger(i.id), deadline, i.language) });
    }
  }
  const event = [fmt(m.eventWhen, { date: texts.date, time: texts.time }), fmt(m.eventWhere, { venue: texts.venueName, address: texts.venueAddress })];
  if (config.rsvpDeadline) event.push(fmt(m.replyBy, { date: formatDate(config.rsvpDeadline, i.language) }));
  blocks.push({ heading: m.event, lines: event });
  blocks.push({
    lines: [m.linkIntro],
    link: { label: kind === "invitation" ? m.invitationLinkLabel : m.reminderLinkLabel, url: link },
  });
  blocks.push({ lines: [fmt(m.code, { code: i.code ?? "" }), m.signOff] });
  const subject = fmt(kind === "invitation" ? m.invitationSubject : m.reminderSubject, { title: texts.title });
  return { subject, text: toText(blocks), html: toHtml(blocks, texts.title, i.language) };
}

export type SendResult = {
  queued: ({ partyId: string; to: string } | { guestId: string; to: string })[];
  skipped: ({ partyId: string; reason: SkipReason } | { guestId: string; reason: SkipReason })[];
};

export const refOf = (i: Pick<Invitee, "type" | "id">) => (i.type === "party" ? { partyId: i.id } : { guestId: i.id });

/**
 * POST /api/invitations and the Invitations page: one e-mail per invitee, in
 * their language, through the outbox (never waiting for SMTP). Runs in one
 * immediate transaction, so two clicks in a row see each other's mail and
 * the second is skipped as "already-sent".
 */
export function sendInvitationEmails({
  kind,
  partyIds = [],
  guestIds = [],
  force = false,
  origin,
}: {
  kind: InviteKind;
  partyIds?: string[];
  guestIds?: string[];
  force?: boolean;
  origin: string;
}): SendResult {
  const result = immediate(() => {
    const invitees = requireInvitees(uniqIds(partyIds), uniqIds(guestIds));
    const recent = force
      ? { partyIds: new Set<string>(), guestIds: new Set<string>() }
      : recentlyMailed({ kind, since: new Date(Date.now() - RESEND_GUARD_MS), partyIds, guestIds });
    const config = getEventConfig();
    const out: SendResult = { queued: [], skipped: [] };
    for (const i of invitees) {
      const skip = (reason: SkipReason) => out.skipped.push({ ...refOf(i), reason });
      if (!i.emails.length) skip("no-email");
      else if (kind === "reminder" && !hasSomethingOpen(i)) skip("nothing-open");
      else if ((i.type === "party" ? recent.partyIds : recent.guestIds).has(i.id)) skip("already-sent");
      else {
        const mail = composeInvitationEmail(i, kind, inviteLinkFor(origin, ensureCode(i)), config);
        const row = enqueueMail({ ...mail, to: i.emails, kind, ...refOf(i), replyTo: config.hostEmail });
        track(i, kind === "invitation" ? { invitedVia: "email" } : { reminded: true });
        noteSent(i, `${KIND_WORD[kind]} e-mailed to ${row.to}`);
        out.queued.push({ ...refOf(i), to: row.to });
      }
    }
    return out;
  });
  if (result.queued.length) kickMailer();
  return result;
}

const uniqIds = (ids: string[]) => [...new Set(ids)];

const KIND_WORD: Record<InviteKind, string> = { invitation: "Invitation", reminder: "Reminder" };
/** Issue 36: each invitation or reminder in the activity log, under its invitee. */
const noteSent = (i: Invitee, summary: string) =>
  recordActivity({ actor: "admin", partyId: i.type === "party" ? i.id : null, guestId: i.type === "guest" ? i.id : null, kind: "invitation", summary });

/** The WhatsApp text with the link, in the invitee's language. */
export function whatsappText(i: Invitee, kind: InviteKind, link: string, config = getEventConfig()) {
  const m = messagesFor(i.language).invitations;
  const texts = invitationTexts(config, i.language);
  const values = { name: i.name, title: texts.title, date: texts.date, venue: texts.venueName, link };
  const text = fmt(kind === "invitation" ? m.whatsappInvitation : m.whatsappReminder, values);
  return config.rsvpDeadline ? `${text}\n${fmt(m.whatsappReplyBy, { date: formatDate(config.rsvpDeadline, i.language) })}` : text;
}

/** The wa.me address that opens WhatsApp on the host's phone with `text` ready for the invitee; 400 without a phone. */
export function whatsappUrl(i: Pick<Invitee, "phone">, text: string) {
  const digits = i.phone?.replace(/\D/g, "") ?? "";
  if (!digits) throw new ValidationError("This invitee has no phone number.");
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/**
 * The WhatsApp action: records the invitation (or reminder) and gives the
 * wa.me address the host's own phone opens. No gateway, no key.
 */
export function recordWhatsApp({ ref, kind, origin }: { ref: InviteeRef; kind: InviteKind; origin: string }) {
  return immediate(() => {
    const [i] = requireInvitees("partyId" in ref ? [ref.partyId] : [], "guestId" in ref ? [ref.guestId] : []);
    const url = whatsappUrl(i!, whatsappText(i!, kind, inviteLinkFor(origin, ensureCode(i!))));
    track(i!, kind === "invitation" ? { invitedVia: "whatsapp" } : { reminded: true });
    noteSent(i!, `${KIND_WORD[kind]} opened in WhatsApp`);
    return { url };
  });
}

/** "Mark as invited": by hand, or for the printed cards. */
export function markInvited({ partyIds = [], guestIds = [], via }: { partyIds?: string[]; guestIds?: string[]; via: "print" | "manual" }) {
  return immediate(() => {
    const invitees = requireInvitees(uniqIds(partyIds), uniqIds(guestIds));
    const at = now();
    for (const i of invitees) {
      ensureCode(i);
      track(i, { invitedVia: via }, at);
      noteSent(i, via === "print" ? "Marked as invited (printed card)" : "Marked as invited");
    }
    return { marked: invitees.map(refOf) };
  });
}

/**
 * The printed cards: the chosen invitees, or with none every one not yet
 * invited. A card needs a code, so an individual guest without one is given
 * one here (idempotent: it only fills a missing code).
 */
export function printCards({ partyIds, guestIds, origin }: { partyIds?: string[]; guestIds?: string[]; origin: string }) {
  return immediate(() => {
    const chosen = partyIds?.length || guestIds?.length;
    const invitees = chosen ? requireInvitees(partyIds ?? [], guestIds ?? []) : loadInvitees().filter((i) => !i.invitedAt);
    return invitees.map((i) => {
      const code = ensureCode(i);
      return { ...refOf(i), type: i.type, id: i.id, name: i.name, language: i.language, code, link: inviteLinkFor(origin, code) };
    });
  });
}

/**
 * The dashboard: the funnel (every invitee: invited, opened, answered) and the
 * reminders due. Counted by SQLite in one statement (issue 28): the dashboard
 * built every invitee's full row, members and rooms (loadInvitees) to count
 * them, 6 of its 21 ms at 300 parties / 1,000 guests. Same rules as
 * loadInvitees/withStatus: a party that said no has no rooms open.
 */
export function invitationFunnel(today = new Date()) {
  const soon = new Date(today.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  const row = funnelCounts().get({ soon }) as Record<"invitees" | "invited" | "opened" | "answered" | "noAnswer" | "roomsPending" | "unpaidSoon", number | null>;
  const n = (v: number | null) => v ?? 0;
  return {
    invitees: n(row.invitees),
    invited: n(row.invited),
    opened: n(row.opened),
    answered: n(row.answered),
    due: { noAnswer: n(row.noAnswer), roomsPending: n(row.roomsPending), unpaidSoon: n(row.unpaidSoon) },
  };
}

const funnelCounts = prepared(() =>
  sqlite().prepare(`
    with invitee as (
      select p.invited_at, p.first_opened_at,
        (select r.attending from rsvps r where r.party_id = p.id order by r.rowid desc limit 1) as attending,
        exists (select 1 from party_room_assignments a join room_types t on t.id = a.room_type_id
                where a.party_id = p.id and a.confirmation_status = 'pending') as pending,
        exists (select 1 from party_room_assignments a join room_types t on t.id = a.room_type_id
                where a.party_id = p.id and a.confirmation_status = 'confirmed' and not a.is_paid
                  and coalesce(a.payment_deadline, '') <> '' and a.payment_deadline <= :soon) as unpaid_soon
      from parties p
      union all
      select g.invited_at, g.first_opened_at,
        (select r.attending from rsvps r where r.guest_id = g.id order by r.rowid desc limit 1), 0, 0
      from guests g where g.party_id is null
    )
    select count(*) as invitees,
      sum(coalesce(invited_at, '') <> '') as invited,
      sum(coalesce(first_opened_at, '') <> '' or attending is not null) as opened,
      sum(attending is not null) as answered,
      sum(attending is null) as noAnswer,
      sum(attending is not 0 and pending) as roomsPending,
      sum(attending is not 0 and unpaid_soon) as unpaidSoon
    from invitee`),
);

/** Invitees a reminder would reach now: something open and an e-mail address. */
export function reminderRecipients() {
  return loadInvitees().filter((i) => i.emails.length > 0 && hasSomethingOpen(i));
}
