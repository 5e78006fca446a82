import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { assignRoom, makeEvent, makeParty, makeRoomType } from "./api-fixtures";

/*
 * Issue 18: the host's texts in both languages, the payment instructions in
 * the event configuration (validated, admin-only in the API), the landing
 * page's schedule, gallery and map links, and ?lang= in the address.
 */
const PAYMENT = {
  transferUrl: "https://wise.com/pay/me/host",
  transferProvider: "Wise",
  bankHolder: "Ana Host",
  iban: "PT10 0035 0651 0000 4821 7730 5",
  bic: "cgdiptpl",
  bankName: "Caixa Geral de Depósitos",
  mobileApp: "MB WAY",
  mobilePhone: "+351 912 480 040",
  mobileHolder: "Ana",
  note: "Thank you!",
  notePt: "Obrigada!",
};

describe("host texts, payment instructions and the landing page (issue 18)", () => {
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

  it("starts with SPEC.md's schedule and captions, no payment, and the map placeholder", async () => {
    const config = await admin.get("/api/event-config");
    expect(config.json.payment).toBeNull();
    expect(config.json.schedule[0]).toMatchObject({ day: "Day 1 (June 12th)", items: [{ time: "4:30-6:30 PM", title: "Welcome Reception and Tapas" }] });
    expect(config.json.gallery.map((g: { caption: string }) => g.caption)).toEqual(["Villa & Pool", "The Vineyard"]);
    const html = (await new Client(server.url).get("/")).text;
    expect(html).toContain("Dancing and Celebration");
    expect(html).toContain("Villa &amp; Pool");
    expect(html).toContain("Map coming soon");
  });

  it("opens the admin's edit dialogs with the Portuguese texts, so saving one keeps them", async () => {
    const event = await makeEvent(admin, { titlePt: "Jantar de gala PT-KEEP", descriptionPt: "Descrição PT-KEEP" });
    const room = await makeRoomType(admin, { namePt: "Suite Oliveira PT-KEEP", facilitiesPt: ["Varanda PT-KEEP"] });
    const events = await admin.get(`/admin/events?edit=${event.id}`);
    expect(events.status).toBe(200);
    expect(events.text).toContain("Jantar de gala PT-KEEP");
    expect(events.text).toContain("Descrição PT-KEEP");
    const rooms = await admin.get(`/admin/room-types?edit=${room.id}`);
    expect(rooms.status).toBe(200);
    expect(rooms.text).toContain("Suite Oliveira PT-KEEP");
    expect(rooms.text).toContain("Varanda PT-KEEP");
  });

  it("refuses invalid payment fields with a 400 naming the field, and stores valid ones without spaces", async () => {
    for (const [field, value] of [
      ["iban", "PT50 0035 0651 0000 4821 7730 5"],
      ["bic", "CGD"],
      ["transferUrl", "http://wise.com/pay"],
      ["mobilePhone", "912 480 040"],
    ] as const) {
      const res = await admin.request("PATCH", "/api/event-config", { payment: { [field]: value } });
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(Object.keys(res.json.errors ?? {}).join(" ")).toContain(field);
    }
    const saved = await admin.request("PATCH", "/api/event-config", { payment: PAYMENT });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.payment).toMatchObject({ iban: "PT10003506510000482177305", bic: "CGDIPTPL", mobilePhone: "+351912480040", bankAddress: null });
    // Partial: one field changes, the others stay.
    const partial = await admin.request("PATCH", "/api/event-config", { payment: { bankAddress: "Lisboa" } });
    expect(partial.json.payment).toMatchObject({ bankAddress: "Lisboa", iban: "PT10003506510000482177305" });
    // Guests and visitors never read it from the API.
    const publicConfig = await new Client(server.url).get("/api/event-config");
    expect(publicConfig.json).not.toHaveProperty("payment");
    expect(publicConfig.text).not.toContain("PT10003506510000482177305");
  });

  it("shows a party the Portuguese texts, with English where the Portuguese is empty, and Intl formats", async () => {
    await admin.request("PATCH", "/api/event-config", {
      eventTitle: "Ana's 40th",
      eventTitlePt: "Os 40 da Ana",
      venueName: "Quinta Test",
      venueNamePt: null,
      roomConfirmationMessage: "Please confirm your rooms",
      roomConfirmationMessagePt: "Confirme os seus quartos",
      payment: PAYMENT,
    });
    const roomType = await makeRoomType(admin, { name: "Olive Room", namePt: "Quarto Oliveira", pricePerNight: 360, facilities: ["Pool"], facilitiesPt: ["Piscina"] });
    const event = await makeEvent(admin, { title: "Wine Walk", titlePt: "Passeio na vinha", description: "In English", descriptionPt: "" });
    const party = await makeParty(admin, ["adult"]);
    await assignRoom(admin, party.id, roomType.id, 1, { paymentDeadline: "2026-05-01" });

    const guest = new Client(server.url);
    const signIn = await guest.get(`/rsvp?code=${party.authCode}&lang=pt`);
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("set-cookie")).toMatch(/lang=/);
    const page = (await guest.get("/rsvp")).text;
    expect(page).toContain("Os 40 da Ana");
    expect(page).toContain("Quarto Oliveira");
    expect(page).toContain("Piscina");
    expect(page).toContain("Passeio na vinha");
    expect(page).toContain("In English"); // the empty Portuguese description falls back
    expect(page).toContain("Confirme os seus quartos");
    expect(page).not.toContain("Olive Room");
    expect(page).not.toContain("Wine Walk");
    // Intl puts a no-break space before the euro sign.
    const mine = (await guest.get("/my-rsvp")).text;
    expect(mine).toContain("360,00\u00a0€");
    expect(mine).toContain("1 de maio de 2026");
    expect(mine).toContain("PT10 0035 0651 0000 4821 7730 5");
    expect(mine).toContain("Obrigada!");

    const english = (await guest.get("/my-rsvp?lang=en")).text;
    expect(english).toContain("Ana&#x27;s 40th");
    expect(english).toContain("€360.00");
    expect(english).toContain("May 1, 2026");
    expect(english).toContain("Olive Room");
    expect(english).toContain("Thank you!");
  });

  it("shows the schedule, captions and map links changed in the admin on the landing page at once", async () => {
    const visitor = new Client(server.url);
    const res = await admin.request("PATCH", "/api/event-config", {
      schedule: [{ day: "Friday", dayPt: "Sexta-feira", items: [{ time: "5 PM", title: "Sunset toast", titlePt: "Brinde ao pôr do sol" }] }],
      gallery: [{ url: "art:vineyard", caption: "Our vines", captionPt: "As nossas vinhas" }],
      venueLatitude: 41.19,
      venueLongitude: -7.54,
    });
    expect(res.status, res.text).toBe(200);
    const en = (await visitor.get("/", { "accept-language": "en" })).text;
    expect(en).toContain("Sunset toast");
    expect(en).toContain("Our vines");
    expect(en).not.toContain("Map coming soon");
    expect(en).toContain('href="geo:41.19,-7.54');
    expect(en).toContain("https://www.openstreetmap.org/?mlat=41.19&amp;mlon=-7.54");
    expect(en).toContain("https://www.google.com/maps/search/?api=1&amp;query=41.19%2C-7.54");
    const pt = (await visitor.get("/", { "accept-language": "pt-PT" })).text;
    expect(pt).toContain("Brinde ao pôr do sol");
    expect(pt).toContain("As nossas vinhas");
    expect(pt).toContain("Sexta-feira");
    // A gallery photo must be ours: an outside URL is refused.
    const outside = await admin.request("PATCH", "/api/event-config", { gallery: [{ url: "https://evil.example/x.png", caption: "x" }] });
    expect(outside.status).toBe(400);
  });
});
