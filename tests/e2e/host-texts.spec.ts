import Database from "better-sqlite3";
import { test as base, expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { startServer, type TestServer } from "../support/server";
import { E2E_ADMIN_PASSWORD, expectAccessible } from "./utils";
import { open } from "./guest-fixtures";

/*
 * Issue 18: with every Portuguese field filled, a guest journey in Portuguese
 * shows none of the English texts the host wrote or the site prints; with
 * them empty, the English ones. It edits the event configuration, so it runs
 * on a server of its own.
 */
const test = base.extend<{ js: boolean }, { textsServer: TestServer }>({
  textsServer: [
    async ({}, use) => {
      const server = await startServer({ env: { DEMO_DATA: "1", ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, RATE_LIMIT_DISABLED: "1" } });
      await use(server);
      await server.stop();
    },
    // A cold start with the demo photos can take over 20 s on a loaded 2-core machine.
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ textsServer }, use) => use(textsServer.url),
  js: async ({}, use, testInfo) => use(testInfo.project.use.javaScriptEnabled !== false),
});
test.describe.configure({ mode: "serial", timeout: 120_000 });

const EN = {
  eventTitle: "Ana's Fortieth Party",
  eventDate: "June 12-13, 2026",
  eventTime: "4:30 PM",
  venueName: "Vine Estate",
  venueAddress: "Wine Road 1, Douro",
  venueDirections: "Follow the river road",
  dressCode: "Summer chic",
  welcomeMessage: "We are thrilled to host you",
  roomConfirmationMessage: "Please decide on your rooms",
};
const PT = {
  eventTitlePt: "Festa dos Quarenta da Ana",
  eventDatePt: "12 e 13 de junho de 2026",
  eventTimePt: "16:30",
  venueNamePt: "Quinta das Vinhas",
  venueAddressPt: "Estrada do Vinho 1, Douro",
  venueDirectionsPt: "Siga a estrada do rio",
  dressCodePt: "Chique de verão",
  welcomeMessagePt: "Temos muito gosto em recebê-los",
  roomConfirmationMessagePt: "Decida sobre os seus quartos",
};
const ROOM = { name: "Olive Garden Room", location: "Garden Wing", description: "Bright room facing the olive trees", facilities: ["Private terrace"] };
const ROOM_PT = { namePt: "Quarto Jardim das Oliveiras", locationPt: "Ala do jardim", descriptionPt: "Quarto luminoso virado para as oliveiras", facilitiesPt: ["Terraço privado"] };
const EVENT = { title: "Cellar Tasting", date: "Sunday, June 14, 2026", timeFrom: "11:00 AM", timeTo: "1:00 PM", description: "Taste the estate wines" };
const EVENT_PT = { titlePt: "Prova na adega", datePt: "domingo, 14 de junho de 2026", timeFromPt: "11:00", timeToPt: "13:00", descriptionPt: "Prove os vinhos da quinta" };
const SCHEDULE = [{ day: "Arrival day", dayPt: "Dia da chegada", items: [{ time: "5:00 PM", timePt: "17:00", title: "Sunset toast", titlePt: "Brinde ao pôr do sol" }] }];
const GALLERY = [{ url: "art:villa-pool", caption: "Pool at dusk", captionPt: "Piscina ao anoitecer" }];
const PAYMENT_NOTE = { note: "Any questions, just ask", notePt: "Qualquer dúvida, pergunte" };

/** Every English value the host wrote, and what the site prints in English (dates, money). */
const ENGLISH = [
  ...Object.values(EN).filter((v) => v !== EN.eventDate && v !== EN.eventTime),
  ROOM.name, ROOM.location, ROOM.description, ...ROOM.facilities,
  EVENT.title, EVENT.description, EVENT.date,
  "Arrival day", "Sunset toast", "Pool at dusk", PAYMENT_NOTE.note,
  "May 1, 2026", "€360.00", "€180.00",
];

async function adminContext(baseURL: string) {
  const admin = await playwrightRequest.newContext({ baseURL });
  const res = await admin.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(res.ok()).toBe(true);
  return admin;
}

async function setup(admin: APIRequestContext, withPortuguese: boolean) {
  const blank = <T extends object>(o: T) => Object.fromEntries(Object.keys(o).map((k) => [k, withPortuguese ? (o as Record<string, unknown>)[k] : k === "facilitiesPt" ? [] : null]));
  const config = await admin.patch("/api/event-config", {
    data: {
      ...EN,
      ...blank(PT),
      venueLatitude: 41.1906,
      venueLongitude: -7.5448,
      schedule: SCHEDULE.map((d) => ({ ...d, dayPt: withPortuguese ? d.dayPt : null, items: d.items.map((i) => ({ ...i, timePt: withPortuguese ? i.timePt : null, titlePt: withPortuguese ? i.titlePt : null })) })),
      gallery: GALLERY.map((g) => ({ ...g, captionPt: withPortuguese ? g.captionPt : null })),
      payment: { ...PAYMENT_NOTE, notePt: withPortuguese ? PAYMENT_NOTE.notePt : null },
    },
  });
  expect(config.ok(), await config.text()).toBe(true);
  const suffix = Math.random().toString(36).slice(2, 7);
  const room = await (await admin.post("/api/room-types", { data: { ...ROOM, ...blank(ROOM_PT), category: "Room", areaSqM: 20, areaSqFt: 215, maxOccupancyAdults: 2, totalUnits: 3, pricePerNight: 360 } })).json();
  const event = await admin.post("/api/events", { data: { ...EVENT, ...blank(EVENT_PT) } });
  expect(event.ok()).toBe(true);
  const party = await (await admin.post("/api/parties", { data: { name: `Família ${suffix}` } })).json();
  await admin.post(`/api/parties/${party.id}/members`, { data: { firstName: "Rui", lastName: suffix, ageCategory: "adult" } });
  const assigned = await admin.post("/api/room-assignments", { data: { partyId: party.id, roomTypeId: room.id, quantity: 1, paymentDeadline: "2026-05-01" } });
  expect(assigned.ok()).toBe(true);
  return { party, cleanup: async () => {
    await admin.delete(`/api/parties/${party.id}`);
    await admin.delete(`/api/room-types/${room.id}`);
    await admin.delete(`/api/events/${(await event.json()).id}`);
  } };
}

function mailFor(server: TestServer, partyName: string) {
  const db = new Database(server.dbPath, { readonly: true });
  const row = db.prepare("select subject, text from outbox where text like ? order by created_at desc").get(`%${partyName}%`) as { subject: string; text: string } | undefined;
  db.close();
  return row;
}

async function journey(page: import("@playwright/test").Page, js: boolean, server: TestServer, code: string, partyName: string) {
  const seen: string[] = [];
  const read = async () => seen.push(await page.locator("body").innerText());
  // The invitation link in Portuguese: the first tap opens the Portuguese page.
  await page.goto("/?lang=pt"); // the landing page ships no JavaScript
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  await expect(page.getByRole("link", { name: "Abrir na sua aplicação de mapas" })).toHaveAttribute("href", /^geo:41\.1906,-7\.5448/);
  await expectAccessible(page);
  await read();
  await open(page, `/rsvp?code=${code}`, js);
  await read();
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByText("Confirmado", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Enviar resposta" }).click();
  await expect(page.getByRole("heading", { name: "Obrigado" })).toBeVisible();
  await read();
  await open(page, "/my-rsvp", js);
  await expect(page.getByRole("heading", { name: "Estado da resposta" })).toBeVisible();
  await read();
  const ics = await page.request.get("/my-rsvp/calendar.ics");
  seen.push((await ics.text()).replace(/\r\n /g, "").replace(/\\,/g, ","));
  await expect.poll(() => mailFor(server, partyName)?.text ?? "").not.toBe("");
  const mail = mailFor(server, partyName)!;
  seen.push(mail.subject, mail.text);
  return seen.join("\n");
}

test("a Portuguese journey shows no English text the host wrote or the site prints", async ({ page, js, textsServer, baseURL }) => {
  const admin = await adminContext(baseURL!);
  const { party, cleanup } = await setup(admin, true);
  const text = await journey(page, js, textsServer, party.authCode, party.name);
  for (const english of ENGLISH) expect(text, `"${english}" on a Portuguese page`).not.toContain(english);
  for (const pt of [PT.eventTitlePt, PT.venueNamePt, ROOM_PT.namePt, EVENT_PT.titlePt, "Brinde ao pôr do sol", "Piscina ao anoitecer", "1 de maio de 2026", "360,00 €", PAYMENT_NOTE.notePt]) {
    expect(text.replace(/\u00a0/g, " "), pt).toContain(pt);
  }
  await cleanup();
});

test("with the Portuguese fields empty, the English values appear", async ({ page, js, textsServer, baseURL }) => {
  const admin = await adminContext(baseURL!);
  const { party, cleanup } = await setup(admin, false);
  const text = await journey(page, js, textsServer, party.authCode, party.name);
  for (const english of [EN.eventTitle, EN.venueName, ROOM.name, EVENT.title, "Sunset toast", "Pool at dusk", PAYMENT_NOTE.note]) {
    expect(text, english).toContain(english);
  }
  await cleanup();
});

test("the admin edits payment and a caption: an invalid IBAN is refused next to its field", async ({ page, baseURL }) => {
  await page.goto("/admin");
  await page.getByLabel(/password/i).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: /log ?in|sign in/i }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await page.goto("/admin/event");
  await expect(page.getByRole("heading", { name: "Payment instructions" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("IBAN").fill("PT50 0035 0651 0000 4821 7730 5");
  await page.getByRole("button", { name: "Save Configuration" }).click();
  await expect(page.locator("[data-slot=field]").filter({ has: page.getByLabel("IBAN") }).getByText("Enter a valid IBAN")).toBeVisible();
  await page.getByLabel("IBAN").fill("PT10 0035 0651 0000 4821 7730 5");
  await page.getByLabel("Caption 1 (English)").fill("Evening by the pool");
  await page.getByRole("button", { name: "Save Configuration" }).click();
  // The landing page follows at once (its cache is keyed by the configuration).
  const visitor = await playwrightRequest.newContext({ baseURL });
  await expect.poll(async () => (await visitor.get("/", { headers: { "accept-language": "en" } })).text()).toContain("Evening by the pool");
  await expect(page.getByLabel("IBAN")).toHaveValue("PT10003506510000482177305");
});

test("a gallery photo uploaded on the Event Configuration page shows on the landing page with its caption", async ({ page, baseURL }) => {
  await page.goto("/admin");
  await page.getByLabel(/password/i).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: /log ?in|sign in/i }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await page.goto("/admin/event");
  const before = await page.getByTestId("gallery-item").count();
  // A 2 x 2 PNG: decoded, re-encoded and resized like a room photo.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64");
  await page.locator('input[name="galleryFiles"]').setInputFiles({ name: "terrace.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Save Configuration" }).click();
  // Stored at once, then its caption is asked for.
  await expect(page.getByTestId("gallery-item")).toHaveCount(before + 1);
  await expect(page.getByText("Caption is required")).toBeVisible();
  await page.getByLabel(`Caption ${before + 1} (English)`).fill("The terrace");
  await page.getByLabel(`Caption ${before + 1} (Portuguese)`).fill("O terraço");
  await page.getByRole("button", { name: "Save Configuration" }).click();
  const visitor = await playwrightRequest.newContext({ baseURL });
  await expect.poll(async () => (await visitor.get("/", { headers: { "accept-language": "pt-PT" } })).text()).toContain("O terraço");
  expect(await (await visitor.get("/", { headers: { "accept-language": "en" } })).text()).toMatch(/src="\/uploads\/[a-f0-9]{32}\.webp"[^>]*>[\s\S]*The terrace/);
});
