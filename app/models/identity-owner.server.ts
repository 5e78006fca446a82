import { sql } from "drizzle-orm";
import { guests, parties } from "../../db/schema";
import { db } from "../db.server";
import { messages } from "../i18n/messages";
import { ConflictError } from "../utils/errors";

/*
 * Issue 22, item 6: an e-mail address or phone number signs in, so it belongs
 * to ONE invitee. An invitee is a party together with its own members (the
 * primary contact is often a member too, so the same address on a party and
 * on its member is fine) or an individual guest. Every write of a contact
 * (guests.server.ts, parties.server.ts, and through them the admin forms, the
 * API, the guest's member dialog and the CSV import) calls assertContactsFree
 * inside its own immediate transaction, so two parallel requests cannot both
 * pass. Addresses compare trimmed and without case; phones in their stored
 * +digits form. Duplicates from before the rule are listed for the host
 * (listSharedContacts) and sign in to nobody (guest-auth.server.ts).
 */

export type ContactKind = "email" | "phone";
/** An invitee: a party (with its own members) or an individual guest. */
export type Invitee = { type: "party" | "guest"; id: string };

export const EMAIL_TAKEN = "This email is already used by another invitation.";
export const PHONE_TAKEN = "This phone number is already used by another invitation.";
/** The API's answer when one address matches two invitees (the pages say the catalogue's text). */
export const CONTACT_SHARED = `Authentication failed - ${messages.en.guest.contactShared}`;

/**
 * The form in which two contacts are the same: e-mail trimmed and lower case,
 * phone as +digits. Lower case of A-Z only, as SQLite's lower() does, so this
 * and the SQL below always agree (a JS-only "É" -> "é" would let two spellings
 * of one address pass as different).
 */
export function contactKey(kind: ContactKind, value: string) {
  return kind === "email" ? value.trim().replace(/[A-Z]/g, (c) => c.toLowerCase()) : value.replace(/[\s.()-]/g, "");
}

const inviteeKey = (i: Invitee) => `${i.type}:${i.id}`;

// The SQL twin of contactKey, for stored values (old rows may carry spaces or capitals).
const EMAIL_SQL = (column: unknown) => sql`lower(trim(${column}))`;
const PHONE_SQL = (column: unknown) => sql`replace(replace(replace(replace(replace(trim(${column}), ' ', ''), '.', ''), '(', ''), ')', ''), '-', '')`;

/** A stored row that holds a contact: which invitee it stands for, and its language (for the sign-in mail). */
export type ContactRow = { invitee: Invitee; guestId: string | null; language: "en" | "pt" };

/** Every row holding this contact: guests first (oldest first), then parties' primary contacts. */
export function contactRows(kind: ContactKind, value: string): ContactRow[] {
  const key = contactKey(kind, value);
  if (!key) return [];
  const guestColumn = kind === "email" ? guests.email : guests.phone;
  const partyColumn = kind === "email" ? parties.primaryEmail : parties.primaryPhone;
  const norm = kind === "email" ? EMAIL_SQL : PHONE_SQL;
  const guestRows = db
    .select({ id: guests.id, partyId: guests.partyId, language: guests.language })
    .from(guests)
    .where(sql`${guestColumn} is not null and ${norm(guestColumn)} = ${key}`)
    .orderBy(guests.createdAt, sql`rowid`)
    .all();
  const partyRows = db
    .select({ id: parties.id, language: parties.language })
    .from(parties)
    .where(sql`${partyColumn} is not null and ${norm(partyColumn)} = ${key}`)
    .orderBy(parties.createdAt, sql`rowid`)
    .all();
  return [
    ...guestRows.map((g): ContactRow => ({
      invitee: g.partyId ? { type: "party", id: g.partyId } : { type: "guest", id: g.id },
      guestId: g.id,
      language: g.language,
    })),
    ...partyRows.map((p): ContactRow => ({ invitee: { type: "party", id: p.id }, guestId: null, language: p.language })),
  ];
}

/** The distinct invitees of a contact's rows (more than one only in data from before the rule). */
export function inviteesOf(rows: ContactRow[]): Invitee[] {
  const seen = new Map<string, Invitee>();
  for (const row of rows) seen.set(inviteeKey(row.invitee), row.invitee);
  return [...seen.values()];
}

type ContactInput = { value: string | null | undefined; field: string };

/**
 * THE rule (call it inside the write's transaction): each given contact must
 * be held by no invitee but `owner` (null: a new invitee, so by nobody).
 * `exceptGuestId` is the guest row being rewritten: its old values do not
 * count (a member moving to another party takes its address along).
 * Throws 409 `{message, errors: {[field]: [message]}}`.
 */
export function assertContactsFree({
  owner,
  email,
  phone,
  exceptGuestId,
}: {
  owner: Invitee | null;
  email?: ContactInput;
  phone?: ContactInput;
  exceptGuestId?: string;
}) {
  const checks: Array<[ContactKind, ContactInput | undefined, string]> = [
    ["email", email, EMAIL_TAKEN],
    ["phone", phone, PHONE_TAKEN],
  ];
  for (const [kind, contact, message] of checks) {
    if (!contact?.value || !contactKey(kind, contact.value)) continue;
    const others = contactRows(kind, contact.value).filter(
      (row) => !(exceptGuestId && row.guestId === exceptGuestId) && !(owner && inviteeKey(row.invitee) === inviteeKey(owner)),
    );
    if (others.length) throw new ConflictError(message, { [contact.field]: [message] });
  }
}

/** Whether a contact changes: set to another value (by its key), or its owner changes. */
export function contactChanged(kind: ContactKind, before: string | null | undefined, after: string | null | undefined) {
  if (after === undefined) return false;
  return contactKey(kind, after ?? "") !== contactKey(kind, before ?? "");
}

/** Every stored contact with the invitee holding it, in contactKey's form: what the import and the shared list read. */
const HOLDERS = sql`
  select 'email' as kind, ${EMAIL_SQL(sql`g.email`)} as value, case when g.party_id is null then 'guest' else 'party' end as type,
         coalesce(g.party_id, g.id) as id, g.id as guest_id
    from guests g where g.email is not null and trim(g.email) <> ''
  union all
  select 'phone', ${PHONE_SQL(sql`g.phone`)}, case when g.party_id is null then 'guest' else 'party' end, coalesce(g.party_id, g.id), g.id
    from guests g where g.phone is not null and trim(g.phone) <> ''
  union all
  select 'email', ${EMAIL_SQL(sql`p.primary_email`)}, 'party', p.id, null from parties p where p.primary_email is not null and trim(p.primary_email) <> ''
  union all
  select 'phone', ${PHONE_SQL(sql`p.primary_phone`)}, 'party', p.id, null from parties p where p.primary_phone is not null and trim(p.primary_phone) <> ''`;

/** Each stored contact key ("email:ana@x.pt", "phone:+351...") with the invitee keys holding it. */
export function contactHolderIndex(): Map<string, Set<string>> {
  const rows = db.all<{ kind: ContactKind; value: string; type: string; id: string }>(sql`select kind, value, type, id from (${HOLDERS})`);
  const index = new Map<string, Set<string>>();
  for (const r of rows) {
    const key = `${r.kind}:${r.value}`;
    if (!index.has(key)) index.set(key, new Set());
    index.get(key)!.add(`${r.type}:${r.id}`);
  }
  return index;
}

export type SharedContact = { kind: ContactKind; value: string; holders: Array<{ type: "party" | "guest"; id: string; name: string }> };

/**
 * Contacts held by more than one invitee (data from before the rule), for the
 * Guests page to list: each with its holders by name. One statement; at most
 * `limit` contacts (the page says how many more).
 */
export function listSharedContacts(limit = 50): { contacts: SharedContact[]; total: number } {
  const rows = db.all<{ kind: ContactKind; value: string; type: "party" | "guest"; id: string; name: string; total: number }>(sql`
    with h as (${HOLDERS}),
    shared as (select kind, value from h group by kind, value having count(distinct type || ':' || id) > 1),
    page as (select kind, value, (select count(*) from shared) as total from shared order by kind, value limit ${limit})
    select distinct h.kind, h.value, h.type, h.id, page.total,
           case when h.type = 'party' then p.name else g.first_name || ' ' || g.last_name end as name
      from h join page on page.kind = h.kind and page.value = h.value
      left join parties p on h.type = 'party' and p.id = h.id
      left join guests g on h.type = 'guest' and g.id = h.id
     order by h.kind, h.value, name, h.id`);
  const contacts: SharedContact[] = [];
  for (const r of rows) {
    let last = contacts.at(-1);
    if (!last || last.kind !== r.kind || last.value !== r.value) contacts.push((last = { kind: r.kind, value: r.value, holders: [] }));
    last.holders.push({ type: r.type, id: r.id, name: r.name });
  }
  return { contacts, total: rows[0]?.total ?? 0 };
}
