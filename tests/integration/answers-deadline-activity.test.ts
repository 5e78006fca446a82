// Issue 14 over HTTP: per-member attendance, the RSVP deadline, the activity log,
// the rooming and caterer's lists, and what every CSV export does to a formula.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, count, makeEvent, makeGuest, makeParty, makeRoomType, query, signedIn } from "./api-fixtures";

let server: TestServer;
let admin: Client;

const DEADLINE_MESSAGE = "The RSVP deadline has passed. Please contact the host to make changes.";
const DEADLINE_PT = "O prazo de resposta terminou. Por favor, contacte o anfitrião para fazer alterações.";
const form = (values: Record<string, string> | string[][]) => new URLSearchParams(values);
const setDeadline = async (rsvpDeadline: string | null) => {
  const res = await admin.patch("/api/event-config", { rsvpDeadline });
  expect(res.status, res.text).toBe(200);
};
const activityOf = (partyId: string) => query<{ kind: string; actor: string; summary: string }>(server, "select kind, actor, summary from activity_log where party_id = ? order by rowid", partyId);

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

describe("per-member attendance", () => {
  it("counts only the members coming; members left out are coming; a no counts nobody", async () => {
    const party = await makeParty(admin, ["adult", "adult", "kid", "baby"]);
    const [tom, sarah, kid] = party.memberIds;
    const guest = await signedIn(server, party.authCode);

    const yes = await guest.post("/api/rsvps", { partyId: party.id, attending: true, memberAttendance: [{ guestId: tom, attending: false }] });
    expect(yes.status, yes.text).toBe(201);
    expect(yes.json).toMatchObject({ guestCount: 3, adultsCount: 1, kidsCount: 1, babiesCount: 1 });

    const members = await guest.get(`/api/parties/${party.id}/members`);
    expect(members.status).toBe(200);
    const coming = Object.fromEntries((members.json.members as Array<{ id: string; attending: boolean | null }>).map((m) => [m.id, m.attending]));
    expect(coming).toEqual({ [tom!]: false, [sarah!]: true, [kid!]: true, [party.memberIds[3]!]: true });

    // Each submit states the whole answer: Tom left out now is coming again.
    const again = await guest.post("/api/rsvps", { partyId: party.id, attending: true, memberAttendance: [{ guestId: kid, attending: false }] });
    expect(again.json).toMatchObject({ guestCount: 3, adultsCount: 2, kidsCount: 0, babiesCount: 1 });

    const no = await guest.post("/api/rsvps", { partyId: party.id, attending: false });
    expect(no.json).toMatchObject({ attending: false, guestCount: 1, adultsCount: 0, kidsCount: 0, babiesCount: 0 });
    const all = await admin.get(`/api/guests?partyId=${party.id}`);
    expect((all.json as Array<{ attending: boolean | null }>).map((g) => g.attending)).toEqual([false, false, false, false]);
  });

  it("carries attending null before the party answers", async () => {
    const party = await makeParty(admin, ["adult"]);
    const res = await admin.get(`/api/guests?partyId=${party.id}`);
    expect(res.json[0].attending).toBeNull();
  });

  it("answers 400 for a member of another party, for the field on an individual's RSVP, and for a yes with nobody coming", async () => {
    const party = await makeParty(admin, ["adult", "adult"]);
    const other = await makeParty(admin, ["adult"]);
    const guest = await signedIn(server, party.authCode);
    const stranger = await guest.post("/api/rsvps", { partyId: party.id, attending: true, memberAttendance: [{ guestId: other.memberIds[0], attending: true }] });
    expect(stranger.status).toBe(400);
    const nobody = await guest.post("/api/rsvps", {
      partyId: party.id,
      attending: true,
      memberAttendance: party.memberIds.map((guestId) => ({ guestId, attending: false })),
    });
    expect(nobody.status).toBe(400);
    const solo = await makeGuest(admin);
    const soloRes = await admin.post("/api/rsvps", { guestId: solo.id, attending: true, memberAttendance: [] });
    expect(soloRes.status).toBe(400);
    expect(count(server, "rsvps", "party_id = ? or guest_id = ?", party.id, solo.id)).toBe(0);
    expect(count(server, "activity_log", "kind = 'rsvp' and (party_id = ? or guest_id = ?)", party.id, solo.id)).toBe(0);
  });

  it("marks a member not coming from the RSVP form without JavaScript, and from My RSVP", async () => {
    const party = await makeParty(admin, ["adult", "adult"]);
    const [tom, sarah] = party.memberIds;
    const guest = await signedIn(server, party.authCode);
    const res = await guest.request(
      "POST",
      "/rsvp",
      form([["intent", "submit"], ["attending", "yes"], ["memberIds", tom!], ["memberIds", sarah!], ["coming", sarah!]]),
    );
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    expect(query(server, "select guest_count as n from rsvps where party_id = ?", party.id)[0]).toEqual({ n: 1 });

    const mine = await guest.request("POST", "/my-rsvp", form([["intent", "members-save"], ["memberIds", tom!], ["memberIds", sarah!], ["coming", tom!], ["coming", sarah!]]));
    expect(mine.status).toBe(302);
    expect(query(server, "select guest_count as n from rsvps where party_id = ?", party.id)[0]).toEqual({ n: 2 });
    expect((await guest.get("/my-rsvp")).text).toContain("Who is coming");
  });

  it("makes the dashboard and RSVP tracking count people, not parties", async () => {
    const party = await makeParty(admin, ["adult", "adult", "adult"]);
    const guest = await signedIn(server, party.authCode);
    await guest.post("/api/rsvps", { partyId: party.id, attending: true, memberAttendance: [{ guestId: party.memberIds[0], attending: false }] });
    const csv = (await admin.get("/admin/rsvps/export")).text;
    const line = csv.split("\r\n").find((l) => l.startsWith(party.name))!;
    expect(line.split(",").slice(2, 4)).toEqual(["Attending", "2"]);
  });
});

describe("the RSVP deadline", () => {
  it("refuses every guest write after it, in the API and on the pages, while the admin still changes everything", async () => {
    const party = await makeParty(admin, ["adult", "adult"]);
    const rt = await makeRoomType(admin);
    const room = await assignRoom(admin, party.id, rt.id);
    const event = await makeEvent(admin);
    const guest = await signedIn(server, party.authCode);
    expect((await guest.post("/api/rsvps", { partyId: party.id, attending: false })).status).toBe(201);
    await setDeadline("2020-01-01");
    // Counted after the host's change of the deadline (itself logged, issue 36).
    const before = count(server, "activity_log");
    const refused = [
      await guest.post("/api/rsvps", { partyId: party.id, attending: false, messageToHost: "late" }),
      await guest.post(`/api/parties/${party.id}/members`, { firstName: "Late", lastName: "Comer", ageCategory: "adult" }),
      await guest.patch(`/api/guests/${party.memberIds[0]}`, { firstName: "Renamed" }),
      await guest.delete(`/api/parties/${party.id}/members/${party.memberIds[1]}`),
      await guest.post(`/api/room-assignments/${room.id}/confirm`),
      await guest.post(`/api/room-assignments/${room.id}/decline`, { reason: "too late" }),
      await guest.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true }),
    ];
    for (const res of refused) {
      expect(res.status, res.text).toBe(403);
      expect(res.json).toEqual({ message: DEADLINE_MESSAGE });
    }
    // Pages: the same refusal, in Portuguese on a Portuguese page.
    const pt = { "Accept-Language": "pt-PT" };
    const pages = [
      await guest.request("POST", "/rsvp?edit=1", form({ intent: "submit", attending: "no" }), pt),
      await guest.request("POST", "/rsvp?edit=1", form({ intent: `room-confirm:${room.id}` }), pt),
      await guest.request("POST", "/rsvp?edit=1", form({ intent: `member-remove:${party.memberIds[1]}` }), pt),
      await guest.request("POST", "/my-rsvp", form({ intent: "events-save", events: event.id }), pt),
      await guest.request("POST", "/my-rsvp", form({ intent: "room-decline", assignmentId: room.id, reason: "tarde" }), pt),
    ];
    for (const [i, res] of pages.entries()) {
      expect(res.status, `page ${i}: ${res.headers.get("location")}`).toBe(403);
      expect(res.text).toContain(DEADLINE_PT);
    }
    expect(count(server, "activity_log")).toBe(before);

    // Reading still works, and says answers are closed.
    expect((await guest.get("/api/auth/session")).status).toBe(200);
    const page = await guest.get("/my-rsvp");
    expect(page.status).toBe(200);
    expect(page.text).toContain(DEADLINE_MESSAGE);
    expect((await guest.get("/my-rsvp", pt)).text).toContain(DEADLINE_PT);
    expect((await new Client(server.url).post("/api/party-auth", { authCode: party.authCode })).status).toBe(200);

    // The admin is not bound by it.
    expect((await admin.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBe(409); // room still pending: the usual rule
    expect((await admin.post(`/api/room-assignments/${room.id}/confirm`)).status).toBe(200);
    expect((await admin.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBe(200);
    expect((await admin.post(`/api/parties/${party.id}/members`, { firstName: "Added", lastName: "ByHost", ageCategory: "kid" })).status).toBe(201);
    expect((await admin.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true })).status).toBe(201);

    await setDeadline(null);
    expect((await guest.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: false })).status).toBe(200);
  });

  it("is the end of the day in Lisbon, shown as the reply-by date on the landing page, /rsvp and /my-rsvp", async () => {
    await setDeadline("2099-05-12");
    const party = await makeParty(admin, ["adult"]);
    const guest = await signedIn(server, party.authCode);
    expect((await guest.get("/")).text).toContain("Please reply by 12 May 2099");
    expect((await guest.get("/", { "Accept-Language": "pt-PT" })).text).toContain("Por favor, responda até 12 de maio de 2099");
    expect((await guest.get("/rsvp")).text).toContain("Please reply by 12 May 2099");
    expect((await guest.get("/my-rsvp")).text).toContain("Please reply by 12 May 2099");
    const config = await new Client(server.url).get("/api/event-config");
    expect(config.json.rsvpDeadline).toBe("2099-05-12");
    expect(config.json).not.toHaveProperty("hostEmail");
    expect((await admin.patch("/api/event-config", { rsvpDeadline: "2099-02-30" })).status).toBe(400);
    await setDeadline(null);
  });
});

describe("the activity log", () => {
  it("writes exactly one row per change, by guest or admin, and none for a refused change", async () => {
    const party = await makeParty(admin, ["adult", "adult"]);
    const rt = await makeRoomType(admin, { name: "Quinta Double" });
    const room = await assignRoom(admin, party.id, rt.id);
    const event = await makeEvent(admin, { title: "Wine Tasting" });
    const guest = await signedIn(server, party.authCode);
    const n = () => activityOf(party.id).length;

    let before = n();
    await guest.post(`/api/room-assignments/${room.id}/decline`, { reason: "we found a hotel nearer the airport" });
    expect(n()).toBe(before + 1);
    expect(activityOf(party.id).at(-1)).toEqual({
      kind: "room",
      actor: "guest",
      summary: "Room Quinta Double x1: pending -> declined (reason: we found a hotel nearer the airport)",
    });

    before = n();
    expect((await guest.post(`/api/room-assignments/${room.id}/decline`, { reason: "  " })).status).toBe(400);
    expect((await guest.delete(`/api/parties/${party.id}/members/unknown`)).status).toBe(404);
    expect(n()).toBe(before);

    // A refused submit rolls back its room decisions and their rows too (one transaction).
    const other = await assignRoom(admin, party.id, (await makeRoomType(admin)).id);
    before = n();
    const refused = await guest.post("/api/rsvps", { partyId: party.id, attending: true, roomConfirmationDecisions: [{ assignmentId: room.id, status: "confirmed" }] });
    expect(refused.status).toBe(409);
    expect(n()).toBe(before);
    expect(query(server, "select confirmation_status as s from party_room_assignments where id = ?", room.id)[0]).toEqual({ s: "declined" });
    await admin.delete(`/api/room-assignments/${other.id}`);

    before = n();
    await guest.post("/api/rsvps", { partyId: party.id, attending: true, memberAttendance: [{ guestId: party.memberIds[0], attending: false }] });
    expect(n()).toBe(before + 1);
    expect(activityOf(party.id).at(-1)).toMatchObject({ kind: "rsvp", actor: "guest" });
    expect(activityOf(party.id).at(-1)!.summary).toContain("no answer -> attending (1 coming)");

    before = n();
    await guest.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true });
    expect(activityOf(party.id).at(-1)).toEqual({ kind: "event-rsvp", actor: "guest", summary: "Wine Tasting: no answer -> attending" });
    await guest.post(`/api/parties/${party.id}/members`, { firstName: "New", lastName: "Member", ageCategory: "kid" });
    expect(activityOf(party.id).at(-1)).toMatchObject({ kind: "member", actor: "guest", summary: "Member added: New Member (kid)" });
    expect(n()).toBe(before + 2);

    // The admin's own changes count too.
    before = n();
    await admin.post(`/api/room-assignments/${room.id}/confirm`);
    await admin.post(`/api/room-assignments/${room.id}/mark-paid`, { isPaid: true });
    // The "Payment Received" switch books a payment in the ledger (issue 25) and the room turns paid: a row each.
    expect(n()).toBe(before + 3);
    const latest = activityOf(party.id).slice(-3);
    expect(latest[0]).toEqual({ kind: "room", actor: "admin", summary: "Room Quinta Double x1: declined -> confirmed" });
    expect(latest.slice(1)).toEqual(
      expect.arrayContaining([
        { kind: "payment", actor: "admin", summary: "Room Quinta Double x1: unpaid -> paid" },
        expect.objectContaining({ kind: "payment", actor: "admin", summary: expect.stringMatching(/^Payment €[\d.,]+ \(other\) of \d{4}-\d{2}-\d{2} recorded: Payment Received switch$/) }),
      ]),
    );

    const api = await admin.get(`/api/activity?partyId=${party.id}&limit=3`);
    expect(api.status).toBe(200);
    expect(api.json.items).toHaveLength(3);
    expect(Object.keys(api.json.items[0]).sort()).toEqual(["actor", "actorName", "at", "guestId", "id", "kind", "partyId", "summary"]); // actorName: issue 27
    expect(api.json.items[0].kind).toBe("payment"); // newest first
    expect((await admin.get("/api/activity?limit=201")).status).toBe(400);
    expect((await guest.get("/api/activity")).status).toBe(401); // admin only: a guest has no admin session
    expect((await new Client(server.url).get("/api/activity")).status).toBe(401);

    // The page keeps each "->" whole in a span of its own (issue 36): read the text, not the markup.
    const textOf = (html: string) => html.replace(/<[^>]+>/g, "");
    const page = await admin.get(`/admin/activity?party=${party.id}&kind=room`);
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain("declined -&gt; confirmed");
    expect(textOf(page.text)).not.toContain("unpaid -&gt; paid");
    expect(textOf((await admin.get(`/admin/parties/${party.id}`)).text)).toContain("unpaid -&gt; paid");
    expect((await admin.get("/admin/dashboard")).text).toContain("Latest changes");
  });
});

describe("lists for suppliers", () => {
  it("the rooming list and the caterer's figures match hand-computed values", async () => {
    const rt = await makeRoomType(admin, { name: "Zz Rooming Suite", totalUnits: 10 });
    // Smiths: 3 members, Tom not coming; 2 units confirmed and paid. Joneses: declined room. Lees: pending, no answer.
    const smiths = await makeParty(admin, ["adult", "adult", "kid"], { name: "Zz Smiths", primaryEmail: "smiths@example.com", primaryPhone: "+351911111111" });
    const joneses = await makeParty(admin, ["adult"], { name: "Zz Joneses" });
    const lees = await makeParty(admin, ["adult", "baby"], { name: "Zz Lees" });
    const smithRoom = await assignRoom(admin, smiths.id, rt.id, 2);
    const jonesRoom = await assignRoom(admin, joneses.id, rt.id, 1);
    await assignRoom(admin, lees.id, rt.id, 1);
    const smithGuest = await signedIn(server, smiths.authCode);
    await smithGuest.post("/api/rsvps", {
      partyId: smiths.id,
      attending: true,
      dietaryRestrictions: "Kid: no nuts",
      memberAttendance: [{ guestId: smiths.memberIds[0], attending: false }],
      roomConfirmationDecisions: [{ assignmentId: smithRoom.id, status: "confirmed" }],
    });
    await admin.post(`/api/room-assignments/${smithRoom.id}/mark-paid`, { isPaid: true });
    await admin.post(`/api/room-assignments/${jonesRoom.id}/decline`, { reason: "No" });

    const csv = (await admin.get("/admin/rooming-list.csv")).text;
    const lines = csv.split("\r\n").filter((l) => l.startsWith("Zz Rooming Suite"));
    expect(lines).toEqual([
      'Zz Rooming Suite,Main House,Zz Lees,"Member0 Zz Lees; Member1 Zz Lees",1,"June 12-13, 2026",pending,no,2026-04-30,,',
      'Zz Rooming Suite,Main House,Zz Smiths,"Member1 Zz Smiths; Member2 Zz Smiths",2,"June 12-13, 2026",confirmed,yes,2026-04-30,+351911111111,smiths@example.com',
    ]);
    const page = await admin.get("/admin/rooming-list");
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Zz Joneses");
    expect((await admin.get("/admin/room-assignments")).text).toContain('href="/admin/rooming-list"');

    // Caterer: a side event attended by the Smiths (2 coming: 1 adult, 1 kid) and a solo guest who brings a baby.
    const tasting = await makeEvent(admin, { title: "Zz Tasting" });
    await smithGuest.post("/api/event-rsvps", { eventId: tasting.id, partyId: smiths.id, attending: true });
    const solo = await makeGuest(admin, { firstName: "Ana", lastName: "Zz Solo" });
    await admin.post("/api/rsvps", { guestId: solo.id, attending: true, adultsCount: 1, kidsCount: 0, babiesCount: 1, dietaryRestrictions: "Vegetarian" });
    await admin.post("/api/event-rsvps", { eventId: tasting.id, guestId: solo.id, attending: true });
    await admin.post("/api/event-rsvps", { eventId: tasting.id, partyId: lees.id, attending: false });
    const cat = (await admin.get(`/admin/caterer-list.csv?event=${tasting.id}`)).text.replace(/^\uFEFF/, "");
    expect(cat).toContain("People coming,4\r\nAdults,2\r\nKids (>2y),1\r\nBabies (≤2y),1\r\n");
    expect(cat).toContain("Dietary need,Party or guest\r\nVegetarian,Ana Zz Solo\r\nKid: no nuts,Zz Smiths\r\n");
    const catPage = await admin.get(`/admin/caterer-list?event=${tasting.id}`);
    expect(catPage.status).toBe(200);
    expect(catPage.text).toContain("Kid: no nuts");
    expect((await admin.get("/admin/caterer-list?event=main")).status).toBe(200);
    expect((await admin.get("/admin/event-rsvps")).text).toContain("/admin/caterer-list?event=main");
  });

  it("every CSV export has a BOM, neutralises formula cells, keeps numbers and phones, and takes ?sep=semicolon", async () => {
    const evil = "=HYPERLINK(\"http://evil\")";
    const party = await makeParty(admin, ["adult"], { name: `@SUM(A1) party`, primaryPhone: "+351 912 345 678" });
    await admin.patch(`/api/guests/${party.memberIds[0]}`, { firstName: evil, lastName: "-2+3" });
    const rt = await makeRoomType(admin, { name: "+Room" });
    await assignRoom(admin, party.id, rt.id);
    const event = await makeEvent(admin, { title: "-Event" });
    const guest = await signedIn(server, party.authCode);
    await guest.post(`/api/room-assignments/${(query<{ id: string }>(server, "select id from party_room_assignments where party_id = ?", party.id)[0]!).id}/confirm`);
    await guest.post("/api/rsvps", { partyId: party.id, attending: true, dietaryRestrictions: "\tTAB", messageToHost: "=1+1" });
    await guest.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true });

    const exports = [
      "/admin/guests/export",
      "/admin/rsvps/export",
      `/admin/event-rsvps/export?event=${event.id}`,
      "/admin/rooming-list.csv",
      "/admin/caterer-list.csv?event=main",
      `/admin/caterer-list.csv?event=${event.id}`,
    ];
    for (const path of exports) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(200);
      // fetch's text() drops a BOM: read the bytes.
      const raw = new Uint8Array(await (await fetch(server.url + path, { headers: { cookie: admin.cookieHeader } })).arrayBuffer());
      expect([...raw.slice(0, 3)], path).toEqual([0xef, 0xbb, 0xbf]);
      const cells = res.text.split(/\r\n/).flatMap((l) => l.split(",")).map((c) => c.replace(/^"|"$/g, ""));
      for (const cell of cells) expect(/^[=+\-@\t\r]/.test(cell) && !/^[+-]?[\d\s().]+$/.test(cell), `${path}: ${cell}`).toBe(false);
      const semi = await admin.get(`${path}${path.includes("?") ? "&" : "?"}sep=semicolon`);
      expect(semi.text.split("\r\n")[0], path).toContain(";");
      expect(semi.text.split("\r\n")[0], path).not.toMatch(/^[^"]*,[^"]*$/);
    }
    expect((await admin.get("/admin/guests/export")).text).toContain("'=HYPERLINK");
    expect((await admin.get("/admin/rooming-list.csv")).text).toContain(",+351912345678,");
    expect((await admin.get("/admin/rooming-list.csv")).text).toContain("'+Room");
  });
});
