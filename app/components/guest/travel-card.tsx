import { Form } from "react-router";
import { fmt, useT, type ClientMessages } from "~/i18n";
import type { MyTravelView } from "~/models/my-travel.server";
import { cn } from "~/utils/cn";
import { GuestCard } from "./guest-shell";
import { button, control } from "./styles";

type Errors = Record<string, string[] | null | undefined>;
type Draft = Record<string, string>;
type Leg = { date: string; time: string; pointId: string; number: string | null } | null;

const labelClass = "flex flex-col gap-1 text-base font-medium text-ink";
const inputClass = cn(control, "h-12");

/** The page's own words for a refused field (the server's message names the field; the guest reads it in their language). */
function errorText(key: string, messages: string[], t: ClientMessages["travel"], view: MyTravelView) {
  const m = messages[0] ?? "";
  if (key.endsWith(".time")) return t.errTime;
  if (key.endsWith(".pointId")) return t.errPoint;
  if (key.endsWith("departure.date") && m.includes("after")) return t.errOrder;
  if (key.endsWith(".date") && m.includes("between")) return fmt(t.errWindow, { start: view.window.start ?? "…", end: view.window.end ?? "…" });
  if (key.endsWith(".date")) return t.errDate;
  if (key === "transfer.seats") return fmt(t.errSeats, { count: view.peopleComing });
  return m;
}

function LegFields({ prefix, field, legend, leg, view, errors, draft }: { prefix: string; field: string; legend: string; leg: Leg; view: MyTravelView; errors: Errors; draft: Draft | null }) {
  const t = useT().travel;
  const value = (k: "Date" | "Time" | "PointId" | "Number") => (draft ? (draft[`${prefix}${k}`] ?? "") : ((leg?.[(k[0]!.toLowerCase() + k.slice(1)) as "date"] as string | null) ?? ""));
  const err = (k: string) => {
    const list = errors[`${field}.${k}`];
    return list?.length ? errorText(`${field}.${k}`, list, t, view) : null;
  };
  const input = (k: "Date" | "Time" | "PointId" | "Number", key: string) => ({
    id: `${prefix}${k}`,
    name: `${prefix}${k}`,
    defaultValue: value(k),
    "aria-invalid": err(key) ? true : undefined,
    "aria-describedby": err(key) ? `${prefix}${k}-error` : undefined,
  });
  const Error = ({ k, id }: { k: string; id: string }) =>
    err(k) ? (
      <span id={id} className="text-sm font-normal text-destructive">
        {err(k)}
      </span>
    ) : null;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-display text-xl font-semibold text-ink">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={labelClass}>
          {t.date}
          <input type="date" min={view.window.start ?? undefined} max={view.window.end ?? undefined} className={inputClass} {...input("Date", "date")} />
          <Error k="date" id={`${prefix}Date-error`} />
        </label>
        <label className={labelClass}>
          {t.time}
          <input type="text" inputMode="numeric" placeholder="14:05" maxLength={5} className={inputClass} {...input("Time", "time")} />
          <Error k="time" id={`${prefix}Time-error`} />
        </label>
        <label className={labelClass}>
          {t.point}
          <select className={inputClass} {...input("PointId", "pointId")}>
            <option value="">{t.choosePoint}</option>
            {view.points.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <Error k="pointId" id={`${prefix}PointId-error`} />
        </label>
        <label className={labelClass}>
          {t.number}
          <input type="text" maxLength={40} className={inputClass} {...input("Number", "number")} />
        </label>
      </div>
    </fieldset>
  );
}

/** "Getting there" (issue 26): arrival, departure, transfers and seats, members travelling apart; and the pickups once planned. */
export function TravelCard({ view, errors, draft }: { view: MyTravelView; errors?: Errors | null; draft?: Draft | null }) {
  const t = useT().travel;
  if (!view.enabled || view.peopleComing === 0) return null;
  const e = errors ?? {};
  const d = draft ?? null;
  const a = view.answer;
  const checked = (name: string, saved: boolean) => (d ? d[name] === "on" : saved);
  const seatsError = e["transfer.seats"]?.length ? errorText("transfer.seats", e["transfer.seats"]!, t, view) : null;
  return (
    <GuestCard id="travel" title={t.title}>
      {view.pickups.length ? <Pickups view={view} /> : null}
      <p className="mb-4 text-base text-muted-foreground">{t.intro}</p>
      {a.seatsFollowed ? (
        <p role="status" className="mb-4 rounded-2xl bg-limestone px-5 py-4">
          {fmt(t.seatsFollowed, { now: a.seatsFollowed.now, asked: a.seatsFollowed.asked })}
        </p>
      ) : null}
      {view.open ? null : (
        <p role="status" className="mb-4 rounded-2xl bg-limestone px-5 py-4">
          {t.closed}
        </p>
      )}
      <Form method="post" action="/my-rsvp#travel" preventScrollReset>
        <input type="hidden" name="intent" value="travel-save" />
        <fieldset disabled={!view.open} className="flex flex-col gap-6">
          <LegFields prefix="arrival" field="arrival" legend={t.arrival} leg={a.arrival} view={view} errors={e} draft={d} />
          <LegFields prefix="departure" field="departure" legend={t.departure} leg={a.departure} view={view} errors={e} draft={d} />
          <div className="flex flex-col gap-3">
            <label className="flex items-start gap-3 text-base">
              <input type="checkbox" name="transferArrival" defaultChecked={checked("transferArrival", a.transfer.arrival)} className="mt-1 size-5" />
              {t.transferArrival}
            </label>
            <label className="flex items-start gap-3 text-base">
              <input type="checkbox" name="transferDeparture" defaultChecked={checked("transferDeparture", a.transfer.departure)} className="mt-1 size-5" />
              {t.transferDeparture}
            </label>
            <label className={cn(labelClass, "max-w-40")}>
              {t.seats}
              <input
                type="number"
                name="seats"
                min={1}
                max={view.peopleComing}
                defaultValue={d?.seats ?? a.transfer.seats}
                className={inputClass}
                aria-invalid={seatsError ? true : undefined}
                aria-describedby={seatsError ? "seats-error" : undefined}
              />
              {seatsError ? (
                <span id="seats-error" className="text-sm font-normal text-destructive">
                  {seatsError}
                </span>
              ) : null}
            </label>
          </div>
          {view.members.length > 1 ? (
            <details open={a.members.length > 0 || Object.keys(e).some((k) => k.startsWith("members"))}>
              <summary className="cursor-pointer text-base font-medium text-wine">{t.membersApart}</summary>
              <p className="mt-2 text-sm text-muted-foreground">{t.membersApartHint}</p>
              {view.members.map((m, i) => {
                const saved = a.members.find((x) => x.guestId === m.guestId);
                const index = (input: { guestId: string }[]) => input.findIndex((x) => x.guestId === m.guestId);
                const errs = Object.fromEntries(
                  Object.entries(e)
                    .filter(([k]) => k.startsWith(`members.${index(a.members) >= 0 ? index(a.members) : i}.`))
                    .map(([k, v]) => [k.replace(/^members\.\d+\./, ""), v]),
                );
                return (
                  <div key={m.guestId} className="mt-4 flex flex-col gap-4 rounded-2xl border p-4">
                    <p className="font-medium">{fmt(t.travelsApart, { name: m.name })}</p>
                    <LegFields prefix={`m.${m.guestId}.arrival`} field="arrival" legend={`${t.arrival} · ${m.name}`} leg={saved?.arrival ?? null} view={view} errors={errs} draft={d} />
                    <LegFields prefix={`m.${m.guestId}.departure`} field="departure" legend={`${t.departure} · ${m.name}`} leg={saved?.departure ?? null} view={view} errors={errs} draft={d} />
                  </div>
                );
              })}
            </details>
          ) : null}
        </fieldset>
        {view.open ? (
          <button type="submit" className={cn(button.primary, "mt-6")}>
            {t.save}
          </button>
        ) : null}
      </Form>
    </GuestCard>
  );
}

function Pickups({ view }: { view: MyTravelView }) {
  const t = useT().travel;
  return (
    <section aria-labelledby="pickup-title" className="mb-6 rounded-2xl bg-limestone px-5 py-4">
      <h3 id="pickup-title" className="font-display text-xl font-semibold text-ink">
        {t.pickupTitle}
      </h3>
      {view.pickups.map((p) => (
        <dl key={`${p.direction}-${p.date}-${p.time}-${p.for ?? ""}`} className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-base">
          <dt className="font-medium">{p.direction === "arrival" ? t.pickupArrival : t.pickupDeparture}</dt>
          <dd>{p.when}</dd>
          {p.for ? (
            <>
              <dt className="font-medium">{t.pickupFor}</dt>
              <dd>{p.for}</dd>
            </>
          ) : null}
          <dt className="font-medium">{t.pickupWhere}</dt>
          <dd>{p.meetingPoint}</dd>
          {p.lookFor ? (
            <>
              <dt className="font-medium">{t.pickupLookFor}</dt>
              <dd>{p.lookFor}</dd>
            </>
          ) : null}
          {p.driverPhone ? (
            <>
              <dt className="font-medium">{t.pickupDriver}</dt>
              <dd>
                <a href={`tel:${p.driverPhone}`} className="underline">
                  {p.driverPhone}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      ))}
    </section>
  );
}
