import { CheckCircle2Icon, CircleDashedIcon, InfoIcon, LockIcon, XCircleIcon } from "./icons";
import { fmt, useLang, useT } from "~/i18n";
import { formatEuro } from "~/utils/format";
import { cn } from "~/utils/cn";
import type { GuestRoom } from "~/models/guest-view.server";
import { InfoDialog } from "./guest-dialog";
import { PhotoCarousel } from "./photo-carousel";
import { button } from "./styles";

export function RoomStatusBadge({ room }: { room: Pick<GuestRoom, "confirmationStatus" | "isPaid"> }) {
  const t = useT().guest;
  const look = {
    pending: { label: t.roomStatusPending, icon: CircleDashedIcon, className: "bg-limestone text-ink/80" },
    confirmed: { label: t.roomStatusConfirmed, icon: CheckCircle2Icon, className: "bg-success/10 text-success" },
    declined: { label: t.roomStatusDeclined, icon: XCircleIcon, className: "bg-destructive/10 text-destructive" },
  }[room.confirmationStatus];
  const Icon = look.icon;
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={cn("inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-sm font-semibold", look.className)}>
        <Icon aria-hidden="true" className="size-4" />
        {look.label}
      </span>
      {room.isPaid ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-info/10 px-2.5 py-1 text-sm font-semibold text-info">
          <LockIcon aria-hidden="true" className="size-4" />
          {t.paid}
        </span>
      ) : null}
    </span>
  );
}

function RoomDetails({ room }: { room: GuestRoom }) {
  const t = useT().guest;
  const lang = useLang();
  const rt = room.roomType;
  const category = { Room: t.categoryRoom, Suite: t.categorySuite, Villa: t.categoryVilla }[rt.category];
  const facts: [string, string][] = [
    [t.location, rt.location],
    [t.category, category],
    [t.size, fmt(t.sizeValue, { sqm: rt.areaSqM, sqft: rt.areaSqFt })],
    [
      t.occupancy,
      rt.maxOccupancyChildren > 0
        ? fmt(t.occupancyValue, { adults: rt.maxOccupancyAdults, children: rt.maxOccupancyChildren })
        : fmt(t.occupancyAdultsOnly, { adults: rt.maxOccupancyAdults }),
    ],
  ];
  return (
    <div className="space-y-5 text-left">
      <PhotoCarousel urls={rt.imageUrls} name={rt.name} />
      {rt.description ? <p className="text-base leading-relaxed text-ink/90">{rt.description}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-5 gap-y-2 text-base">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-semibold text-ink/70">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {rt.facilities.length ? (
        <div>
          <p className="font-semibold text-ink/70">{t.facilities}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {rt.facilities.map((f) => (
              <li key={f} className="rounded-full bg-limestone px-3 py-1 text-sm">
                {f}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="font-display text-2xl font-semibold text-wine lining-nums">
        {fmt(t.perNight, { amount: formatEuro(rt.pricePerNight / 2, lang) })}
        <span className="ml-2 font-sans text-base font-normal text-muted-foreground">
          {fmt(t.priceStay, { amount: formatEuro(rt.pricePerNight, lang) })}
        </span>
      </p>
    </div>
  );
}

/**
 * One assigned room: what it is, what it costs, its state, and the actions
 * the page offers (`children`). A paid room offers none (SPEC.md 4).
 */
export function RoomCard({ room, children }: { room: GuestRoom; children?: React.ReactNode }) {
  const t = useT().guest;
  const lang = useLang();
  const rt = room.roomType;
  return (
    <li
      data-testid="room"
      data-room-name={rt.name}
      className={cn(
        "rounded-2xl p-5 ring-1 transition-colors",
        room.confirmationStatus === "confirmed" && "bg-success/[0.04] ring-success/30",
        room.confirmationStatus === "declined" && "bg-ink/[0.02] ring-ink/15",
        room.confirmationStatus === "pending" && "bg-white ring-wine/25",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-display text-2xl leading-tight font-semibold text-ink lining-nums">
            {fmt(t.roomsLine, { quantity: room.quantity, name: rt.name })}
          </h3>
          <p className="mt-0.5 text-muted-foreground">{rt.location}</p>
          <p className="mt-1 text-base">
            {fmt(t.perNight, { amount: formatEuro(rt.pricePerNight / 2, lang) })}
            <span className="text-muted-foreground"> · {fmt(t.priceStay, { amount: formatEuro(rt.pricePerNight * room.quantity, lang) })}</span>
          </p>
        </div>
        <RoomStatusBadge room={room} />
      </div>
      {room.confirmationStatus === "declined" && room.declineReason ? (
        <p className="mt-3 text-sm text-muted-foreground italic">{fmt(t.declinedBecause, { reason: room.declineReason })}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <InfoDialog
          label={t.viewRoomDetails}
          title={rt.name}
          description={rt.location}
          triggerClassName={button.quiet}
          icon={<InfoIcon aria-hidden="true" />}
          wide
        >
          <RoomDetails room={room} />
        </InfoDialog>
      </div>
      {room.isPaid ? (
        <p className="mt-3 flex items-start gap-2 rounded-xl bg-info/5 p-3 text-sm text-ink/90">
          <LockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info" />
          {t.roomPaidLocked}
        </p>
      ) : (
        children
      )}
    </li>
  );
}
