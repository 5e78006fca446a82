import { GuestCard } from "~/components/guest/guest-shell";
import { LinkifiedText } from "~/components/linkified-text";
import { fmt } from "~/i18n";
import type { weekend } from "~/i18n/catalog/weekend";

/*
 * Issue 38: My weekend's sections. Plain markup, no state: the page ships no
 * React (it must open from the phone's cache in under a second) and prints
 * on one A4 sheet (the print: classes).
 */

type Texts = (typeof weekend)["en"];
type Item =
  | { kind: "programme"; time: string; title: string }
  | { kind: "event"; time: string; title: string; description: string | null }
  | { kind: "pickup"; time: string; direction: "arrival" | "departure"; meetingPoint: string; destination: string; lookFor: string | null; driverPhone: string | null; for: string | null };
type PhoneLinks = { phone: string; tel: string; whatsapp: string } | null;

const card = "print:rounded-none print:p-0 print:shadow-none print:ring-0";
const link = "font-semibold text-wine underline underline-offset-4";

function PhoneActions({ links, t }: { links: PhoneLinks; t: Texts }) {
  if (!links) return null;
  return (
    <span className="inline-flex flex-wrap gap-x-4 gap-y-1">
      <a className={link} href={links.tel}>{`${t.call} ${links.phone}`}</a>
      <a className={`${link} print:hidden`} href={links.whatsapp}>{t.whatsapp}</a>
    </span>
  );
}

function ItemRow({ item, t }: { item: Item; t: Texts }) {
  if (item.kind !== "pickup") {
    return (
      <li className="flex flex-col gap-x-4 py-1.5 sm:flex-row print:flex-row print:py-0">
        <span className="shrink-0 font-semibold tabular-nums sm:w-28 print:w-24">{item.time}</span>
        <span>
          {item.title}
          {item.kind === "event" ? <span className="ml-2 rounded-full bg-limestone px-2 text-sm print:px-0">{t.sideEvent}</span> : null}
        </span>
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-x-4 py-1.5 sm:flex-row print:flex-row print:py-0">
      <span className="shrink-0 font-semibold tabular-nums sm:w-28 print:w-24">{item.time}</span>
      <div className="min-w-0 rounded-2xl bg-limestone px-4 py-3 print:bg-transparent print:p-0">
        <p className="font-semibold">
          {item.direction === "arrival" ? t.pickupArrival : t.pickupDeparture}
          {item.for ? ` · ${t.forWhom} ${item.for}` : null}
        </p>
        <p>{`${t.meetingPoint}: ${item.meetingPoint} · ${t.to}: ${item.destination}`}</p>
        {item.lookFor ? <p>{`${t.lookFor}: ${item.lookFor}`}</p> : null}
        {item.driverPhone ? (
          <p>
            {`${t.driver}: `}
            <PhoneActions links={{ phone: item.driverPhone, tel: `tel:${item.driverPhone}`, whatsapp: `https://wa.me/${item.driverPhone.replace(/\D/g, "")}` }} t={t} />
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function DaysCard({ days, t }: { days: { label: string; items: Item[] }[]; t: Texts }) {
  return (
    <GuestCard id="days" title={t.programme} className={card}>
      {days.length ? (
        <div className="space-y-5 print:space-y-1">
          {days.map((d) => (
            <section key={d.label} aria-label={d.label}>
              <h3 className="font-display text-2xl font-semibold text-ink print:text-base">{d.label}</h3>
              <ul className="mt-1 text-lg print:text-sm">
                {d.items.map((item, i) => (
                  <ItemRow key={i} item={item} t={t} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : (
        <p>{t.nothingYet}</p>
      )}
    </GuestCard>
  );
}

export function MessagesCard({ messages, t, lang }: { messages: { id: string; text: string; at: string }[]; t: Texts; lang: "en" | "pt" }) {
  if (!messages.length) return null;
  return (
    <GuestCard id="messages" title={t.messages} className={`border-2 border-terracotta ${card}`}>
      <ul className="space-y-3 text-lg print:text-sm">
        {messages.map((m) => (
          <li key={m.id}>
            <time className="mr-2 font-semibold tabular-nums" dateTime={m.at}>
              {clock(m.at, lang)}
            </time>
            {m.text}
          </li>
        ))}
      </ul>
    </GuestCard>
  );
}

type Room = { name: string; location: string; quantity: number; status: string; nights: number; dates: string };

export function StayCard({ rooms, table, hotel, t }: { rooms: Room[]; table: { name: string } | null; hotel: { name: string | null; links: PhoneLinks } | null; t: Texts }) {
  if (!rooms.length && !table) return null;
  return (
    <GuestCard id="room" title={t.room} className={card}>
      <ul className="space-y-2 text-lg print:text-sm">
        {rooms.map((r) => (
          <li key={r.name}>
            <p className="font-semibold">
              {fmt(t.roomLine, { count: r.quantity, name: r.name })}
              {r.status === "pending" ? <span className="ml-2 font-normal text-muted-foreground">({t.roomPending})</span> : null}
            </p>
            <p>{[hotel?.name, r.location].filter(Boolean).join(" · ")}</p>
            <p>{fmt(t.roomNights, { nights: r.nights, dates: r.dates })}</p>
          </li>
        ))}
      </ul>
      {/* Issue 37's slot: the guest's table at the dinner, once the seating plan is published. */}
      {table ? <p className="mt-3 text-lg font-semibold">{`${t.table}: ${table.name}`}</p> : null}
    </GuestCard>
  );
}

type Venue = { name: string; address: string; directions: string | null; mapImage: string; mapsUrl: string };

export function VenueCard({ venue, host, hotel, t }: { venue: Venue; host: PhoneLinks; hotel: { name: string | null; links: PhoneLinks } | null; t: Texts }) {
  return (
    <GuestCard id="venue" title={t.venue} className={card}>
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem] print:grid-cols-[1fr_9rem] print:gap-2">
        <div className="text-lg print:text-sm">
          <p className="font-semibold">{venue.name}</p>
          <p>{venue.address}</p>
          {venue.directions ? <LinkifiedText text={venue.directions} className="mt-2 print:hidden" linkClassName="text-wine" /> : null}
          <p className="mt-2 print:hidden">
            <a className={link} href={venue.mapsUrl} rel="noopener noreferrer">
              {t.openInMaps}
            </a>
          </p>
          {host || hotel?.links ? (
            <div className="mt-4 print:mt-1">
              <h3 className="font-display text-2xl font-semibold text-ink print:text-base">{t.contacts}</h3>
              {host ? (
                <p>
                  {`${t.host}: `}
                  <PhoneActions links={host} t={t} />
                </p>
              ) : null}
              {hotel?.links ? (
                <p>
                  {`${hotel.name || t.hotel}: `}
                  <PhoneActions links={hotel.links} t={t} />
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        <img src={venue.mapImage} alt={t.mapAlt} width={448} height={336} className="h-auto w-full rounded-2xl ring-1 ring-ink/10" />
      </div>
    </GuestCard>
  );
}

export function LatestNews({ news, t }: { news: { id: string; subject: string; body: string }[]; t: Texts }) {
  if (!news.length) return null;
  return (
    <GuestCard id="news" title={t.news} className={`${card} print:hidden`}>
      <ul className="space-y-4">
        {news.map((n) => (
          <li key={n.id}>
            <h3 className="font-display text-2xl font-semibold text-ink">{n.subject}</h3>
            <LinkifiedText text={n.body} className="mt-1 text-lg leading-relaxed" linkClassName="text-wine" />
          </li>
        ))}
      </ul>
    </GuestCard>
  );
}

/** "14:05" in Lisbon: the guest's day is the estate's. */
export const clock = (iso: string, lang: "en" | "pt") =>
  new Date(iso).toLocaleTimeString(lang === "pt" ? "pt-PT" : "en-GB", { timeZone: "Europe/Lisbon", hour: "2-digit", minute: "2-digit", hour12: false });
