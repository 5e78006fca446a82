import { useEffect, useState } from "react";
import { getFormProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ArrowLeftIcon, HeartIcon, SendIcon, XCircleIcon } from "./icons";
import { ErrorList, Field, TextareaField } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { fmt, useT } from "~/i18n";
import { splitIntent } from "~/schemas/guest-rsvp-intents";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";
import { isRealSubmit, sectionAction } from "./submitter";
import { loadValidation, validateLazily } from "./lazy-validation";
import { EventChoices } from "./event-choices";
import { GuestCard } from "./guest-shell";
import type { GuestView } from "~/models/guest-view.server";
import { DeadlineNote } from "./deadline-note";
import { MembersSection, type MemberDraft } from "./members-section";
import { NoticeBox, useNoticeToast, type Notice } from "./notice";
import { RoomsSection } from "./rooms-section";
import { QuestionsSection } from "./questions-section";
import { button, control } from "./styles";

export const RSVP_FORM_ID = "rsvp-form";

export type RsvpActionData = {
  result?: SubmissionResult<string[]>;
  notice?: Notice | null;
  /** Without JavaScript: which step the answer opens (a member editor, a room's decline). */
  open?: { kind: "member" | "decline"; id: string } | null;
  /** With JavaScript: the open step is done and its dialog closes. */
  close?: boolean;
  /** The section whose button was pressed: its message shows there (no JavaScript). */
  where?: "rooms" | "members";
};

/**
 * Blur validation has no submit button to name the intent: an open step's
 * fields say which one is being filled in.
 */
function withIntent(formData: FormData) {
  if (formData.get("intent")) return splitIntent(formData);
  const copy = splitIntent(formData);
  copy.set("intent", formData.has("reason") ? "room-decline" : formData.has("memberFirstName") ? "member-save" : "submit");
  return copy;
}

/** One checked box comes back from a form as a string, several as a list. */
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === "string" && value ? [value] : []);

export function RsvpFormStage({ view, actionData }: { view: GuestView; actionData?: RsvpActionData }) {
  const t = useT();
  const g = t.guest;
  const r = t.rsvp;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const isParty = view.kind === "party";
  const rsvp = view.rsvp;
  const pendingRooms = view.rooms.filter((room) => room.confirmationStatus === "pending").length;

  const [form, fields] = useForm({
    id: RSVP_FORM_ID,
    lastResult: actionData?.result,
    defaultValue: {
      attending: rsvp && !rsvp.attending ? "no" : "yes",
      adultsCount: String(rsvp?.adultsCount ?? 1),
      kidsCount: String(rsvp?.kidsCount ?? 0),
      babiesCount: String(rsvp?.babiesCount ?? 0),
      dietaryRestrictions: rsvp?.dietaryRestrictions ?? "",
      messageToHost: rsvp?.messageToHost ?? "",
      events: view.events.filter((e) => view.eventAnswers[e.id]).map((e) => e.id),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate(args) {
      return validateLazily(
        args,
        (v) => {
          const data = withIntent(args.formData);
          const submission = v.parseWithZod(data, { schema: v.rsvpFormSchema(g, r) });
          if (isRealSubmit(args.submitter) && submission.status !== "success") {
            const intent = data.get("intent");
            if (intent === "submit" && pendingRooms > 0 && data.get("attending") !== "no") {
              toast({ title: g.roomDecisionRequired, description: g.roomDecisionRequiredText, type: "error" });
            } else if (intent === "room-decline") {
              toast({ title: g.reasonRequired, description: g.reasonRequiredText, type: "error" });
            }
          }
          return submission;
        },
        (name) => form.validate({ name }),
      );
    },
  });
  // The union's variants each have their own fields; the page reads them by name.
  const f = fields as unknown as Record<string, FieldMetadata<string>>;

  // JavaScript: dialogs open from local state. Without: from the server's answer.
  const [declining, setDeclining] = useState<string | null>(null);
  const [editingMember, setEditingMember] = useState<string | null>(null);
  useEffect(() => {
    if (actionData?.close) {
      setDeclining(null);
      setEditingMember(null);
    }
  }, [actionData]);
  useNoticeToast(actionData?.notice);
  const serverOpen = actionData?.open;
  const openDecline = hydrated ? declining : serverOpen?.kind === "decline" ? serverOpen.id : null;
  const openMember = hydrated ? editingMember : serverOpen?.kind === "member" ? serverOpen.id : null;

  // A failed step (no JavaScript) comes back with what was typed in it.
  const submitted = (actionData?.result?.initialValue ?? {}) as Record<string, unknown>;
  const memberDraft: MemberDraft | null =
    !hydrated && serverOpen?.kind === "member" && submitted.memberFirstName !== undefined ? (submitted as MemberDraft) : null;
  const draftReason = !hydrated && typeof submitted.reason === "string" ? submitted.reason : null;

  const [attending, setAttending] = useState(fields.attending.initialValue !== "no");
  const [counts, setCounts] = useState(() => ({
    adultsCount: Number(fields.adultsCount.initialValue ?? 1) || 1,
    kidsCount: Number(fields.kidsCount.initialValue ?? 0) || 0,
    babiesCount: Number(fields.babiesCount.initialValue ?? 0) || 0,
  }));
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "submit";

  return (
    <>
      <NoticeBox notice={actionData?.where ? null : actionData?.notice} />
      <GuestCard className="text-center">
        <p className="font-display text-4xl leading-tight font-semibold text-wine">
          {fmt(isParty ? r.welcomeParty : r.welcomeGuest, { name: view.name })}
        </p>
        <p className="mx-auto mt-3 max-w-md text-lg text-ink/85">{r.formIntro}</p>
        <DeadlineNote deadline={view.deadline} className="mt-4" />
        <Link to="/rsvp?step=auth" className={cn(button.quiet, "mt-4")}>
          <ArrowLeftIcon aria-hidden="true" />
          {r.back}
        </Link>
      </GuestCard>

      <Form method="post" {...getFormProps(form)} onFocus={loadValidation} className="mt-6 space-y-6">
        <input type="hidden" name="pendingRooms" value={pendingRooms} />
        {isParty ? null : <input type="hidden" name="individual" value="1" />}

        {isParty ? (
          <MembersSection
            formId={RSVP_FORM_ID}
            members={view.members}
            editing={openMember}
            onEdit={setEditingMember}
            fields={{
              memberFirstName: f.memberFirstName!,
              memberLastName: f.memberLastName!,
              memberEmail: f.memberEmail!,
              memberPhone: f.memberPhone!,
              memberAgeCategory: f.memberAgeCategory!,
            }}
            draft={memberDraft}
            notice={actionData?.where === "members" ? actionData.notice : null}
          />
        ) : null}

        <GuestCard id="answer" title={r.attendingLegend}>
          <fieldset>
            <legend className="sr-only">{r.attendingLegend}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {[
                { value: "yes", label: r.attendingYes, Icon: HeartIcon },
                { value: "no", label: r.attendingNo, Icon: XCircleIcon },
              ].map(({ value, label, Icon }) => (
                <label
                  key={value}
                  className="flex min-h-16 cursor-pointer items-center gap-3 rounded-2xl bg-white px-4 py-3 text-lg font-semibold ring-1 ring-ink/20 transition has-[:checked]:bg-wine/5 has-[:checked]:ring-2 has-[:checked]:ring-wine has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-wine/40"
                >
                  <input
                    type="radio"
                    name={fields.attending.name}
                    value={value}
                    defaultChecked={(fields.attending.initialValue ?? "yes") === value}
                    onChange={() => setAttending(value === "yes")}
                    className="size-5 accent-wine"
                  />
                  <Icon aria-hidden="true" className="size-5 text-wine" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>

          {isParty ? null : (
            <fieldset className="mt-8" aria-describedby="guest-total">
              <legend className="mb-3 font-display text-2xl font-semibold">{r.guestCount}</legend>
              <div className="grid grid-cols-3 gap-3">
                {(
                  [
                    ["adultsCount", r.adults, 1],
                    ["kidsCount", r.kids, 0],
                    ["babiesCount", r.babies, 0],
                  ] as const
                ).map(([name, label, min]) => (
                  <Field
                    key={name}
                    labelProps={{ children: label, className: "text-sm font-semibold sm:text-base" }}
                    inputProps={{
                      id: fields[name].id,
                      name,
                      type: "number",
                      inputMode: "numeric",
                      min,
                      max: 10,
                      step: 1,
                      defaultValue: String(fields[name].initialValue ?? min),
                      onInput: (e: React.FormEvent<HTMLInputElement>) => {
                        const n = Number.parseInt(e.currentTarget.value, 10);
                        setCounts((c) => ({ ...c, [name]: Number.isFinite(n) ? n : min }));
                      },
                      className: cn(control, "h-12 text-center text-lg"),
                    }}
                    errors={fields[name].errors}
                  />
                ))}
              </div>
              <p id="guest-total" className="font-semibold text-ink/80">
                {fmt(r.totalGuests, { total: attending ? counts.adultsCount + counts.kidsCount + counts.babiesCount : 1 })}
              </p>
            </fieldset>
          )}

          <TextareaField
            className="mt-8"
            labelProps={{ children: r.dietary, className: "text-base font-semibold" }}
            textareaProps={{
              ...getTextareaProps(fields.dietaryRestrictions),
              placeholder: r.dietaryPlaceholder,
              className: cn(control, "min-h-24 py-3"),
            }}
            errors={fields.dietaryRestrictions.errors}
          />

          <EventChoices
            className="mt-4"
            title={g.celebrationEvents}
            intro={r.eventsIntro}
            events={view.events}
            name={fields.events.name}
            checked={new Set(asList(fields.events.initialValue))}
          />

          {/* Issue 24: the host's own questions, per person and per invitation. */}
          <QuestionsSection
            className="mt-8"
            questions={view.questions}
            people={isParty ? view.members : []}
            events={view.events}
            eventAnswers={view.eventAnswers}
            errors={actionData?.result?.error}
            draft={actionData?.result?.initialValue as Record<string, unknown> | undefined}
            formId={RSVP_FORM_ID}
          />

          <TextareaField
            className="mt-8"
            labelProps={{ children: r.message, className: "text-base font-semibold" }}
            textareaProps={{
              ...getTextareaProps(fields.messageToHost),
              placeholder: r.messagePlaceholder,
              className: cn(control, "min-h-28 py-3"),
            }}
            errors={fields.messageToHost.errors}
          />
        </GuestCard>

        {isParty && view.rooms.length ? (
          <RoomsSection
            formId={RSVP_FORM_ID}
            rooms={view.rooms}
            owed={view.owed}
            intro={view.config.roomConfirmationMessage}
            code={view.code}
            reference={view.reference}
            payment={view.payment}
            declining={openDecline}
            onDecline={setDeclining}
            reasonField={f.reason!}
            draftReason={draftReason}
            notice={actionData?.where === "rooms" ? actionData.notice : null}
          />
        ) : null}

        <div id="submit" className="scroll-mt-6 rounded-3xl bg-wine-dark px-5 py-7 text-center text-white sm:px-9">
          <div aria-live="polite" className="min-h-6">
            <ErrorList
              id={form.errorId}
              errors={form.errors}
              className="mb-4 rounded-xl bg-white px-4 py-3 text-left [&_li]:text-base [&_li]:font-semibold"
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="submit"
            formAction={sectionAction(hydrated, location, "submit")}
            className={cn(button.primary, "bg-white text-wine hover:bg-limestone focus-visible:ring-white/60 sm:min-w-64")}
            disabled={submitting}
          >
            <SendIcon aria-hidden="true" />
            {submitting ? r.submitting : r.submit}
          </button>
        </div>
      </Form>
    </>
  );
}
