import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { assignRoom, makeEvent, makeGuest, makeParty, makeRoomType } from "./api-fixtures";

/*
 * The guest pages as plain HTML forms (what a browser without JavaScript
 * sends), and the rule that a guest never sees or changes another party's
 * data through any of them.
 */

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

const form = (values: Record<string, string>) => new URLSearchParams(values);

async function signIn(code: string) {
  const guest = new Client(server.url);
  const res = await guest.get(`/rsvp?code=${encodeURIComponent(code)}`);
  expect(res.status).toBe(302);
  return guest;
}

async function assignment(partyId: string) {
  const res = await admin.get(`/api/parties/${partyId}/room-assignments`);
  return res.json[0] as { id: string; confirmationStatus: string; declineReason: string | null };
}

describe("a guest cannot reach another party's data through the pages", () => {
  let mine: Awaited<ReturnType<typeof makeParty>>;
  let theirs: Awaited<ReturnType<typeof makeParty>>;
  let theirRoom: { id: string };
  let guest: Client;

  beforeAll(async () => {
    mine = await makeParty(admin, ["adult"]);
    theirs = await makeParty(admin, ["adult", "adult"], { primaryEmail: "theirs@party.example" });
    const roomType = await makeRoomType(admin, { name: "Their Secret Suite" });
    theirRoom = await assignRoom(admin, theirs.id, roomType.id);
    guest = await signIn(mine.authCode);
  });

  it("shows only the guest's own party", async () => {
    for (const path of ["/rsvp", "/my-rsvp", "/my-rsvp?decline=" + theirRoom.id, "/my-rsvp/calendar.ics"]) {
      const res = await guest.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain(path.endsWith(".ics") ? "BEGIN:VCALENDAR" : mine.name);
      expect(res.text, path).not.toContain(theirs.name);
      expect(res.text, path).not.toContain("Their Secret Suite");
      expect(res.text, path).not.toContain("theirs@party.example");
    }
  });

  it("cannot confirm, decline or reset their room from /rsvp or /my-rsvp", async () => {
    for (const intent of ["room-confirm", "room-change"]) {
      const res = await guest.request("POST", "/rsvp", form({ intent: `${intent}:${theirRoom.id}` }));
      expect(res.status, intent).toBe(404);
    }
    // Opening a decline step for a room that is not theirs opens nothing and shows nothing of it.
    const opened = await guest.request("POST", "/rsvp", form({ intent: `room-decline-open:${theirRoom.id}` }));
    expect(opened.text).not.toContain("Their Secret Suite");
    expect(opened.text).not.toMatch(/name="reason"/);
    const decline = await guest.request("POST", "/rsvp", form({ intent: `room-decline:${theirRoom.id}`, reason: "mine now" }));
    expect(decline.status).toBe(404);
    expect((await guest.request("POST", "/my-rsvp", form({ intent: "room-confirm", assignmentId: theirRoom.id }))).status).toBe(404);
    expect(
      (await guest.request("POST", "/my-rsvp", form({ intent: "room-decline", assignmentId: theirRoom.id, reason: "x" }))).status,
    ).toBe(404);
    expect(await assignment(theirs.id)).toMatchObject({ confirmationStatus: "pending", declineReason: null });
  });

  it("cannot edit or remove their members", async () => {
    const [victim] = theirs.memberIds;
    const save = await guest.request(
      "POST",
      "/rsvp",
      form({ intent: `member-save:${victim}`, memberFirstName: "Hacked", memberLastName: "Name", memberAgeCategory: "adult" }),
    );
    expect(save.status).toBe(404);
    const remove = await guest.request("POST", "/rsvp", form({ intent: `member-remove:${victim}` }));
    expect(remove.status).toBe(404);
    const members = (await admin.get(`/api/parties/${theirs.id}/members`)).json;
    expect(members.total).toBe(2);
    expect(JSON.stringify(members)).not.toContain("Hacked");
  });

  it("an individual guest has no rooms or members to act on", async () => {
    const solo = await makeGuest(admin);
    const soloBrowser = await signIn(solo.customCode);
    const res = await soloBrowser.request("POST", "/rsvp", form({ intent: `room-confirm:${theirRoom.id}` }));
    expect(res.status).toBe(403);
    const add = await soloBrowser.request(
      "POST",
      "/rsvp",
      form({ intent: "member-save:new", memberFirstName: "Extra", memberLastName: "Person", memberAgeCategory: "adult" }),
    );
    expect(add.status).toBe(403);
  });
});

describe("the pages without JavaScript", () => {
  it("keeps what was typed when a room button is pressed, and refuses a pending room", async () => {
    const party = await makeParty(admin, ["adult"]);
    const roomType = await makeRoomType(admin);
    const room = await assignRoom(admin, party.id, roomType.id);
    const guest = await signIn(party.authCode);

    // A decline without a reason: the message, the step open again, the draft kept.
    const declined = await guest.request(
      "POST",
      "/rsvp",
      form({ intent: `room-decline:${room.id}`, reason: "  ", dietaryRestrictions: "Gluten free", messageToHost: "Hello" }),
    );
    expect(declined.status).toBe(400);
    expect(declined.text).toContain("Please provide a reason for declining the room.");
    expect(declined.text).toContain("Gluten free");
    expect(declined.text).toMatch(/name="reason"/);

    const submit = await guest.request("POST", "/rsvp", form({ intent: "submit", attending: "yes", dietaryRestrictions: "Gluten free" }));
    expect(submit.status).toBe(409);
    expect(submit.text).toContain("Room decision required - Please confirm or decline all room assignments before submitting your RSVP.");
    expect(submit.text).toContain("Gluten free");

    // Not attending needs no room decision.
    const no = await guest.request("POST", "/rsvp", form({ intent: "submit", attending: "no" }));
    expect(no.status).toBe(302);
    // Answered: /rsvp now leads to My RSVP with a message, unless the guest asks to change the answer.
    const again = await guest.get("/rsvp");
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/my-rsvp");
    const page = await guest.get("/my-rsvp");
    expect(page.text).toContain("You have already responded");
    expect((await guest.get("/rsvp?edit=1")).status).toBe(200);
  });

  it("saves the events: only visible ones, hotel-only ones for parties with rooms", async () => {
    const hotel = await makeEvent(admin, { title: "Hotel Breakfast", hotelGuestsOnly: true });
    const open = await makeEvent(admin, { title: "Garden Picnic" });
    const solo = await makeGuest(admin);
    const guest = await signIn(solo.customCode);
    const page = await guest.get("/rsvp");
    expect(page.text).toContain("Garden Picnic");
    expect(page.text).not.toContain("Hotel Breakfast");
    const res = await guest.request(
      "POST",
      "/rsvp",
      new URLSearchParams([
        ["intent", "submit"],
        ["attending", "yes"],
        ["individual", "1"],
        ["adultsCount", "1"],
        ["events", open.id],
        ["events", hotel.id],
      ]),
    );
    expect(res.status).toBe(302);
    const answers = (await admin.get(`/api/guests/${solo.id}/event-rsvps`)).json as { eventId: string; attending: boolean }[];
    expect(answers.find((a) => a.eventId === open.id)?.attending).toBe(true);
    expect(answers.find((a) => a.eventId === hotel.id)).toBeUndefined();

    // My RSVP's Event Schedule replaces the choices.
    const saved = await guest.request("POST", "/my-rsvp", form({ intent: "events-save" }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/my-rsvp#events");
    const after = (await admin.get(`/api/guests/${solo.id}/event-rsvps`)).json as { eventId: string; attending: boolean }[];
    expect(after.find((a) => a.eventId === open.id)?.attending).toBe(false);
  });

  it("counts out of range are refused; empty counts fall back to the minimum", async () => {
    const solo = await makeGuest(admin);
    const guest = await signIn(solo.customCode);
    const tooMany = await guest.request("POST", "/rsvp", form({ intent: "submit", attending: "yes", individual: "1", adultsCount: "11" }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain("Adults must be between 1 and 10");
    const total = await guest.request(
      "POST",
      "/rsvp",
      form({ intent: "submit", attending: "yes", individual: "1", adultsCount: "6", kidsCount: "5", babiesCount: "0" }),
    );
    expect(total.status).toBe(400);
    expect(total.text).toContain("Total guests must be between 1 and 10.");
    const fallback = await guest.request("POST", "/rsvp", form({ intent: "submit", attending: "yes", individual: "1", adultsCount: "" }));
    expect(fallback.status).toBe(302);
    const rsvp = (await admin.get(`/api/guests/${solo.id}`)).json.rsvp;
    expect(rsvp).toMatchObject({ adultsCount: 1, kidsCount: 0, babiesCount: 0, guestCount: 1 });
  });

  it("signs out for good: the old cookie signs nobody in", async () => {
    const party = await makeParty(admin, ["adult"]);
    const guest = await signIn(party.authCode);
    const cookie = guest.cookieHeader;
    const out = await guest.request("POST", "/sign-out", form({ redirectTo: "/my-rsvp" }));
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/my-rsvp");
    const replay = await new Client(server.url).get("/my-rsvp", { cookie });
    expect(replay.text).toContain("View Your RSVP");
    expect(replay.text).not.toContain(party.name);
    // GET never signs out.
    const again = await signIn(party.authCode);
    expect((await again.get("/sign-out")).status).toBe(302);
    expect((await again.get("/my-rsvp")).text).toContain(party.name);
  });

  it("the calendar file needs a guest, and has the celebration", async () => {
    const anonymous = await new Client(server.url).get("/my-rsvp/calendar.ics");
    expect(anonymous.status).toBe(302);
    const party = await makeParty(admin, ["adult"]);
    const guest = await signIn(party.authCode);
    const ics = await guest.get("/my-rsvp/calendar.ics");
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expect(ics.headers.get("content-disposition")).toContain(".ics");
    expect(ics.text).toContain("DTSTART:20260612T153000Z");
    expect(ics.text).toContain("LOCATION:Quinta da Videira\\, Estrada Nacional 222");
  });
});
