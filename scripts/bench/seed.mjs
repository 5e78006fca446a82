// Seeds a SQLite file with a large, believable celebration for the benchmark
// and the query-count budget: parties with members, individual guests, room
// types, room assignments (pending / confirmed / paid / declined), side events,
// RSVPs and event RSVPs. Deterministic (a seeded PRNG), so runs compare.
//
//   node scripts/bench/seed.mjs <db-path> [parties=300] [guests=1000]
//
// As a module: seedDatabase(dbPath, { parties, guests }) migrates the file (the
// app's own migrations) and adds the rows; called again on the same file it
// appends more parties and guests (reusing the room types and events).
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const FIRST = ["Rita", "João", "Inês", "Tomás", "Sarah", "Tom", "Anna", "Lukas", "Emma", "Miguel", "Beatriz", "Duarte", "Claire", "Hugo", "Léa", "Chidi", "Ngozi", "Ada", "Sofia", "Pedro", "Mette", "Anders", "Laura", "Daniel", "Hannah", "Marta", "Rui", "Carla", "Nuno", "Helena", "Oliver", "Amelia", "Noah", "Mia", "Liam", "Zoe"];
const LAST = ["Almeida", "Whitfield", "Müller", "Costa", "Dubois", "Martin", "Okafor", "Ramos", "Nunes", "Jensen", "Bianchi", "Ferreira", "Schmidt", "Silva", "Santos", "Pereira", "Oliveira", "Rodrigues", "Smith", "Brown", "García", "Rossi", "Novak", "Kowalski", "Andersson", "Murphy", "Leclerc", "Sousa", "Carvalho", "Lopes"];

/** mulberry32: small, fast, deterministic. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const newId = () => randomBytes(16).toString("base64url");

/** Opens (and migrates) the file the way the app does. */
export function openSeedDb(dbPath) {
  mkdirSync(dirname(resolve(dbPath)), { recursive: true });
  const sqlite = new Database(dbPath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  migrate(drizzle(sqlite), { migrationsFolder: resolve(root, "db/migrations") });
  return sqlite;
}

/**
 * Adds `parties` parties and `guests` guests in all (guests beyond three per
 * party on average become individual guests without a party, at least a tenth
 * of them). Returns counts. Invitation codes are `P` + 9 digits (the party's
 * running number), so a script can find one without reading the database.
 */
export function seedDatabase(dbPath, { parties: partyCount = 300, guests: guestCount = 1000, seed = 40 } = {}) {
  const sqlite = openSeedDb(dbPath);
  try {
    return seedInto(sqlite, { partyCount, guestCount, seed });
  } finally {
    sqlite.close();
  }
}

function seedInto(sqlite, { partyCount, guestCount, seed }) {
  const existingParties = sqlite.prepare("select count(*) as n from parties").get().n;
  const rand = prng(seed + existingParties);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const now = new Date().toISOString();

  // Split the guests: about a tenth alone, the rest in parties of 1 to 6.
  const individuals = Math.max(Math.round(guestCount / 10), guestCount - partyCount * 6);
  const inParties = guestCount - individuals;
  if (partyCount > 0 && inParties < partyCount) throw new Error("need at least one guest per party");
  const sizes = Array.from({ length: partyCount }, (_, i) => Math.floor(inParties / partyCount) + (i < inParties % partyCount ? 1 : 0));
  for (let i = 0; i + 1 < sizes.length; i += 2) {
    const shift = Math.floor(rand() * 3) - 1; // -1, 0, +1: uneven parties, same total
    if (sizes[i] + shift >= 1 && sizes[i + 1] - shift >= 1 && sizes[i] + shift <= 6 && sizes[i + 1] - shift <= 6) {
      sizes[i] += shift;
      sizes[i + 1] -= shift;
    }
  }

  const q = {
    party: sqlite.prepare(
      "insert into parties (id, name, primary_contact_name, primary_email, primary_phone, auth_code, notes, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    guest: sqlite.prepare(
      "insert into guests (id, party_id, first_name, last_name, email, phone, custom_code, age_category, payment_status, payment_amount, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)",
    ),
    roomType: sqlite.prepare(
      "insert into room_types (id, name, location, category, area_sq_m, area_sq_ft, max_occupancy_adults, max_occupancy_children, total_units, price_per_night, description, facilities, image_urls, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?)",
    ),
    assignment: sqlite.prepare(
      "insert into party_room_assignments (id, party_id, room_type_id, quantity, confirmation_status, confirmed_at, declined_at, decline_reason, payment_deadline, is_paid, paid_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, '2026-04-30', ?, ?, ?, ?)",
    ),
    event: sqlite.prepare(
      "insert into events (id, title, date, time_from, time_to, description, hotel_guests_only, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    rsvp: sqlite.prepare(
      "insert into rsvps (id, party_id, guest_id, attending, guest_count, adults_count, kids_count, babies_count, dietary_restrictions, message_to_host, rooms_confirmed, confirmed_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    eventRsvp: sqlite.prepare(
      "insert into event_rsvps (id, event_id, party_id, guest_id, attending, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
    ),
    question: sqlite.prepare(
      "insert into questions (id, text, text_pt, type, per, event_id, required, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    choice: sqlite.prepare("insert into question_choices (id, question_id, label, label_pt, position) values (?, ?, ?, ?, ?)"),
    answer: sqlite.prepare("insert into answers (id, question_id, party_id, guest_id, owner_key, value, updated_at) values (?, ?, ?, ?, ?, ?, ?)"),
  };

  const run = sqlite.transaction(() => {
    // Room types and events once per database; reused when appending.
    let roomTypes = sqlite.prepare("select id, total_units as totalUnits from room_types").all();
    if (roomTypes.length === 0) {
      const defs = [
        ["Quinta Double Room", "Main House", "Room", 28, 301, 2, 1, 360],
        ["Quinta Twin Room", "Main House", "Room", 26, 280, 2, 0, 320],
        ["Vineyard Suite", "Garden Wing", "Suite", 45, 484, 2, 2, 560],
        ["Terrace Suite", "Garden Wing", "Suite", 50, 538, 3, 2, 620],
        ["Pool Villa", "By the Pool", "Villa", 110, 1184, 4, 2, 1200],
        ["Olive Grove Villa", "Olive Grove", "Villa", 130, 1399, 6, 3, 1500],
      ];
      roomTypes = defs.map(([name, location, category, m2, ft2, adults, kids, price]) => {
        const id = newId();
        // Plenty of units: appending up to a few thousand parties never over-books.
        q.roomType.run(id, name, location, category, m2, ft2, adults, kids, 400, price, `${name}: a bench fixture.`, JSON.stringify(["Breakfast included", "Air conditioning"]), now, now);
        return { id, totalUnits: 400 };
      });
    }
    let events = sqlite.prepare("select id, hotel_guests_only as hotelOnly from events").all();
    if (events.length === 0) {
      const defs = [
        ["Welcome Reception & Tapas", "Friday, June 12, 2026", "4:30 PM", "6:30 PM", 0],
        ["Vineyard Walk & Wine Tasting", "Saturday, June 13, 2026", "11:00 AM", "1:00 PM", 1],
        ["Pool Lunch", "Saturday, June 13, 2026", "1:00 PM", "3:30 PM", 1],
        ["Birthday Dinner & Party", "Saturday, June 13, 2026", "7:30 PM", "10:00 PM", 0],
        ["Dancing & Celebration", "Saturday, June 13, 2026", "10:00 PM", "2:00 AM", 0],
        ["Farewell Brunch", "Sunday, June 14, 2026", "10:00 AM", "12:00 PM", 0],
      ];
      events = defs.map(([title, date, from, to, hotelOnly]) => {
        const id = newId();
        q.event.run(id, title, date, from, to, `${title} at the quinta.`, hotelOnly, now, now);
        return { id, hotelOnly };
      });
    }

    // Issue 24: the demo's two questions, answered by most of those coming. Their own random
    // sequence, so the rows above stay what they were before questions existed.
    const randQ = prng(seed + 24 + existingParties);
    const dinner = sqlite.prepare("select id from events where title = 'Birthday Dinner & Party'").get();
    let menu = sqlite.prepare("select id from questions where text = 'Dinner menu'").get();
    let song = sqlite.prepare("select id from questions where text = 'A song for the dance floor'").get();
    let menuChoices = menu ? sqlite.prepare("select id from question_choices where question_id = ? order by position").all(menu.id).map((c) => c.id) : [];
    if (!menu && dinner) {
      menu = { id: newId() };
      q.question.run(menu.id, "Dinner menu", "Menu do jantar", "choice", "person", dinner.id, 1, 0, now, now);
      menuChoices = [["Meat", "Carne"], ["Fish", "Peixe"], ["Vegetarian", "Vegetariano"], ["Children's menu", "Menu infantil"]].map(([label, labelPt], i) => {
        const id = newId();
        q.choice.run(id, menu.id, label, labelPt, i);
        return id;
      });
    }
    if (!song) {
      song = { id: newId() };
      q.question.run(song.id, "A song for the dance floor", "Uma música para a pista de dança", "text", "invitation", null, 0, 1, now, now);
    }
    const SONGS = ["September", "Dancing Queen", "Uptown Funk", "Happy", "Mr. Brightside", "Valerie", "Don't Stop Me Now"];
    const answerQuestions = (owner, memberRows, dinnerTicked, t) => {
      const key = (guestId) => (owner.partyId ? `${owner.partyId}:${guestId ?? ""}` : `:${owner.guestId}`);
      if (menu && dinnerTicked) {
        for (const m of memberRows) {
          if (randQ() > 0.9) continue;
          const choice = m.age === "adult" ? menuChoices[Math.floor(randQ() * 3)] : menuChoices[3];
          const guestId = owner.partyId ? m.id : owner.guestId;
          q.answer.run(newId(), menu.id, owner.partyId ?? null, guestId, key(owner.partyId ? m.id : null), JSON.stringify(choice), t);
        }
      }
      if (randQ() < 0.6) q.answer.run(newId(), song.id, owner.partyId ?? null, owner.guestId ?? null, key(null), JSON.stringify(SONGS[Math.floor(randQ() * SONGS.length)]), t);
    };

    let guestsMade = 0;
    const answer = (owner, members, hasRooms, pendingRooms, memberRows = []) => {
      if (rand() > 0.65) return; // about two thirds have answered
      const attending = pendingRooms ? 0 : rand() < 0.82 ? 1 : 0;
      const adults = members.filter((m) => m === "adult").length;
      const kids = members.filter((m) => m === "kid").length;
      const babies = members.length - adults - kids;
      const t = new Date(Date.parse("2026-01-05T10:00:00Z") + Math.floor(rand() * 90 * 86400_000)).toISOString();
      q.rsvp.run(newId(), owner.partyId ?? null, owner.guestId ?? null, attending, attending ? Math.min(10, members.length) : 1, adults, kids, babies, rand() < 0.2 ? "Vegetarian" : null, rand() < 0.3 ? "Can't wait to celebrate with you!" : null, hasRooms && !pendingRooms ? 1 : 0, t, t, t);
      let dinnerTicked = false;
      for (const e of events) {
        if (e.hotelOnly && !hasRooms) continue;
        if (rand() < 0.8) {
          const yes = attending && rand() < 0.85 ? 1 : 0;
          q.eventRsvp.run(newId(), e.id, owner.partyId ?? null, owner.guestId ?? null, yes, t, t);
          if (yes && e.id === dinner?.id) dinnerTicked = true;
        }
      }
      if (attending) answerQuestions(owner, memberRows, dinnerTicked, t);
    };

    for (let i = 0; i < partyCount; i++) {
      const n = existingParties + i + 1;
      const last = pick(LAST);
      const contact = `${pick(FIRST)} ${last}`;
      const partyId = newId();
      const email = rand() < 0.7 ? `party${n}@example.org` : null;
      const phone = rand() < 0.6 ? `+3519${String(10000000 + n).slice(-8)}` : null;
      q.party.run(partyId, `The ${last} Party ${n}`, contact, email, phone, `P${String(n).padStart(9, "0")}`, rand() < 0.2 ? "Friends from university" : null, now, now);
      const members = [];
      const memberRows = [];
      for (let m = 0; m < sizes[i]; m++) {
        const age = m === 0 ? "adult" : rand() < 0.8 ? "adult" : rand() < 0.6 ? "kid" : "baby";
        members.push(age);
        const first = m === 0 ? contact.split(" ")[0] : pick(FIRST);
        const memberId = newId();
        memberRows.push({ id: memberId, age });
        q.guest.run(memberId, partyId, first, last, m === 0 ? email : null, m === 0 ? phone : null, null, age, now, now);
        guestsMade++;
      }
      // Two parties in five have rooms: confirmed (some paid), pending or declined.
      let hasRooms = false;
      let pendingRooms = false;
      if (rand() < 0.4) {
        const rooms = rand() < 0.25 ? 2 : 1;
        const start = Math.floor(rand() * roomTypes.length);
        for (let r = 0; r < rooms; r++) {
          const roomTypeId = roomTypes[(start + r) % roomTypes.length].id;
          const roll = rand();
          const status = roll < 0.5 ? "confirmed" : roll < 0.8 ? "pending" : "declined";
          const paid = status === "confirmed" && rand() < 0.5 ? 1 : 0;
          q.assignment.run(newId(), partyId, roomTypeId, 1 + (rand() < 0.2 ? 1 : 0), status, status === "confirmed" ? now : null, status === "declined" ? now : null, status === "declined" ? "We will stay with family nearby." : null, paid, paid ? now : null, now, now);
          if (status !== "declined") hasRooms = true;
          if (status === "pending") pendingRooms = true;
        }
      }
      answer({ partyId }, members, hasRooms, pendingRooms, memberRows);
    }

    const existingIndividuals = sqlite.prepare("select count(*) as n from guests where party_id is null").get().n;
    for (let i = 0; i < individuals; i++) {
      const n = existingIndividuals + i + 1;
      const guestId = newId();
      const first = pick(FIRST);
      const last = pick(LAST);
      q.guest.run(guestId, null, first, last, `guest${n}@example.org`, rand() < 0.6 ? `+4478${String(10000000 + n).slice(-8)}` : null, `G${String(n).padStart(9, "0")}`, "adult", now, now);
      guestsMade++;
      answer({ guestId }, ["adult"], false, false, [{ id: guestId, age: "adult" }]);
    }
    return { parties: partyCount, guests: guestsMade, individuals };
  });
  return run.immediate();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [path, parties = "300", guests = "1000"] = process.argv.slice(2);
  if (!path) {
    console.error("usage: node scripts/bench/seed.mjs <db-path> [parties] [guests]");
    process.exit(2);
  }
  const t = performance.now();
  const r = seedDatabase(path, { parties: Number(parties), guests: Number(guests) });
  console.log(`seeded ${r.parties} parties and ${r.guests} guests (${r.individuals} individual) in ${Math.round(performance.now() - t)} ms: ${path}`);
}
