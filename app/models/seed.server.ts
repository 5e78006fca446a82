import { sql } from "drizzle-orm";
import * as s from "../../db/schema";
import { db } from "../db.server";
import { generateAuthCode } from "./auth-code.server";
import type { PaymentInstructions } from "./host-texts";

export const DEFAULT_EVENT_CONFIG = {
  id: "default",
  eventTitle: "40th Birthday Celebration",
  eventDate: "June 12-13, 2026",
  eventTime: "4:30 PM",
  venueName: "Quinta da Videira",
  venueAddress: "Estrada Nacional 222, 5085-034 Pinhão, Douro Valley, Portugal",
  venueDirections: null,
  dressCode: null,
  welcomeMessage: null,
  roomConfirmationMessage:
    "Please confirm or decline each room we have set aside for you, so we can release the ones you don't need.",
  // Issue 18: the seed's Portuguese (guests reading Portuguese fall back to English where none).
  eventTitlePt: "Celebração do 40.º Aniversário",
  eventDatePt: "12 e 13 de junho de 2026",
  eventTimePt: "16:30",
  roomConfirmationMessagePt: "Confirme ou recuse cada quarto que reservámos para si, para podermos libertar os que não precisa.",
} as const;

/** How the demo's guests pay (issue 18); a fresh install without DEMO_DATA has none. */
export const DEMO_PAYMENT: PaymentInstructions = {
  transferUrl: "https://wise.com/pay/me/marianac40",
  transferProvider: "Wise",
  bankHolder: "Mariana Carvalho Sousa",
  iban: "PT10003506510000482177305",
  bic: "CGDIPTPL",
  bankName: "Caixa Geral de Depósitos",
  bankAddress: "Avenida João XXI, 63, 1000-300 Lisboa, Portugal",
  mobileApp: "MB WAY / Revolut",
  mobilePhone: "+351912480040",
  mobileHolder: "Mariana Sousa",
  note: null,
  notePt: null,
};

/** The two singletons; safe to run at every start. */
export function ensureSingletons() {
  db.insert(s.eventConfig).values(DEFAULT_EVENT_CONFIG).onConflictDoNothing().run();
  db.insert(s.authSettings).values({ id: "default" }).onConflictDoNothing().run();
  db.insert(s.albumSettings).values({ id: "default" }).onConflictDoNothing().run();
}

export function isDatabaseEmpty() {
  const row = db.get<{ n: number }>(
    sql`select (select count(*) from parties) + (select count(*) from guests) + (select count(*) from room_types) + (select count(*) from events) as n`,
  );
  return (row?.n ?? 0) === 0;
}

type Member = [first: string, last: string, age?: "adult" | "kid" | "baby", email?: string, phone?: string];

const DEMO_PARTIES: { name: string; contact: string; email?: string; phone?: string; members: Member[] }[] = [
  { name: "The Almeida Family", contact: "Rita Almeida", email: "rita.almeida@example.pt", phone: "+351912345678", members: [["Rita", "Almeida", "adult", "rita.almeida@example.pt", "+351912345678"], ["João", "Almeida"], ["Inês", "Almeida", "kid"], ["Tomás", "Almeida", "baby"]] },
  { name: "Sarah & Tom Whitfield", contact: "Sarah Whitfield", email: "sarah@whitfield.example.co.uk", phone: "+447700900123", members: [["Sarah", "Whitfield", "adult", "sarah@whitfield.example.co.uk"], ["Tom", "Whitfield"]] },
  { name: "Müller Family", contact: "Anna Müller", email: "anna.mueller@example.de", phone: "+4915112345678", members: [["Anna", "Müller", "adult", "anna.mueller@example.de"], ["Lukas", "Müller"], ["Emma", "Müller", "kid"]] },
  { name: "The Costa Cousins", contact: "Miguel Costa", phone: "+351936543210", members: [["Miguel", "Costa", "adult", undefined, "+351936543210"], ["Beatriz", "Costa"], ["Duarte", "Costa"]] },
  { name: "Dubois & Martin", contact: "Claire Dubois", email: "claire.dubois@example.fr", members: [["Claire", "Dubois", "adult", "claire.dubois@example.fr"], ["Hugo", "Martin"], ["Léa", "Martin", "baby"]] },
  { name: "The Okafor Family", contact: "Chidi Okafor", email: "chidi@okafor.example.com", phone: "+14155550142", members: [["Chidi", "Okafor", "adult", "chidi@okafor.example.com"], ["Ngozi", "Okafor"], ["Ada", "Okafor", "kid"], ["Obi", "Okafor", "kid"]] },
  { name: "Friends from Lisbon", contact: "Sofia Ramos", email: "sofia.ramos@example.pt", members: [["Sofia", "Ramos", "adult", "sofia.ramos@example.pt"], ["Pedro", "Nunes"]] },
  { name: "The Jensens", contact: "Mette Jensen", phone: "+4520123456", members: [["Mette", "Jensen", "adult", undefined, "+4520123456"], ["Anders", "Jensen"]] },
];

const DEMO_INDIVIDUALS: Member[] = [
  ["Laura", "Bianchi", "adult", "laura.bianchi@example.it", "+393471234567"],
  ["Daniel", "Ferreira", "adult", "daniel.ferreira@example.pt"],
  ["Hannah", "Schmidt", "adult", undefined, "+4917612345678"],
];

/** A believable celebration to explore on a new database (DEMO_DATA=1). */
export function seedDemoData() {
  return db.transaction((tx) => {
    const partyIds: string[] = [];
    const codes: string[] = [];
    for (const p of DEMO_PARTIES) {
      const authCode = generateAuthCode();
      const party = tx
        .insert(s.parties)
        .values({ name: p.name, primaryContactName: p.contact, primaryEmail: p.email, primaryPhone: p.phone, authCode })
        .returning({ id: s.parties.id })
        .get();
      partyIds.push(party.id);
      codes.push(authCode);
      for (const [firstName, lastName, ageCategory = "adult", email, phone] of p.members) {
        tx.insert(s.guests).values({ partyId: party.id, firstName, lastName, ageCategory, email, phone }).run();
      }
    }
    const individualIds = DEMO_INDIVIDUALS.map(([firstName, lastName, ageCategory = "adult", email, phone], i) =>
      tx
        .insert(s.guests)
        .values({ firstName, lastName, ageCategory, email, phone, customCode: `GUEST-${firstName.toUpperCase()}${i + 1}` })
        .returning({ id: s.guests.id })
        .get().id,
    );

    const [quinta, suite, villa] = [
      { name: "Quinta Double Room", location: "Main House", category: "Room" as const, areaSqM: 28, areaSqFt: 301, maxOccupancyAdults: 2, maxOccupancyChildren: 1, totalUnits: 8, pricePerNight: 360, description: "A quiet double room in the main house, with views over the vineyard terraces.", facilities: ["Queen bed", "Private bathroom", "Air conditioning", "Vineyard view", "Breakfast included"], namePt: "Quarto Duplo da Quinta", locationPt: "Casa principal", descriptionPt: "Um quarto duplo sossegado na casa principal, com vista para os socalcos da vinha.", facilitiesPt: ["Cama queen", "Casa de banho privativa", "Ar condicionado", "Vista para a vinha", "Pequeno-almoço incluído"] },
      { name: "Vineyard Suite", location: "Garden Wing", category: "Suite" as const, areaSqM: 45, areaSqFt: 484, maxOccupancyAdults: 2, maxOccupancyChildren: 2, totalUnits: 4, pricePerNight: 560, description: "A suite opening onto the gardens, with a sitting area and a sofa bed for children.", facilities: ["King bed", "Sofa bed", "Terrace", "Bathtub", "Breakfast included"], namePt: "Suite da Vinha", locationPt: "Ala do jardim", descriptionPt: "Uma suite aberta para os jardins, com sala de estar e sofá-cama para crianças.", facilitiesPt: ["Cama king", "Sofá-cama", "Terraço", "Banheira", "Pequeno-almoço incluído"] },
      { name: "Pool Villa", location: "By the Pool", category: "Villa" as const, areaSqM: 110, areaSqFt: 1184, maxOccupancyAdults: 4, maxOccupancyChildren: 2, totalUnits: 2, pricePerNight: 1200, description: "A whitewashed two-bedroom villa steps from the pool.", facilities: ["Two bedrooms", "Kitchenette", "Private terrace", "Pool access", "Breakfast included"], namePt: "Villa da Piscina", locationPt: "Junto à piscina", descriptionPt: "Uma villa caiada de branco com dois quartos, a poucos passos da piscina.", facilitiesPt: ["Dois quartos", "Kitchenette", "Terraço privado", "Acesso à piscina", "Pequeno-almoço incluído"] },
    ].map((rt) => tx.insert(s.roomTypes).values(rt).returning({ id: s.roomTypes.id }).get().id);

    const now = new Date().toISOString();
    const assignment = (partyIndex: number, roomTypeId: string, quantity: number, extra: Partial<typeof s.partyRoomAssignments.$inferInsert> = {}) =>
      tx.insert(s.partyRoomAssignments).values({ partyId: partyIds[partyIndex]!, roomTypeId, quantity, paymentDeadline: "2026-04-30", ...extra }).run();
    assignment(0, suite, 1, { confirmationStatus: "confirmed", confirmedAt: now, isPaid: true, paidAt: now });
    assignment(0, quinta, 1, { confirmationStatus: "confirmed", confirmedAt: now });
    assignment(1, quinta, 1); // pending: the demo invite link shows a room to decide
    assignment(2, suite, 1, { confirmationStatus: "declined", declinedAt: now, declineReason: "We will stay with family in Porto." });
    assignment(5, villa, 1, { confirmationStatus: "confirmed", confirmedAt: now });
    assignment(6, quinta, 1);

    const [welcome, dinner, , winery] = [
      { title: "Welcome Reception & Tapas", date: "Friday, June 12, 2026", timeFrom: "4:30 PM", timeTo: "6:30 PM", description: "Arrive, settle in and share tapas on the terrace.", titlePt: "Receção de boas-vindas e tapas", datePt: "sexta-feira, 12 de junho de 2026", timeFromPt: "16:30", timeToPt: "18:30", descriptionPt: "Chegue, instale-se e partilhe tapas no terraço." },
      { title: "Birthday Dinner & Party", date: "Saturday, June 13, 2026", timeFrom: "7:30 PM", timeTo: "10:00 PM", description: "Dinner under the pergola, followed by toasts.", titlePt: "Jantar de aniversário e festa", datePt: "sábado, 13 de junho de 2026", timeFromPt: "19:30", timeToPt: "22:00", descriptionPt: "Jantar sob a pérgula, seguido de brindes." },
      { title: "Dancing & Celebration", date: "Saturday, June 13, 2026", timeFrom: "10:00 PM", timeTo: "2:00 AM", description: null, titlePt: "Dança e celebração", datePt: "sábado, 13 de junho de 2026", timeFromPt: "22:00", timeToPt: "02:00" },
      { title: "Vineyard Walk & Wine Tasting", date: "Saturday, June 13, 2026", timeFrom: "11:00 AM", timeTo: "1:00 PM", description: "A guided walk through the terraces, ending in the cellar.", hotelGuestsOnly: true, titlePt: "Passeio na vinha e prova de vinhos", datePt: "sábado, 13 de junho de 2026", timeFromPt: "11:00", timeToPt: "13:00", descriptionPt: "Um passeio guiado pelos socalcos, a terminar na adega." },
    ].map((e) => tx.insert(s.events).values(e).returning({ id: s.events.id }).get().id);

    // Some answers already in, so the dashboard has something to show.
    tx.insert(s.rsvps).values({ partyId: partyIds[0], attending: true, guestCount: 4, adultsCount: 2, kidsCount: 1, babiesCount: 1, dietaryRestrictions: "Tomás: no nuts", roomsConfirmed: true, confirmedAt: now, messageToHost: "We can't wait!" }).run();
    tx.insert(s.rsvps).values({ partyId: partyIds[2], attending: true, guestCount: 3, adultsCount: 2, kidsCount: 1, babiesCount: 0, roomsConfirmed: true, confirmedAt: now }).run();
    tx.insert(s.rsvps).values({ partyId: partyIds[7], attending: false, guestCount: 1, adultsCount: 0, kidsCount: 0, babiesCount: 0, messageToHost: "So sorry to miss it. Have a wonderful time!" }).run();
    tx.insert(s.rsvps).values({ guestId: individualIds[0], attending: true, guestCount: 1, adultsCount: 1, kidsCount: 0, babiesCount: 0, dietaryRestrictions: "Vegetarian" }).run();
    for (const eventId of [welcome!, winery!]) {
      tx.insert(s.eventRsvps).values({ eventId, partyId: partyIds[0], attending: true }).run();
    }
    tx.insert(s.eventRsvps).values({ eventId: welcome!, partyId: partyIds[2], attending: false }).run();
    tx.insert(s.eventRsvps).values({ eventId: welcome!, guestId: individualIds[0], attending: true }).run();
    // Each person follows their answer (issue 14): members of a party that answered, and the individual.
    tx.run(sql`update guests set attending = (select r.attending from rsvps r where r.party_id = guests.party_id) where party_id is not null`);
    tx.run(sql`update guests set attending = (select r.attending from rsvps r where r.guest_id = guests.id) where party_id is null`);

    // Issue 24: the host's own questions: each diner's menu (for the caterer) and a song for the DJ.
    const menu = tx
      .insert(s.questions)
      .values({ text: "Dinner menu", textPt: "Menu do jantar", help: "For the caterer", helpPt: "Para o catering", type: "choice", per: "person", eventId: dinner!, required: true, position: 0 })
      .returning({ id: s.questions.id })
      .get().id;
    [["Meat", "Carne"], ["Fish", "Peixe"], ["Vegetarian", "Vegetariano"], ["Children's menu", "Menu infantil"]].forEach(([label, labelPt], position) =>
      tx.insert(s.questionChoices).values({ questionId: menu, label: label!, labelPt, position }).run(),
    );
    const song = tx
      .insert(s.questions)
      .values({ text: "A song for the dance floor", textPt: "Uma música para a pista de dança", type: "text", per: "invitation", position: 1 })
      .returning({ id: s.questions.id })
      .get().id;
    tx.insert(s.answers).values({ questionId: song, partyId: partyIds[0], guestId: null, ownerKey: `${partyIds[0]}:`, value: "Dancing Queen" }).run();

    // Payment instructions (issue 18): fictional, but an IBAN whose check digits pass.
    tx.update(s.eventConfig)
      .set({ payment: DEMO_PAYMENT })
      .where(sql`${s.eventConfig.id} = 'default'`)
      .run();

    // The link printed at start: a party with a pending room, so every part of the form shows.
    return { inviteCode: codes[1]!, roomTypeIds: { quinta: quinta!, suite: suite!, villa: villa! } };
  });
}
