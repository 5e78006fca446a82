// Decision 068: the Invitations page counts and pages its invitees in SQL and
// builds only the page's rows. On a full-size database (300 parties / 1,000
// guests) with every tracking state, each filter and search gives the same
// count, the same rows in the same order on every page, and the same row
// contents as the whole-list computation the page used before.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../scripts/bench/seed.mjs";
import { pageWindow } from "~/components/admin/pagination";
import { db } from "~/db.server";
import { countInvitations, pageOfInvitations } from "~/models/invitation-list.server";
import { INVITEE_FILTERS, listInvitations, type InviteeFilter } from "~/models/invitations.server";

beforeAll(() => {
  seedDatabase(process.env.DATABASE_PATH!, { parties: 300, guests: 1000 });
  // Every state the filters read, spread over parties and individual guests:
  // invited, opened, reminded, empty text (missing, as in JavaScript), a name
  // with an accent (JavaScript's lower case), a party named like another.
  for (const table of ["parties", "guests"]) {
    db.run(sql.raw(`update ${table} set invited_at = '2026-05-0' || (rowid % 9 + 1) where rowid % 3 = 0`));
    db.run(sql.raw(`update ${table} set first_opened_at = '2026-05-10' where rowid % 6 = 0`));
    db.run(sql.raw(`update ${table} set invited_at = '' where rowid % 17 = 0`));
    db.run(sql.raw(`update ${table} set first_opened_at = '' where rowid % 19 = 0`));
  }
  db.run(sql.raw("update parties set primary_email = '' where rowid % 7 = 0"));
  db.run(sql.raw("update parties set primary_phone = null where rowid % 5 = 0"));
  db.run(sql.raw("update parties set name = 'Ávila Élan' where rowid in (11, 12)"));
  db.run(sql.raw("update guests set first_name = 'Ângela' where party_id is null and rowid % 13 = 0"));
  db.run(sql.raw("update guests set phone = '' where party_id is null and rowid % 11 = 0"));
}, 60_000);

type Query = { q?: string; filter?: InviteeFilter };
const QUERIES: Query[] = [
  {},
  ...INVITEE_FILTERS.map((filter) => ({ filter })),
  { q: "party 1" },
  { q: "  ÁVILA " },
  { q: "ângela" },
  { q: "example" },
  { q: "+3519" },
  { q: "P00000012" },
  { q: "party", filter: "not-opened" },
  { q: "no such invitee" },
];

describe("the Invitations page's SQL paging", () => {
  it("counts and pages every filter and search as the whole list did", () => {
    const counts: Record<string, number> = {};
    for (const query of QUERIES) {
      const label = JSON.stringify(query);
      const whole = listInvitations(query);
      const total = countInvitations(query);
      counts[label] = total;
      expect(total, `${label} count`).toBe(whole.length);
      const pages = Math.max(1, Math.ceil(total / 50));
      for (let page = 1; page <= pages; page++) {
        const { offset, limit } = pageWindow(total, `http://x/?page=${page}`);
        const rows = pageOfInvitations({ ...query, offset, limit });
        expect(rows, `${label} page ${page}`).toEqual(whole.slice(offset, offset + limit));
      }
    }
    // The fixture reaches every filter, and the searches find someone (and not everyone).
    for (const filter of INVITEE_FILTERS) expect(counts[JSON.stringify({ filter })], filter).toBeGreaterThan(0);
    expect(counts[JSON.stringify({})]).toBeGreaterThan(300);
    expect(counts[JSON.stringify({ q: "  ÁVILA " })]).toBe(2);
    expect(counts[JSON.stringify({ q: "ângela" })]).toBeGreaterThan(0);
    expect(counts[JSON.stringify({ q: "no such invitee" })]).toBe(0);
  });
});
