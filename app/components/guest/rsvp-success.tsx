import type { MyTravelView } from "~/models/my-travel.server";
import { TravelCard } from "./travel-card";
import { Link } from "react-router";
import { HomeIcon, MailCheckIcon, SparklesIcon } from "./icons";
import { useT } from "~/i18n";
import { GuestCard } from "./guest-shell";
import type { GuestView } from "~/models/guest-view.server";
import { PaymentInfo } from "./payment-info";
import { button } from "./styles";

/** Stage 3: thanks, the e-mail note, and payment information for an attending party with rooms. */
export function RsvpSuccessStage({ view, travel }: { view: GuestView; travel?: MyTravelView | null }) {
  const t = useT();
  const r = t.rsvp;
  const attending = !!view.rsvp?.attending;
  const showPayment = attending && view.kind === "party" && view.rooms.some((room) => room.confirmationStatus !== "declined");
  return (
    <div className="space-y-6">
      <GuestCard id="thanks" className="text-center">
        <SparklesIcon aria-hidden="true" className="mx-auto size-10 text-terracotta" />
        <h2 className="mt-3 font-display text-5xl font-semibold text-wine">{r.thankYou}</h2>
        <p className="mt-3 text-xl font-semibold">{r.received}</p>
        <p className="mx-auto mt-2 max-w-md text-lg text-ink/85">{attending ? r.attendingSummary : r.notAttendingSummary}</p>
        <p className="mx-auto mt-5 flex max-w-md items-center justify-center gap-2 rounded-2xl bg-cream px-4 py-3 text-base">
          <MailCheckIcon aria-hidden="true" className="size-5 shrink-0 text-olive" />
          {r.emailNote}
        </p>
      </GuestCard>

      {showPayment ? (
        <GuestCard id="payment" title={t.guest.paymentInformation}>
          <PaymentInfo summary={view.owed} code={view.code} reference={view.reference} payment={view.payment} />
        </GuestCard>
      ) : null}

      {/* Issue 26: once attending, the travel questions (the form posts to /my-rsvp). */}
      {attending && travel ? <TravelCard view={travel} /> : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/my-rsvp" className={button.primary}>
          {r.viewMyRsvp}
        </Link>
        <Link to="/" className={button.secondary}>
          <HomeIcon aria-hidden="true" />
          {r.backToHome}
        </Link>
      </div>
    </div>
  );
}
