import { prepared, sqlite } from "../db.server";
import { loadInvitees, type Invitee, type InviteeFilter } from "./invitations.server";

/*
 * The Invitations page, one page at a time (decision 068). It used to build
 * every invitee's full row (loadInvitees: parties, members, rooms, answers)
 * to filter, count and slice 50 of them in JavaScript: 12-15 ms of the
 * page's CPU at 300 parties / 1,000 guests. SQLite now counts the matches and
 * picks the page's ids, and only those 50 are built whole. The rules are
 * loadInvitees/withStatus/matchesFilter's, said again in SQL:
 * - a party's e-mails are its primary one, else its members'; its phone its
 *   primary one, else its first member's (by created_at, rowid) with one;
 * - a party that said no has no rooms open (pending or confirmed unpaid);
 * - empty text counts as missing, as in JavaScript ("" is falsy);
 * - the search is JavaScript's toLowerCase + includes (js_lower below), so a
 *   name with accents matches as before (SQLite's lower() is ASCII only);
 * - order: parties by name, then individual guests by last and first name.
 */

export type InvitationPage = { total: number; rows: Invitee[] };

const FILTER_SQL: Record<InviteeFilter, string> = {
  "not-invited": "coalesce(invited_at, '') = ''",
  "not-opened": "coalesce(invited_at, '') <> '' and coalesce(first_opened_at, '') = '' and attending is null",
  "not-answered": "coalesce(first_opened_at, '') <> '' and attending is null",
  "rooms-pending": "attending is not 0 and pending",
  unpaid: "attending is not 0 and unpaid",
};

const has = (column: string) => `instr(js_lower(${column}), :needle) > 0`;

/** One row per invitee with what the filters, the search and the order read. */
function invitees(search: boolean) {
  const partyHit = search
    ? `${has("p.name")} or ${has("p.auth_code")}
        or (case when coalesce(p.primary_email, '') <> '' then ${has("p.primary_email")}
            else exists (select 1 from guests m where m.party_id = p.id and ${has("m.email")}) end)
        or ${has(`coalesce(nullif(p.primary_phone, ''), (select m.phone from guests m where m.party_id = p.id
                   and coalesce(m.phone, '') <> '' order by m.created_at, m.rowid limit 1))`)}`
    : "1";
  const guestHit = search
    ? `${has("g.first_name || ' ' || g.last_name")} or ${has("g.email")} or ${has("g.phone")} or ${has("g.custom_code")}`
    : "1";
  return `
    with invitee as (
      select 0 as kind, p.rowid as rid, p.id, p.name as sort1, '' as sort2, p.invited_at, p.first_opened_at,
        (select r.attending from rsvps r where r.party_id = p.id) as attending,
        exists (select 1 from party_room_assignments a join room_types t on t.id = a.room_type_id
                where a.party_id = p.id and a.confirmation_status = 'pending') as pending,
        exists (select 1 from party_room_assignments a join room_types t on t.id = a.room_type_id
                where a.party_id = p.id and a.confirmation_status = 'confirmed' and not a.is_paid) as unpaid,
        (${partyHit}) as hit
      from parties p
      union all
      select 1, g.rowid, g.id, g.last_name, g.first_name, g.invited_at, g.first_opened_at,
        (select r.attending from rsvps r where r.guest_id = g.id), 0, 0, (${guestHit})
      from guests g where g.party_id is null
    )`;
}

// JavaScript's lower case, for a search that matches exactly as the page always has.
const jsLower = prepared(() =>
  sqlite().function("js_lower", { deterministic: true }, (v: unknown) => (v == null ? null : String(v).toLowerCase())),
);

function statements(filter: InviteeFilter | undefined, search: boolean) {
  const where = `where hit and ${filter ? FILTER_SQL[filter] : "1"}`;
  const db = sqlite();
  jsLower();
  return {
    count: db.prepare(`${invitees(search)} select count(*) from invitee ${where}`).pluck(),
    ids: db.prepare(`${invitees(search)} select kind, id from invitee ${where} order by kind, sort1, sort2, rid limit :limit offset :offset`).raw(),
  };
}

// One pair of prepared statements per filter and with or without a search (12 at most).
const cache = new Map<string, () => ReturnType<typeof statements>>();
function statementsFor(filter: InviteeFilter | undefined, search: boolean) {
  const key = `${filter ?? "all"}:${search}`;
  let get = cache.get(key);
  if (!get) cache.set(key, (get = prepared(() => statements(filter, search))));
  return get();
}

/** How many invitees match the search (names, e-mails, phone, code) and the filter. */
export function countInvitations({ q, filter }: { q?: string; filter?: InviteeFilter } = {}): number {
  const needle = q?.trim().toLowerCase();
  return statementsFor(filter, !!needle).count.get(needle ? { needle } : {}) as number;
}

/** The matching invitees from `offset`, at most `limit`, built whole, in the page's order. */
export function pageOfInvitations({ q, filter, offset, limit }: { q?: string; filter?: InviteeFilter; offset: number; limit: number }): Invitee[] {
  const needle = q?.trim().toLowerCase();
  const params = { limit, offset, ...(needle ? { needle } : {}) };
  const picked = statementsFor(filter, !!needle).ids.all(params) as [number, string][];
  if (!picked.length) return [];
  const built = loadInvitees({
    partyIds: picked.filter(([kind]) => kind === 0).map(([, id]) => id),
    guestIds: picked.filter(([kind]) => kind === 1).map(([, id]) => id),
  });
  const byId = new Map(built.map((i) => [i.id, i]));
  return picked.map(([, id]) => byId.get(id)).filter((i): i is Invitee => !!i);
}
