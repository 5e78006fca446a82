import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { assignRoom, makeEvent, makeParty, makeRoomType, signedIn } from "./api-fixtures";

/*
 * Decision 071, extended: the hotel's rooming list and the caterer's list for
 * a Portuguese hotel and caterer. `?lang=pt` on the admin's page, its CSV and
 * a live link prints headings, columns, words, statuses, dates (pt-PT) and the
 * host's Portuguese texts (room type, event, menu) where set; English stays
 * the default, byte for byte, and an unknown value falls back to it; no
 * cookie is kept; no host-only field shows in either language.
 */

const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&gt;/g, ">");
const lines = (csv: string) => csv.replace(/^\uFEFF/, "").split("\r\n");
/** What a reader sees of a page: its h1, h2, column headings, captions and figure labels. */
const headings = (html: string) => [...decode(html).matchAll(/<(h1|h2|th|caption|dt)[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]!.replace(/<[^>]+>/g, "").trim());
const hrefsOf = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((h) => decode(h[1]!));
const noLangCookie = (res: { headers: Headers }) => expect(res.headers.getSetCookie().some((c) => c.startsWith("lang="))).toBe(false);

let server: TestServer;
let admin: Client;
let party: Awaited<ReturnType<typeof makeParty>>;
let ids: string[];
let boatId: string;
const MARKERS = ["HOSTNOTE-party-8841", "HOSTNOTE-guest-8842", "TOHOST-message-8843"];

/** The English headings, column names and words the two lists print: none of them on a Portuguese list. */
const ENGLISH_ROOMING = ["Rooming List", "Party", "Guests", "Qty", "Nights", "Status", "Paid", "Pay by", "Contact"];
const ENGLISH_CATERER = ["Caterer's List", "People coming", "Adults", "Kids (>2y)", "Babies (≤2y)", "Dietary needs", "Choice", "Boat menu"];
const ROOMING_EN_HEADER = "Room Type,Location,Party,Guests,Quantity,Nights,Status,Paid,Payment Deadline,Phone,Email";

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  // One room type with its Portuguese name and place, one without (it keeps its English ones).
  const river = await makeRoomType(admin, { name: "River Double", namePt: "Quarto duplo do rio", location: "Main House", locationPt: "Casa principal" });
  const loft = await makeRoomType(admin, { name: "Loft", location: "Barn" });
  party = await makeParty(admin, ["adult", "adult", "kid"], { name: "Família Douro", notes: MARKERS[0], primaryPhone: "+351911111111" });
  expect((await admin.patch(`/api/guests/${party.memberIds[0]}`, { notes: MARKERS[1] })).status).toBe(200);
  const other = await makeParty(admin, ["adult"], { name: "Other Party" });
  const room = await assignRoom(admin, party.id, river.id, 2);
  await assignRoom(admin, other.id, loft.id, 1, { paymentDeadline: null });

  // A side event with its Portuguese texts and a menu asked of those coming, one choice without a Portuguese label.
  const boat = await makeEvent(admin, { title: "Boat Trip", titlePt: "Passeio de barco", date: "Saturday, June 13, 2026", datePt: "sábado, 13 de junho", timeFrom: "7:30 PM", timeFromPt: "19:30", timeTo: "10:00 PM", timeToPt: "22:00" });
  boatId = boat.id;
  const menu = await admin.post("/api/questions", {
    text: "Boat menu",
    textPt: "Menu do barco",
    type: "choice",
    per: "person",
    eventId: boat.id,
    choices: [{ label: "Fish", labelPt: "Peixe" }, { label: "Vegetarian" }],
  });
  expect(menu.status, menu.text).toBe(201);
  const [fish, veg] = (menu.json.choices as { id: string }[]).map((c) => c.id);
  expect((await admin.post("/api/event-rsvps", { eventId: boat.id, partyId: party.id, attending: true })).status).toBeLessThan(300);
  const guest = await signedIn(server, party.authCode);
  const rsvp = await guest.post("/api/rsvps", {
    partyId: party.id,
    attending: true,
    dietaryRestrictions: "Sem glúten",
    messageToHost: MARKERS[2],
    roomConfirmationDecisions: [{ assignmentId: room.id, status: "confirmed" }],
    answers: [
      { questionId: menu.json.id, guestId: party.memberIds[0], value: fish },
      { questionId: menu.json.id, guestId: party.memberIds[1], value: veg },
    ],
  });
  expect(rsvp.status, rsvp.text).toBeLessThan(300);
  ids = [party.id, other.id, river.id, loft.id, room.id, boat.id, menu.json.id, fish!, veg!, ...party.memberIds];
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

describe("the rooming list in Portuguese (?lang=pt)", () => {
  it("the admin's page: Portuguese heading, columns, statuses, dates and the room type's Portuguese name; links keep the choice; no cookie", async () => {
    const res = await admin.get("/admin/rooming-list?lang=pt");
    expect(res.status).toBe(200);
    noLangCookie(res);
    const html = decode(res.text);
    expect(headings(res.text)).toEqual(
      expect.arrayContaining(["Lista de quartos", "Quarto duplo do rio (Casa principal)", "Loft (Barn)", "Grupo", "Hóspedes", "Qtd.", "Noites", "Estado", "Pago", "Pagar até", "Contacto"]),
    );
    for (const english of ENGLISH_ROOMING) expect(headings(res.text), english).not.toContain(english);
    expect(html).not.toContain("River Double");
    expect(html).toContain("Para o hotel: 3 quartos, noites de 12-13 de junho de 2026. Os quartos recusados não constam.");
    for (const shown of ["2 unidades", "1 unidade", ">Confirmado<", ">Pendente<", ">Por pagar<", ">30/04/2026<", ">12-13 de junho de 2026<", '<div lang="pt">', "Exportar CSV", "Idioma:"]) {
      expect(html, shown).toContain(shown);
    }
    const hrefs = hrefsOf(res.text);
    expect(hrefs).toEqual(expect.arrayContaining(["/admin/rooming-list.csv?lang=pt", "/admin/rooming-list.csv?lang=pt&sep=semicolon", "/admin/rooming-list"]));
    // The host's own controls stay English; the Share panel says how to send it in Portuguese.
    expect(html).toContain("Back to Room Assignments");
    expect(html).toContain("add ?lang=pt to the address to open it in Portuguese");
    // The English page offers Portuguese.
    expect(hrefsOf((await admin.get("/admin/rooming-list")).text)).toContain("/admin/rooming-list?lang=pt");
  });

  it("the CSV: Portuguese headers, statuses, yes/no, dates, names and file name; English unchanged", async () => {
    const res = await admin.get("/admin/rooming-list.csv?lang=pt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("lista-de-quartos.csv");
    const [header, ...rows] = lines(res.text);
    expect(header).toBe("Tipo de quarto,Localização,Grupo,Hóspedes,Quantidade,Noites,Estado,Pago,Prazo de pagamento,Telefone,Email");
    expect(rows).toContain('Loft,Barn,Other Party,Member0 Other Party,1,12-13 de junho de 2026,pendente,não,,,');
    expect(rows.find((r) => r.startsWith("Quarto duplo do rio,Casa principal,Família Douro,"))).toMatch(/,2,12-13 de junho de 2026,confirmado,não,30\/04\/2026,\+351911111111,$/);

    const english = await admin.get("/admin/rooming-list.csv");
    expect(english.headers.get("content-disposition")).toContain("rooming-list.csv");
    expect(lines(english.text)[0]).toBe(ROOMING_EN_HEADER);
    expect(lines(english.text)).toContain('Loft,Barn,Other Party,Member0 Other Party,1,"June 12-13, 2026",pending,no,,,');
    expect(lines(english.text).find((r) => r.startsWith("River Double,Main House,Família Douro,"))).toMatch(/,2,"June 12-13, 2026",confirmed,no,2026-04-30,\+351911111111,$/);
  });
});

describe("the caterer's list in Portuguese (?lang=pt)", () => {
  it("the admin's page: Portuguese heading, figures, dietary and menu columns; the event's and the menu's Portuguese texts, English where none", async () => {
    const res = await admin.get(`/admin/caterer-list?event=${boatId}&lang=pt`);
    expect(res.status).toBe(200);
    noLangCookie(res);
    const html = decode(res.text);
    expect(headings(res.text)).toEqual(
      expect.arrayContaining(["Lista para o catering", "Pessoas que vêm", "Adultos", "Crianças (>2 anos)", "Bebés (≤2 anos)", "Restrições alimentares", "Menu do barco", "Opção", "Total", "Peixe", "Vegetarian", "Menu do barco: totais por idade"]),
    );
    for (const english of ENGLISH_CATERER) expect(headings(res.text), english).not.toContain(english);
    expect(html).toContain("Passeio de barco: sábado, 13 de junho, 19:30–22:00");
    expect(html).toContain("Member0 Família Douro: Peixe");
    expect(html).toContain("Sem glúten");
    const hrefs = hrefsOf(res.text);
    expect(hrefs).toEqual(expect.arrayContaining([`/admin/caterer-list.csv?event=${boatId}&lang=pt`, `/admin/caterer-list?event=${boatId}`]));
    // Choosing another event keeps the language (a GET form).
    expect(html).toMatch(/<input type="hidden" name="lang" value="pt"\/>/);
    // The host's Share panel names the event in English.
    expect(html).toContain("caterer's list of Boat Trip");
  });

  it("the CSV: Portuguese labels, the event's and menu's Portuguese texts, a Portuguese file name; English unchanged", async () => {
    const res = await admin.get(`/admin/caterer-list.csv?event=${boatId}&lang=pt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("lista-catering-passeio-de-barco.csv");
    expect(res.text.replace(/^\uFEFF/, "")).toBe(
      [
        "Evento,Passeio de barco",
        'Data,"sábado, 13 de junho"',
        "Hora,19:30–22:00",
        "",
        "Pessoas que vêm,3",
        "Adultos,2",
        "Crianças (>2 anos),1",
        "Bebés (≤2 anos),0",
        "",
        "Restrição alimentar,Grupo ou convidado",
        "Sem glúten,Família Douro",
        "",
        "Menu do barco,Adultos,Crianças (>2 anos),Bebés (≤2 anos),Total",
        "Peixe,1,0,0,1",
        "Vegetarian,1,0,0,1",
        // Issue 36: the kid coming has no menu yet.
        "Ainda sem resposta,0,1,0,1",
        "",
        "Pessoa,Menu do barco",
        "Member0 Família Douro,Peixe",
        "Member1 Família Douro,Vegetarian",
        "",
      ].join("\r\n"),
    );
    const english = await admin.get(`/admin/caterer-list.csv?event=${boatId}`);
    expect(english.headers.get("content-disposition")).toContain("caterer-list-boat-trip.csv");
    expect(lines(english.text).slice(0, 3)).toEqual(["Event,Boat Trip", 'Date,"Saturday, June 13, 2026"', "Time,7:30 PM - 10:00 PM"]);
    expect(lines(english.text)).toEqual(expect.arrayContaining(["People coming,3", "Dietary need,Party or guest", "Boat menu,Adults,Kids (>2y),Babies (≤2y),Total", "Fish,1,0,0,1", "Person,Boat menu"]));

    const main = await admin.get("/admin/caterer-list.csv?event=main&lang=pt");
    expect(main.headers.get("content-disposition")).toContain("lista-catering-evento-principal.csv");
  });
});

describe("fallbacks and live links", () => {
  it("English stays the default; an unknown language falls back to English, page and CSV", async () => {
    const rooming = (await admin.get("/admin/rooming-list.csv")).text;
    const caterer = (await admin.get(`/admin/caterer-list.csv?event=${boatId}`)).text;
    expect((await admin.get("/admin/rooming-list.csv?lang=pt")).text).not.toBe(rooming);
    for (const lang of ["fr", "", "PT", "pt-PT"]) {
      const q = `lang=${encodeURIComponent(lang)}`;
      expect((await admin.get(`/admin/rooming-list.csv?${q}`)).text, lang).toBe(rooming);
      expect((await admin.get(`/admin/caterer-list.csv?event=${boatId}&${q}`)).text, lang).toBe(caterer);
      const page = await admin.get(`/admin/rooming-list?${q}`);
      expect(page.status, lang).toBe(200);
      noLangCookie(page);
      expect(headings(page.text), lang).toEqual(expect.arrayContaining(["Rooming List", "River Double (Main House)", "Party", "Pay by"]));
      const cat = await admin.get(`/admin/caterer-list?event=${boatId}&${q}`);
      expect(headings(cat.text), lang).toEqual(expect.arrayContaining(["Caterer's List", "Dietary needs", "Boat menu", "Fish"]));
      expect(decode(cat.text), lang).toContain("Boat Trip: Saturday, June 13, 2026, 7:30 PM - 10:00 PM");
    }
  });

  it("a live link offers the same choice: Portuguese page and CSV (the admin's byte for byte), linking only to itself; no host-only field in either language", async () => {
    const supplier = new Client(server.url);
    const hotel = await admin.post("/api/share-links", { list: "rooming", label: "Hotel Douro" });
    const cater = await admin.post("/api/share-links", { list: "caterer", eventId: boatId, label: "Catering Régua" });
    expect([hotel.status, cater.status]).toEqual([201, 201]);
    const hotelPath = new URL(hotel.json.url).pathname;
    const caterPath = new URL(cater.json.url).pathname;

    const room = await supplier.get(`${hotelPath}?lang=pt`);
    expect(room.status).toBe(200);
    noLangCookie(room);
    const r = decode(room.text);
    expect(headings(room.text)).toEqual(expect.arrayContaining(["Lista de quartos", "Quarto duplo do rio (Casa principal)", "Hóspedes", "Pagar até"]));
    for (const english of ENGLISH_ROOMING) expect(headings(room.text), english).not.toContain(english);
    for (const shown of ["3 quartos, noites de 12-13 de junho de 2026. Os quartos recusados não constam.", "Partilhado com Hotel Douro. Sempre atual", '<main lang="pt"', "Exportar CSV", ">Confirmado<"]) {
      expect(r, shown).toContain(shown);
    }
    expect(hrefsOf(room.text).every((h) => h.startsWith(hotelPath))).toBe(true);
    expect(hrefsOf(room.text)).toEqual(expect.arrayContaining([`${hotelPath}.csv?lang=pt`, hotelPath]));
    expect(hrefsOf((await supplier.get(hotelPath)).text)).toContain(`${hotelPath}?lang=pt`);

    const cat = await supplier.get(`${caterPath}?lang=pt`);
    expect(cat.status).toBe(200);
    const c = decode(cat.text);
    expect(headings(cat.text)).toEqual(expect.arrayContaining(["Lista para o catering", "Restrições alimentares", "Menu do barco", "Peixe", "Opção"]));
    for (const english of ENGLISH_CATERER) expect(headings(cat.text), english).not.toContain(english);
    expect(c).toContain("Passeio de barco: sábado, 13 de junho, 19:30–22:00");
    expect(c).toContain("Partilhado com Catering Régua. Sempre atual");
    expect(hrefsOf(cat.text).every((h) => h.startsWith(caterPath))).toBe(true);
    expect(hrefsOf(cat.text)).toEqual(expect.arrayContaining([`${caterPath}.csv?lang=pt`, caterPath]));

    // The CSVs: the admin's, byte for byte, in either language (an unknown one is English).
    for (const [path, adminPath] of [[hotelPath, "/admin/rooming-list.csv?"], [caterPath, `/admin/caterer-list.csv?event=${boatId}&`]] as const) {
      for (const q of ["lang=pt", "", "lang=fr"]) {
        const csv = await supplier.get(`${path}.csv${q ? `?${q}` : ""}`);
        expect(csv.status, q).toBe(200);
        expect(csv.text, `${path} ${q}`).toBe((await admin.get(`${adminPath}${q}`)).text);
      }
    }
    expect((await supplier.get(`${hotelPath}.csv?lang=pt`)).headers.get("content-disposition")).toContain("lista-de-quartos.csv");

    // Host-only fields (notes, the message to the host), the invitation code and ids: never on a list, in either language.
    const addresses = [
      ...["", "?lang=pt"].flatMap((q) => [`${hotelPath}${q}`, `${hotelPath}.csv${q}`, `${caterPath}${q}`, `${caterPath}.csv${q}`]),
      ...["", "lang=pt"].flatMap((q) => [`/admin/rooming-list?${q}`, `/admin/rooming-list.csv?${q}`, `/admin/caterer-list?event=${boatId}&${q}`, `/admin/caterer-list.csv?event=${boatId}&${q}`]),
    ];
    for (const address of addresses) {
      // (The admin's pages carry ids in their data, for the browser: only the supplier's and the CSVs are id-free.)
      const hosts = address.startsWith("/admin");
      const text = (await (hosts ? admin : supplier).get(address)).text;
      const idFree = !hosts || address.includes(".csv");
      for (const secret of [...MARKERS, party.authCode, ...(idFree ? ids : [])]) expect(text, `${address}: ${secret}`).not.toContain(secret);
    }
  });
});
