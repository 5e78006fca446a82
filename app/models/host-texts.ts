/*
 * Issue 18: every text the host writes for guests has an English value (the
 * seed's field name) and a Portuguese one (`...Pt`). Guests read their
 * language, falling back to English when the Portuguese value is empty.
 * The fallback lives here only: pages, the confirmation e-mail, the .ics and
 * the invitation e-mails all call these helpers. Pure functions, no database,
 * so the schema (for its defaults) and the tests can import them.
 */
import type { Lang } from "~/i18n";
import { hostDateText, hostTimeText } from "../utils/format";

/** How guests pay for their rooms (edited on the Event Configuration page). Each field a string or null. */
export type PaymentInstructions = {
  transferUrl: string | null;
  transferProvider: string | null;
  bankHolder: string | null;
  iban: string | null;
  bic: string | null;
  bankName: string | null;
  bankAddress: string | null;
  mobileApp: string | null;
  mobilePhone: string | null;
  mobileHolder: string | null;
  note: string | null;
  notePt: string | null;
};
export const PAYMENT_FIELDS = [
  "transferUrl",
  "transferProvider",
  "bankHolder",
  "iban",
  "bic",
  "bankName",
  "bankAddress",
  "mobileApp",
  "mobilePhone",
  "mobileHolder",
  "note",
  "notePt",
] as const satisfies readonly (keyof PaymentInstructions)[];

/** A landing-page programme day. `timePt` is optional: Portuguese pages write times the 24-hour way. */
export type ScheduleItem = { time: string; timePt?: string | null; title: string; titlePt: string | null };
export type ScheduleDay = { day: string; dayPt: string | null; items: ScheduleItem[] };
/** A venue photo: an uploaded photo (/uploads/...) or the site's own artwork ("art:villa-pool", "art:vineyard"). */
export type GalleryItem = { url: string; caption: string; captionPt: string | null };

export { ARTWORK_URLS } from "../utils/uploads";

/** SPEC.md 2's programme, so a new install's landing page reads as the seed's. */
export const DEFAULT_SCHEDULE: ScheduleDay[] = [
  {
    day: "Day 1 (June 12th)",
    dayPt: "Dia 1 (12 de junho)",
    items: [{ time: "4:30-6:30 PM", timePt: "16:30-18:30", title: "Welcome Reception and Tapas", titlePt: "Receção de boas-vindas e tapas" }],
  },
  {
    day: "Day 2 (June 13th)",
    dayPt: "Dia 2 (13 de junho)",
    items: [
      { time: "6:00-7:30 PM", timePt: "18:00-19:30", title: "Welcome Reception and Snacks", titlePt: "Receção de boas-vindas e petiscos" },
      { time: "7:30-10:00 PM", timePt: "19:30-22:00", title: "Dinner and Party", titlePt: "Jantar e festa" },
      { time: "10:00 PM-2:00 AM", timePt: "22:00-02:00", title: "Dancing and Celebration", titlePt: "Dança e celebração" },
    ],
  },
];

/** SPEC.md 2's two captioned images, drawn by the site (art/). */
export const DEFAULT_GALLERY: GalleryItem[] = [
  { url: "art:villa-pool", caption: "Villa & Pool", captionPt: "Villa e piscina" },
  { url: "art:vineyard", caption: "The Vineyard", captionPt: "A vinha" },
];

/** The guest's language, else English: an empty or blank Portuguese value falls back. */
export function pickText<T extends string | null | undefined>(en: T, pt: string | null | undefined, lang: Lang): T | string {
  return lang === "pt" && pt && pt.trim() ? pt : en;
}

/** Issue 36: a date or time the host typed; without the host's Portuguese, the English read and written in `lang`. */
export const pickDate = (en: string, pt: string | null | undefined, lang: Lang) => pickText(hostDateText(en, lang), pt, lang);
export const pickTime = (en: string, pt: string | null | undefined, lang: Lang) => pickText(hostTimeText(en, lang), pt, lang);

type ConfigTexts = {
  eventTitle: string;
  eventTitlePt?: string | null;
  eventDate: string;
  eventDatePt?: string | null;
  eventTime: string;
  eventTimePt?: string | null;
  venueName: string;
  venueNamePt?: string | null;
  venueAddress: string;
  venueAddressPt?: string | null;
  venueDirections: string | null;
  venueDirectionsPt?: string | null;
  venueLatitude: number | null;
  venueLongitude: number | null;
  dressCode: string | null;
  dressCodePt?: string | null;
  welcomeMessage: string | null;
  welcomeMessagePt?: string | null;
  roomConfirmationMessage: string | null;
  roomConfirmationMessagePt?: string | null;
  schedule?: ScheduleDay[];
  gallery?: GalleryItem[];
};

/**
 * The event configuration as a guest reads it, in `lang`: the seed's field
 * names with the chosen values, the schedule and the gallery. Never the
 * payment instructions (see localizePayment) nor host-only fields.
 */
export function localizeEventConfig(config: ConfigTexts, lang: Lang) {
  return {
    eventTitle: pickText(config.eventTitle, config.eventTitlePt, lang),
    eventDate: pickDate(config.eventDate, config.eventDatePt, lang),
    eventTime: pickTime(config.eventTime, config.eventTimePt, lang),
    venueName: pickText(config.venueName, config.venueNamePt, lang),
    venueAddress: pickText(config.venueAddress, config.venueAddressPt, lang),
    venueDirections: pickText(config.venueDirections, config.venueDirectionsPt, lang),
    venueLatitude: config.venueLatitude,
    venueLongitude: config.venueLongitude,
    dressCode: pickText(config.dressCode, config.dressCodePt, lang),
    welcomeMessage: pickText(config.welcomeMessage, config.welcomeMessagePt, lang),
    roomConfirmationMessage: pickText(config.roomConfirmationMessage, config.roomConfirmationMessagePt, lang),
    schedule: (config.schedule ?? []).map((d) => ({
      day: pickDate(d.day, d.dayPt, lang),
      items: d.items.map((i) => ({ time: pickTime(i.time, i.timePt, lang), title: pickText(i.title, i.titlePt, lang) })),
    })),
    gallery: (config.gallery ?? []).map((g) => ({ url: g.url, caption: pickText(g.caption, g.captionPt, lang) })),
  };
}
export type LocalizedEventConfig = ReturnType<typeof localizeEventConfig>;

type EventTexts = {
  id: string;
  title: string;
  titlePt?: string | null;
  date: string;
  datePt?: string | null;
  timeFrom: string;
  timeFromPt?: string | null;
  timeTo: string;
  timeToPt?: string | null;
  description: string | null;
  descriptionPt?: string | null;
  hotelGuestsOnly: boolean;
};

/** A side event as a guest reads it, in `lang`. */
export function localizeEvent(event: EventTexts, lang: Lang) {
  return {
    id: event.id,
    title: pickText(event.title, event.titlePt, lang),
    date: pickDate(event.date, event.datePt, lang),
    timeFrom: pickTime(event.timeFrom, event.timeFromPt, lang),
    timeTo: pickTime(event.timeTo, event.timeToPt, lang),
    description: pickText(event.description, event.descriptionPt, lang),
    hotelGuestsOnly: event.hotelGuestsOnly,
  };
}
export type LocalizedEvent = ReturnType<typeof localizeEvent>;

type RoomTypeTexts = {
  name: string;
  namePt?: string | null;
  location: string;
  locationPt?: string | null;
  category: "Room" | "Suite" | "Villa";
  areaSqM: number;
  areaSqFt: number;
  maxOccupancyAdults: number;
  maxOccupancyChildren: number;
  pricePerNight: number;
  description: string | null;
  descriptionPt?: string | null;
  facilities: string[];
  facilitiesPt?: string[] | null;
  imageUrls: string[];
};

/** A room type's guest-visible fields, in `lang` (the Portuguese facilities list replaces the English one when it has any). */
export function localizeRoomType(roomType: RoomTypeTexts, lang: Lang) {
  return {
    name: pickText(roomType.name, roomType.namePt, lang),
    location: pickText(roomType.location, roomType.locationPt, lang),
    category: roomType.category,
    areaSqM: roomType.areaSqM,
    areaSqFt: roomType.areaSqFt,
    maxOccupancyAdults: roomType.maxOccupancyAdults,
    maxOccupancyChildren: roomType.maxOccupancyChildren,
    pricePerNight: roomType.pricePerNight,
    description: pickText(roomType.description, roomType.descriptionPt, lang),
    facilities: lang === "pt" && roomType.facilitiesPt?.length ? roomType.facilitiesPt : roomType.facilities,
    imageUrls: roomType.imageUrls,
  };
}
export type LocalizedRoomType = ReturnType<typeof localizeRoomType>;

/**
 * The payment instructions a signed-in guest reads, in `lang`, or null when
 * the host has set no way to pay yet (guests then read "The host will send
 * payment details", never a placeholder account).
 */
export function localizePayment(payment: PaymentInstructions | null | undefined, lang: Lang) {
  if (!payment) return null;
  const p = payment;
  const transfer = p.transferUrl ? { url: p.transferUrl, provider: p.transferProvider || p.transferUrl } : null;
  const bank = p.iban
    ? { holder: p.bankHolder, iban: p.iban, bic: p.bic, bankName: p.bankName, bankAddress: p.bankAddress }
    : null;
  const mobile = p.mobilePhone ? { app: p.mobileApp, phone: p.mobilePhone, holder: p.mobileHolder } : null;
  if (!transfer && !bank && !mobile) return null;
  return { transfer, bank, mobile, note: pickText(p.note, p.notePt, lang) };
}
export type GuestPayment = NonNullable<ReturnType<typeof localizePayment>>;
