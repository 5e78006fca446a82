import { CalendarDaysIcon, ClockIcon, HotelIcon } from "./icons";
import { Checkbox } from "~/components/ui/checkbox";
import { useLang, useT } from "~/i18n";
import { cn } from "~/utils/cn";
import { formatTimeRange } from "~/utils/format";
import type { GuestEvent } from "~/models/guest-view.server";

/**
 * The side events, each with an "Attending" checkbox (unchecked unless the
 * guest said yes before). Printed-programme look: date and time above the
 * title in the display face.
 */
export function EventChoices({
  title,
  intro,
  events,
  name,
  checked,
  onChange,
  className,
  headingLevel: Heading = "h3",
  form,
}: {
  title?: string;
  intro?: string;
  events: GuestEvent[];
  name: string;
  checked: ReadonlySet<string>;
  onChange?: (eventId: string, value: boolean) => void;
  className?: string;
  headingLevel?: "h2" | "h3";
  form?: string;
}) {
  const t = useT().guest;
  const lang = useLang();
  return (
    <div className={className}>
      {title ? <Heading className="font-display text-2xl font-semibold">{title}</Heading> : null}
      {intro && events.length ? <p className="mt-1 text-muted-foreground">{intro}</p> : null}
      {events.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{t.noEvents}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {events.map((e) => {
            const id = `event-${e.id}`;
            return (
              <li key={e.id} data-testid="event" className="rounded-2xl bg-cream p-4 ring-1 ring-ink/10 has-[:checked]:ring-2 has-[:checked]:ring-olive">
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-semibold text-olive">
                  <span className="inline-flex items-center gap-1">
                    <CalendarDaysIcon aria-hidden="true" className="size-4" />
                    {e.date}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <ClockIcon aria-hidden="true" className="size-4" />
                    {formatTimeRange(e.timeFrom, e.timeTo, lang)}
                  </span>
                  {e.hotelGuestsOnly ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-olive/10 px-2 py-0.5 text-xs">
                      <HotelIcon aria-hidden="true" className="size-3.5" />
                      {t.hotelGuestsOnly}
                    </span>
                  ) : null}
                </p>
                <p id={`${id}-title`} className="mt-1 font-display text-2xl leading-tight font-semibold text-ink">
                  {e.title}
                </p>
                {e.description ? <p className="mt-1 text-ink/80">{e.description}</p> : null}
                <label htmlFor={id} className={cn("mt-2 flex min-h-11 w-fit cursor-pointer items-center gap-3 pr-2 text-base font-semibold")}>
                  <Checkbox
                    id={id}
                    name={name}
                    value={e.id}
                    form={form}
                    defaultChecked={checked.has(e.id)}
                    aria-describedby={`${id}-title`}
                    onChange={onChange ? (ev) => onChange(e.id, ev.currentTarget.checked) : undefined}
                    className="size-6"
                    wrapperClassName="size-6"
                  />
                  {t.attendingEvent}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
