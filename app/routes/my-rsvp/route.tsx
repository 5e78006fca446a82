import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/route";
import { GuestCard, GuestShell } from "~/components/guest/guest-shell";
import { loadGuestView } from "~/models/guest-view.server";
import { myTravelView } from "~/models/my-travel.server";
import { myTables } from "~/models/seating/my-table.server";
import { TravelCard } from "~/components/guest/travel-card";
import { myRsvpAction } from "./action.server";
import { MyAnswersCard } from "~/components/guest/my-answers-card";
import { EventDetailsCard, EventScheduleCard, RoomsCard, StatusCard, type MyRsvpActionData } from "~/components/guest/my-rsvp-cards";
import { NoticeBox, useNoticeToast, type Notice } from "~/components/guest/notice";
import { PaymentInfo } from "~/components/guest/payment-info";
import { LedgerSummary } from "~/components/guest/ledger-card";
import { epcQrDataUri } from "./payment-qr.server";
import { myRsvpGifts } from "./gifts.server";
import { GiftsCard } from "~/components/guest/gifts/gifts-card";
import { SignInCard, SignInCodeCard } from "~/components/guest/stages";
import type { CodeStep } from "~/components/guest/sign-in-code-card";
import { chosenMethod, myRsvpSignInOptions } from "~/components/guest/sign-in-options";
import { fmt, messagesOfMatches, useT } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import { getLang } from "~/i18n/lang.server";
import { listAnnouncementsFor } from "~/models/announcements.server";
import { getAuthSettings } from "~/models/auth-settings.server";
import { NewsCard } from "~/components/guest/news-card";
import { getEventConfig, localizeEventConfig } from "~/models/event-config.server";
import { rsvpDeadlineState } from "~/models/rsvp-deadline.server";
import { getGuestIdentity } from "~/session.server";
import { googleCalendarUrl, mainEventToCalendar } from "~/utils/calendar";
import { publicOrigin } from "~/utils/origin.server";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  // The root loader's texts (issue 28): a route's meta runs in the browser too, where no catalogue is bundled.
  const t = messagesOfMatches(matches);
  if (!t) return [];
  return [
    { title: `${t.myRsvp.pageTitle} · ${data?.eventTitle ?? t.landing.defaultTitle}${t.common.titleSuffix}` },
    // Lighthouse SEO (issue 8): every audit but is-crawlable passes, so each page has a description.
    { name: "description", content: t.landing.tagline },
  ];
};

/** /my-rsvp: the sign-in card without a session, else the guest's RSVP, rooms, payment, events and details. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = await getLang(request);
  const t = messagesFor(lang);
  const config = localizeEventConfig(getEventConfig(), lang);
  const base = { lang, eventTitle: config.eventTitle, eventDate: config.eventDate };
  const identity = await getGuestIdentity(request);
  const view = identity ? loadGuestView(identity, lang) : null;
  if (!view) {
    const options = myRsvpSignInOptions(getAuthSettings(), t);
    // The deadline at the door (issue 23), not only after sign-in.
    const deadline = rsvpDeadlineState(getEventConfig());
    return { ...base, stage: "auth" as const, options, method: chosenMethod(options, url.searchParams.get("method")), deadline };
  }
  const calendarEvent = mainEventToCalendar({ ...view.config, description: `${publicOrigin()}/my-rsvp` });
  return {
    ...base,
    stage: "view" as const,
    view,
    // Issue 23: only what was addressed to this party or guest, not withdrawn, in the page's language.
    news: listAnnouncementsFor(identity!, lang),
    declining: url.searchParams.get("decline"),
    googleCalendarUrl: googleCalendarUrl(calendarEvent),
    // Issue 25: the SEPA QR code of the balance, with the host's IBAN.
    epcQr: view.epc ? await epcQrDataUri(view.epc) : null,
    // Issue 26: the travel answer and the guest's own pickups.
    travel: myTravelView(identity!, lang),
    // Issue 40: the host's gift funds and the guest's own gifts (no card without them).
    gifts: myRsvpGifts(identity!, lang),
    // Issue 37: "Your table: 7" once the host publishes the plan.
    seating: myTables(identity!, lang),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return myRsvpAction({ request, context, lang: await getLang(request) });
}

type ActionData = MyRsvpActionData & {
  codeStep?: CodeStep;
  notice?: Notice | null;
  failure?: { title: string; description: string };
  result?: SubmissionResult<string[]>;
  travelErrors?: Record<string, string[]>;
  travelDraft?: Record<string, string>;
};

export default function MyRsvpPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const ld = loaderData;
  const answer = (actionData ?? undefined) as ActionData | undefined;
  useNoticeToast(answer?.codeStep ? undefined : answer?.notice);

  if (ld.stage === "auth") {
    return (
      <GuestShell kicker={t.myRsvp.kicker} title={ld.eventTitle} date={ld.eventDate}>
        {answer?.codeStep ? (
          <SignInCodeCard step={answer.codeStep} lastResult={answer.result} failure={answer.failure} notice={answer.notice} />
        ) : ld.method ? (
          <SignInCard
            title={t.myRsvp.viewYourRsvp}
            intro={t.myRsvp.signInIntro}
            options={ld.options}
            method={ld.method}
            submitLabel={t.myRsvp.viewRsvp}
            lastResult={answer?.intent === "sign-in" || !answer?.intent ? answer?.result : undefined}
            failure={answer?.failure}
            disableWhenEmpty
            deadline={ld.deadline}
          />
        ) : (
          <GuestCard title={t.myRsvp.viewYourRsvp}>
            <p role="status" className="rounded-2xl bg-limestone px-5 py-4 text-lg">
              {t.guest.authDisabled}
            </p>
          </GuestCard>
        )}
      </GuestShell>
    );
  }

  const { view } = ld;
  const owed = view.rooms.filter((r) => r.confirmationStatus !== "declined");
  return (
    <GuestShell kicker={t.myRsvp.kicker} title={ld.eventTitle} date={ld.eventDate} signedIn>
      <NoticeBox notice={answer?.notice} />
      <p className="mb-6 text-center font-display text-3xl font-semibold text-ink">{fmt(t.myRsvp.hello, { name: view.name })}</p>
      {/* Issue 38: the days themselves, on one page kept on the phone. */}
      <p className="mb-6 text-center text-lg">
        <a href="/my-weekend" className="font-semibold text-wine underline underline-offset-4">
          {t.myRsvp.myWeekend}
        </a>
      </p>
      <div className="space-y-6">
        {ld.news.length ? <NewsCard items={ld.news} /> : null}
        <StatusCard view={view} />
        {ld.seating.map((s) => (
          <GuestCard key={s.title} title={s.title}>
            <p className="font-display text-2xl font-semibold text-ink">{fmt(t.myRsvp.yourTable, { table: s.tables.join(" & ") })}</p>
          </GuestCard>
        ))}
        {view.kind === "party" && view.rooms.length ? <RoomsCard rooms={view.rooms} declining={ld.declining} actionData={answer} /> : null}
        {view.kind === "party" && owed.length ? (
          <GuestCard id="payment" title={t.guest.paymentInformation}>
            <PaymentInfo summary={view.owed} code={view.code} reference={view.reference} payment={view.payment} />
            {view.ledger ? (
              <div className="mt-8">
                <LedgerSummary ledger={view.ledger} deadline={view.owed.deadline} qr={ld.epcQr} holder={view.payment?.bank?.holder ?? null} />
              </div>
            ) : null}
          </GuestCard>
        ) : null}
        <EventScheduleCard key={JSON.stringify(view.eventAnswers)} view={view} />
        <MyAnswersCard
          view={view}
          errors={answer?.intent === "answers-save" ? answer.result?.error : null}
          draft={answer?.intent === "answers-save" ? (answer.result?.initialValue as Record<string, unknown>) : null}
        />
        <TravelCard view={ld.travel} errors={answer?.intent === "travel-save" ? answer.travelErrors : null} draft={answer?.intent === "travel-save" ? answer.travelDraft : null} />
        {ld.gifts ? <GiftsCard gifts={ld.gifts} /> : null}
        <EventDetailsCard view={view} googleCalendarUrl={ld.googleCalendarUrl} />
      </div>
    </GuestShell>
  );
}
