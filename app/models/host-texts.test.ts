import { describe, expect, it } from "vitest";
import { formatDate, formatEuro, formatIban } from "~/utils/format";
import { ibanIsValid } from "~/schemas/event-config";
import { DEFAULT_SCHEDULE, localizeEvent, localizeEventConfig, localizePayment, localizeRoomType } from "./host-texts";

const config = {
  eventTitle: "40th Birthday Celebration",
  eventTitlePt: "Celebração dos 40",
  eventDate: "June 12-13, 2026",
  eventDatePt: "  ",
  eventTime: "4:30 PM",
  eventTimePt: null,
  venueName: "Quinta",
  venueAddress: "Douro",
  venueDirections: null,
  venueLatitude: null,
  venueLongitude: null,
  dressCode: "Summer chic",
  dressCodePt: "Chique de verão",
  welcomeMessage: null,
  roomConfirmationMessage: "Confirm",
  schedule: DEFAULT_SCHEDULE,
  gallery: [{ url: "art:vineyard", caption: "The Vineyard", captionPt: null }],
};

describe("the host's English dates and times on a Portuguese page (issue 36)", () => {
  it("are read where they are a date or a time, and written as pt-PT does; anything else is shown as typed", () => {
    const pt = (date: string, time = "7:30 PM") => localizeEvent({ id: "e", title: "T", date, timeFrom: time, timeTo: time, description: null, hotelGuestsOnly: false }, "pt");
    expect(pt("Friday, June 12, 2026", "11:00 AM")).toMatchObject({ date: "sexta-feira, 12 de junho de 2026", timeFrom: "11:00" });
    expect(pt("Sat, Jun 13, 2026", "12:00 PM")).toMatchObject({ date: "sábado, 13 de junho de 2026", timeFrom: "12:00" });
    expect(pt("June 13, 2026", "7 pm")).toMatchObject({ date: "13 de junho de 2026", timeFrom: "19:00" });
    expect(pt("13 June 2026", "12 AM")).toMatchObject({ date: "13 de junho de 2026", timeFrom: "00:00" });
    expect(pt("June 12 - 14, 2026", "4:30 PM-6:30 PM")).toMatchObject({ date: "12 a 14 de junho de 2026", timeFrom: "16:30–18:30" });
    expect(pt("2026-06-13", "noon")).toMatchObject({ date: "13 de junho de 2026", timeFrom: "12:00" });
    // Not a date, not a real day, not a time: as typed.
    expect(pt("Friday evening", "about 7")).toMatchObject({ date: "Friday evening", timeFrom: "about 7" });
    expect(pt("June 31, 2026", "13 PM")).toMatchObject({ date: "June 31, 2026", timeFrom: "13 PM" });
    // English readers get the host's text as typed.
    const en = localizeEvent({ id: "e", title: "T", date: "Friday, June 12, 2026", timeFrom: "11:00 AM", timeTo: "1:00 PM", description: null, hotelGuestsOnly: false }, "en");
    expect(en).toMatchObject({ date: "Friday, June 12, 2026", timeFrom: "11:00 AM", timeTo: "1:00 PM" });
  });
});

describe("the English fallback (issue 18)", () => {
  it("gives the Portuguese value when set, else the English one", () => {
    const pt = localizeEventConfig(config, "pt");
    // Issue 36: the English date and time, without the host's Portuguese, read and written as pt-PT does.
    expect(pt).toMatchObject({ eventTitle: "Celebração dos 40", eventDate: "12 e 13 de junho de 2026", eventTime: "16:30", dressCode: "Chique de verão" });
    expect(pt.schedule[0]).toEqual({ day: "Dia 1 (12 de junho)", items: [{ time: "16:30-18:30", title: "Receção de boas-vindas e tapas" }] });
    expect(pt.gallery).toEqual([{ url: "art:vineyard", caption: "The Vineyard" }]);
    const en = localizeEventConfig(config, "en");
    expect(en).toMatchObject({ eventTitle: "40th Birthday Celebration", dressCode: "Summer chic" });
    expect(en.schedule[1]!.items[2]).toEqual({ time: "10:00 PM-2:00 AM", title: "Dancing and Celebration" });
    expect(en).not.toHaveProperty("payment");
  });

  it("localizes side events and room types, facilities as a list", () => {
    const event = { id: "e", title: "Walk", titlePt: "Passeio", date: "Saturday", datePt: null, timeFrom: "6 PM", timeFromPt: "18:00", timeTo: "7 PM", description: "Nice", descriptionPt: "", hotelGuestsOnly: false };
    expect(localizeEvent(event, "pt")).toEqual({ id: "e", title: "Passeio", date: "Saturday", timeFrom: "18:00", timeTo: "19:00", description: "Nice", hotelGuestsOnly: false });
    const room = { name: "Room", namePt: "Quarto", location: "House", category: "Room" as const, areaSqM: 1, areaSqFt: 1, maxOccupancyAdults: 2, maxOccupancyChildren: 0, pricePerNight: 360, description: null, facilities: ["Pool"], facilitiesPt: [], imageUrls: [] };
    expect(localizeRoomType(room, "pt")).toMatchObject({ name: "Quarto", location: "House", facilities: ["Pool"] });
    expect(localizeRoomType({ ...room, facilitiesPt: ["Piscina"] }, "pt").facilities).toEqual(["Piscina"]);
    expect(localizeRoomType(room, "en").name).toBe("Room");
  });

  it("has no payment card until a way to pay is set", () => {
    expect(localizePayment(null, "pt")).toBeNull();
    const empty = { transferUrl: null, transferProvider: null, bankHolder: null, iban: null, bic: null, bankName: null, bankAddress: null, mobileApp: null, mobilePhone: null, mobileHolder: null, note: "x", notePt: null };
    expect(localizePayment(empty, "en")).toBeNull();
    expect(localizePayment({ ...empty, mobilePhone: "+351912", notePt: "y" }, "pt")).toMatchObject({ bank: null, transfer: null, mobile: { phone: "+351912" }, note: "y" });
  });
});

describe("what the site prints, from Intl", () => {
  it("formats dates and money per language", () => {
    expect(formatDate("2026-05-01", "en")).toBe("May 1, 2026");
    expect(formatDate("2026-05-01", "pt")).toBe("1 de maio de 2026");
    expect(formatEuro(360, "en")).toBe("€360.00");
    expect(formatEuro(360, "pt")).toBe("360,00\u00a0€");
    expect(formatEuro(1250, "en", { whole: true })).toBe("€1,250");
    expect(formatDate(null, "en")).toBe("");
  });

  it("checks IBANs and prints them in groups of four", () => {
    expect(ibanIsValid("PT10003506510000482177305")).toBe(true);
    expect(ibanIsValid("PT50003506510000482177305")).toBe(false);
    expect(ibanIsValid("GB82WEST12345698765432")).toBe(true);
    expect(formatIban("PT10003506510000482177305")).toBe("PT10 0035 0651 0000 4821 7730 5");
  });
});
