import { useState } from "react";
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { CalendarPlusIcon, CheckIcon, PencilIcon, RotateCcwIcon, SaveIcon, XIcon } from "./icons";
import { TextareaField } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { fmt, useLang, useT } from "~/i18n";
import { formatDate } from "~/utils/format";
import { DeadlineNote } from "./deadline-note";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";
import { isRealSubmit } from "./submitter";
import { loadValidation, validateLazily } from "./lazy-validation";
import { EventChoices } from "./event-choices";
import { StepDialog } from "./guest-dialog";
import { GuestCard } from "./guest-shell";
import type { GuestRoom, GuestView } from "~/models/guest-view.server";
import { RoomCard } from "./room-card";
import { button, control } from "./styles";

export type MyRsvpActionData = { intent?: string; result?: SubmissionResult<string[]> };

export function StatusCard({ view }: { view: GuestView }) {
  const t = useT();
  const m = t.myRsvp;
  const lang = useLang();
  const rsvp = view.rsvp;
  const badge = !rsvp
    ? { label: m.statusPending, className: "bg-limestone text-ink" }
    : rsvp.attending
      ? { label: m.statusAttending, className: "bg-success/10 text-success" }
      : { label: m.statusNotAttending, className: "bg-destructive/10 text-destructive" };
  return (
    <GuestCard id="status" title={m.rsvpStatus}>
      <DeadlineNote deadline={view.deadline} className="mb-4" />
      <p data-testid="rsvp-status" className={cn("inline-flex rounded-full px-4 py-1.5 text-lg font-semibold", badge.className)}>
        {badge.label}
      </p>
      {rsvp ? (
        <>
          <dl className="mt-5 grid gap-3 text-base sm:grid-cols-[auto_1fr] sm:gap-x-6">
            {rsvp.attending ? (
              <Row label={m.guests}>
                {fmt(m.guestsValue, { total: rsvp.guestCount, adults: rsvp.adultsCount, kids: rsvp.kidsCount, babies: rsvp.babiesCount })}
              </Row>
            ) : null}
            {rsvp.dietaryRestrictions ? <Row label={m.dietary}>{rsvp.dietaryRestrictions}</Row> : null}
            {rsvp.messageToHost ? <Row label={m.message}>{rsvp.messageToHost}</Row> : null}
          </dl>
          {view.kind === "party" && rsvp.attending && view.members.length ? <WhoIsComing view={view} /> : null}
          {rsvp.confirmedAt ? <p className="mt-4 text-sm text-muted-foreground">{fmt(m.answeredOn, { date: formatDate(rsvp.confirmedAt, lang) })}</p> : null}
          {view.deadline.passed ? null : (
            <Link to="/rsvp?edit=1" className={cn(button.secondary, "mt-6")}>
              <PencilIcon aria-hidden="true" />
              {m.changeAnswer}
            </Link>
          )}
        </>
      ) : (
        <>
          <p className="mt-4 text-lg">{m.notAnsweredText}</p>
          <Link to="/rsvp" className={cn(button.primary, "mt-6")}>
            {m.rsvpNow}
          </Link>
        </>
      )}
    </GuestCard>
  );
}

/**
 * Who in the party is coming (issue 14): a form of its own, so one member
 * can be marked not coming without answering again. After the deadline, the
 * same list, read only.
 */
function WhoIsComing({ view }: { view: GuestView }) {
  const t = useT();
  const closed = view.deadline.passed;
  return (
    <Form method="post" action="/my-rsvp#status" className="mt-6" data-testid="who-is-coming">
      <fieldset disabled={closed}>
        <legend className="mb-2 text-lg font-semibold">{t.myRsvp.whoIsComing}</legend>
        <ul className="divide-y divide-ink/10">
          {view.members.map((member) => (
            <li key={member.id} className="flex items-center justify-between gap-3 py-2">
              <input type="hidden" name="memberIds" value={member.id} />
              <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 text-lg">
                <input type="checkbox" name="coming" value={member.id} defaultChecked={member.attending !== false} className="size-5 accent-olive" />
                <span>
                  {member.firstName} {member.lastName}
                </span>
              </label>
              <span className="text-sm text-muted-foreground">{member.attending === false ? t.guest.notComing : t.guest.coming}</span>
            </li>
          ))}
        </ul>
        {closed ? null : (
          <button type="submit" name="intent" value="members-save" className={cn(button.secondary, "mt-3")}>
            {t.myRsvp.saveWhoIsComing}
          </button>
        )}
      </fieldset>
    </Form>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-semibold text-ink/70">{label}</dt>
      <dd className="-mt-2 whitespace-pre-line sm:mt-0">{children}</dd>
    </div>
  );
}

/**
 * Room Assignments (SPEC.md 4): pending → Confirm or Decline; confirmed →
 * "Cancel Confirmation" (a decline, with a reason); declined → "Re-confirm
 * Room"; paid → no action. The decline step's open state is in the URL
 * (?decline=ID), so it works as a section of the page without JavaScript.
 */
export function RoomsCard({
  rooms,
  declining,
  actionData,
}: {
  rooms: GuestRoom[];
  declining: string | null;
  actionData?: MyRsvpActionData;
}) {
  const t = useT();
  const g = t.guest;
  const navigation = useNavigation();
  const busyWith = navigation.state !== "idle" ? String(navigation.formData?.get("assignmentId") ?? "") : "";
  return (
    <GuestCard id="rooms" title={t.myRsvp.roomAssignments}>
      <ul className="space-y-4">
        {rooms.map((room) => (
          <RoomCard key={room.id} room={room}>
            <div className="mt-3 flex flex-wrap gap-2">
              {room.confirmationStatus === "confirmed" ? (
                <Link to={`?decline=${room.id}#rooms`} preventScrollReset className={button.smallOutline}>
                  <XIcon aria-hidden="true" />
                  {g.cancelConfirmation}
                </Link>
              ) : (
                <Form method="post" action="/my-rsvp" className="flex-1 sm:flex-none">
                  <input type="hidden" name="intent" value="room-confirm" />
                  <input type="hidden" name="assignmentId" value={room.id} />
                  <button type="submit" className={cn(button.smallPrimary, "w-full")} disabled={busyWith === room.id}>
                    {room.confirmationStatus === "declined" ? <RotateCcwIcon aria-hidden="true" /> : <CheckIcon aria-hidden="true" />}
                    {room.confirmationStatus === "declined" ? g.reconfirmRoom : g.confirm}
                  </button>
                </Form>
              )}
              {room.confirmationStatus === "pending" ? (
                <Link to={`?decline=${room.id}#rooms`} preventScrollReset className={cn(button.smallOutline, "flex-1 sm:flex-none")}>
                  <XIcon aria-hidden="true" />
                  {g.decline}
                </Link>
              ) : null}
            </div>
            {declining === room.id && room.confirmationStatus !== "declined" ? (
              <DeclineStep room={room} lastResult={actionData?.intent === "room-decline" ? actionData.result : undefined} />
            ) : null}
          </RoomCard>
        ))}
      </ul>
    </GuestCard>
  );
}

function DeclineStep({ room, lastResult }: { room: GuestRoom; lastResult?: SubmissionResult<string[]> }) {
  const g = useT().guest;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const cancelling = room.confirmationStatus === "confirmed";
  const [reason, setReason] = useState("");
  const [form, fields] = useForm({
    id: `decline-${room.id}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate(args) {
      return validateLazily(
        args,
        (v) => {
          const submission = v.parseWithZod(args.formData, { schema: v.declineSchema(g) });
          if (isRealSubmit(args.submitter) && submission.status !== "success") toast({ title: g.reasonRequired, description: g.reasonRequiredText, type: "error" });
          return submission;
        },
        (name) => form.validate({ name }),
      );
    },
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("assignmentId") === room.id;
  const close = () => navigate("/my-rsvp#rooms", { preventScrollReset: true });
  return (
    <StepDialog
      open
      onOpenChange={(open) => !open && close()}
      title={fmt(cancelling ? g.cancelRoomTitle : g.declineRoomTitle, { name: room.roomType.name })}
      description={g.declineRoomIntro}
    >
      <Form method="post" action="/my-rsvp" {...getFormProps(form)} onFocus={loadValidation} className="grid gap-2">
        <input type="hidden" name="intent" value="room-decline" />
        <input type="hidden" name="assignmentId" value={room.id} />
        <TextareaField
          labelProps={{ children: g.declineReason, className: "text-base font-semibold" }}
          textareaProps={{
            ...getTextareaProps(fields.reason),
            placeholder: g.declineReasonPlaceholder,
            onInput: (e: React.FormEvent<HTMLTextAreaElement>) => setReason(e.currentTarget.value),
            className: cn(control, "min-h-28 py-3"),
          }}
          errors={fields.reason.errors}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/my-rsvp#rooms" preventScrollReset className={button.smallOutline}>
            {g.keepRoom}
          </Link>
          <button type="submit" className={button.smallPrimary} disabled={busy || (hydrated && reason.trim() === "")}>
            {cancelling ? g.cancelConfirmation : g.declineRoomButton}
          </button>
        </div>
      </Form>
    </StepDialog>
  );
}

/** Event Schedule: the save button appears once a checkbox has changed (without JavaScript it is always there). */
export function EventScheduleCard({ view }: { view: GuestView }) {
  const t = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const initial = new Set(view.events.filter((e) => view.eventAnswers[e.id]).map((e) => e.id));
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "events-save";
  const showSave = !hydrated || changed.size > 0;
  return (
    <GuestCard id="events" title={t.myRsvp.eventSchedule} description={view.events.length ? t.myRsvp.eventScheduleIntro : undefined}>
      <Form method="post" action="/my-rsvp">
        <input type="hidden" name="intent" value="events-save" />
        <EventChoices
          events={view.events}
          name="events"
          checked={initial}
          onChange={(id, value) =>
            setChanged((prev) => {
              const next = new Set(prev);
              if (value === initial.has(id)) next.delete(id);
              else next.add(id);
              return next;
            })
          }
        />
        {view.events.length && showSave ? (
          <button type="submit" className={cn(button.primary, "mt-5")} disabled={saving}>
            <SaveIcon aria-hidden="true" />
            {t.myRsvp.saveEvents}
          </button>
        ) : null}
      </Form>
    </GuestCard>
  );
}

export function EventDetailsCard({ view, googleCalendarUrl }: { view: GuestView; googleCalendarUrl: string }) {
  const m = useT().myRsvp;
  const c = view.config;
  return (
    <GuestCard id="details" title={m.eventDetails}>
      <dl className="grid gap-3 text-base sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <Row label={m.date}>{c.eventDate}</Row>
        <Row label={m.time}>{c.eventTime}</Row>
        <Row label={m.venue}>
          <span className="font-semibold">{c.venueName}</span>
          <br />
          {c.venueAddress}
        </Row>
      </dl>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <a href="/my-rsvp/calendar.ics" download="celebration.ics" className={button.primary}>
          <CalendarPlusIcon aria-hidden="true" />
          {m.addToCalendar}
        </a>
        <a href={googleCalendarUrl} target="_blank" rel="noopener noreferrer" className={button.secondary}>
          {m.googleCalendar}
        </a>
      </div>
      <p className="mt-3 text-sm text-muted-foreground">{m.calendarHint}</p>
    </GuestCard>
  );
}
