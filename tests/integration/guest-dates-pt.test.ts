// Issue 36 item 8: every date and time a guest reads (events, pickups,
// deadlines, news, ledger, calendar text) comes through one formatter in the
// page's language. The host types dates and times in English ("Friday, June
// 12, 2026", "11:00 AM"); without a Portuguese text of their own, a
// Portuguese page reads them as pt-PT writes them ("sexta-feira, 12 de junho
// de 2026", "11:00–13:00"). Each guest page is rendered in Portuguese for a
// party with events, rooms, a pickup, ledger lines and news, and no English
// month, weekday or AM/PM is left.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, makeEvent, makeParty, makeRoomType, signedIn } from "./api-fixtures";

let server: TestServer;
let admin: Client;
let guest: Client;

const ENGLISH =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b|\d\s?(AM|PM|a\.m\.|p\.m\.)(?![\w])/;
const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
/** What a reader sees: the page without its scripts, styles and tags. */
const visible = (html: string) =>
  decode(html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<style[\s\S]*?<\/style>/g, " ")).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const englishIn = (text: string) => {
  const found: string[] = [];
  const all = new RegExp(ENGLISH.source, "g");
  for (const m of text.matchAll(all)) found.push(text.slice(Math.max(0, m.index! - 40), m.index! + 40));
  return found;
};
const pt = { "accept-language": "pt-PT,pt;q=0.9" };

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  // The host's own texts in English only: no Portuguese date or time of their own.
  const config = await admin.patch("/api/event-config", {
    eventDate: "June 12-13, 2026",
    eventDatePt: null,
    eventTime: "4:30 PM",
    eventTimePt: null,
    rsvpDeadline: "2099-05-12",
    schedule: [{ day: "Friday, June 12, 2026", items: [{ time: "4:30 PM", title: "Welcome drinks", titlePt: "Boas-vindas" }] }],
    payment: { bankHolder: "Ana Ribeiro", iban: "PT50 0002 0123 1234 5678 9015 4", bic: "CGDIPTPL" },
  });
  expect(config.status, config.text).toBe(200);
  const party = await makeParty(admin, ["adult", "adult"], { language: "pt" });
  await makeEvent(admin, { title: "Vineyard walk", titlePt: "Passeio nas vinhas", date: "Friday, June 12, 2026", timeFrom: "11:00 AM", timeTo: "1:00 PM" });
  await makeEvent(admin, { title: "Dinner", titlePt: "Jantar", date: "Saturday, June 13, 2026", timeFrom: "7:30 PM", timeTo: "11:00 PM" });
  const suite = await makeRoomType(admin, { pricePerNight: 300, totalUnits: 3 });
  await assignRoom(admin, party.id, suite.id, 1, { confirmationStatus: "confirmed", paymentDeadline: "2026-04-30" });
  await admin.post(`/api/parties/${party.id}/charges`, { label: "Boat trip", amount: 7_000 });
  await admin.post(`/api/parties/${party.id}/payments`, { amount: 20_000, date: "2026-03-03", method: "bank-transfer" });
  const news = await admin.post("/api/announcements", { subject: "Parking", body: "Park by the barn.", subjectPt: "Estacionamento", bodyPt: "Junto ao celeiro.", audience: { kind: "chosen", partyIds: [party.id] } });
  expect(news.status, news.text).toBe(201);
  // Travel on, a point, the party's answer and a run with its pickup.
  expect((await admin.patch("/api/travel-settings", { enabled: true, windowStart: "2026-06-10", windowEnd: "2026-06-16" })).status).toBe(200);
  const point = (await admin.post("/api/travel-points", { name: "Porto Airport", namePt: "Aeroporto do Porto", kind: "airport", transfer: true, driveMinutes: 90 })).json.id;
  guest = await signedIn(server, party.authCode);
  expect((await guest.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBeLessThan(300);
  const events = (await guest.get("/api/events")).json as { id: string }[];
  for (const e of events) expect((await guest.post("/api/event-rsvps", { eventId: e.id, partyId: party.id, attending: true })).status).toBeLessThan(300);
  const travel = await guest.request("PUT", "/api/my-travel", {
    arrival: { date: "2026-06-12", time: "13:10", pointId: point, number: "TP1234" },
    departure: null,
    transfer: { arrival: true, departure: false, seats: 2 },
  });
  expect(travel.status, travel.text).toBe(200);
  const run = await admin.post("/api/shuttle-runs", {
    direction: "arrival", date: "2026-06-12", time: "14:00", fromPointId: point, toPointId: null, seats: 8,
    vehicle: null, driverPhone: null, note: null, locked: false, partyIds: [party.id],
  });
  expect(run.status, run.text).toBe(201);
}, 60_000);
afterAll(async () => server?.stop());

describe("a guest's dates and times in Portuguese", () => {
  it("the events card on /my-rsvp reads the host's English date and times as pt-PT writes them", async () => {
    const page = visible((await guest.get("/my-rsvp?lang=pt", pt)).text);
    expect(page).toContain("sexta-feira, 12 de junho de 2026");
    expect(page).toContain("11:00–13:00");
    expect(page).toContain("sábado, 13 de junho de 2026");
    expect(page).toContain("19:30–23:00");
    // The English page is as the host typed it.
    const en = visible((await guest.get("/my-rsvp?lang=en")).text);
    expect(en).toContain("Friday, June 12, 2026");
    expect(en).toContain("11:00 AM - 1:00 PM");
  });

  it("no guest page in Portuguese shows an English month, weekday or AM/PM", async () => {
    const found: Record<string, string[]> = {};
    // A party that has not answered yet reads /rsvp (one that has is sent on to /my-rsvp); a visitor reads the landing page.
    const fresh = await signedIn(server, (await makeParty(admin, ["adult"], { language: "pt" })).authCode);
    const readers: [string, Client][] = [["/?lang=pt", new Client(server.url)], ["/?lang=pt", guest], ["/rsvp?lang=pt", fresh], ["/my-rsvp?lang=pt", guest]];
    for (const [path, reader] of readers) {
      const res = await reader.get(path, pt);
      expect(res.status, path).toBe(200);
      const english = englishIn(visible(res.text));
      if (english.length) found[path] = [...(found[path] ?? []), ...english];
    }
    // The calendar file's texts (titles, descriptions) in the guest's language too.
    const ics = await guest.get("/my-rsvp/calendar.ics?lang=pt", pt);
    expect(ics.status).toBe(200);
    const icsText = ics.text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/).filter((l) => /^(SUMMARY|DESCRIPTION|LOCATION)/.test(l)).join("\n");
    const inIcs = englishIn(icsText);
    if (inIcs.length) found["/my-rsvp/calendar.ics"] = inIcs;
    expect(found).toEqual({});
  });

  it("a Portuguese text the host typed wins over the English one", async () => {
    const event = await makeEvent(admin, { title: "Brunch", date: "Sunday, June 14, 2026", datePt: "Domingo de manhã", timeFrom: "10:00 AM", timeFromPt: "às 10h", timeTo: "12:00 PM" });
    const page = visible((await guest.get("/my-rsvp?lang=pt", pt)).text);
    expect(page).toContain("Domingo de manhã");
    expect(page).toContain("às 10h–12:00");
    await admin.delete(`/api/events/${event.id}`);
  });
});
