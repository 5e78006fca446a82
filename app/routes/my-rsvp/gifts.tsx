import { redirect } from "react-router";
import type { Route } from "./+types/gifts";
import { FundSummary } from "~/components/guest/gifts/fund-card";
import { GiftTransferBox } from "~/components/guest/gifts/gift-transfer";
import { GiveForm } from "~/components/guest/gifts/give-form";
import { MyGifts } from "~/components/guest/gifts/my-gifts";
import { GuestCard, GuestShell } from "~/components/guest/guest-shell";
import { fmt, messagesOfMatches, useT } from "~/i18n";
import { getLang } from "~/i18n/lang.server";
import { getEventConfig, localizeEventConfig } from "~/models/event-config.server";
import { getGuestIdentity } from "~/session.server";
import { giftsPageView, pledgeFromForm } from "./gifts.server";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = messagesOfMatches(matches);
  if (!t) return [];
  return [{ title: `${t.gifts.title} · ${data?.eventTitle ?? t.landing.defaultTitle}${t.common.titleSuffix}` }, { name: "description", content: t.gifts.intro }];
};

/** Issue 40: giving, a page of its own (signed-in guests; others sign in on /my-rsvp). */
export async function loader({ request }: Route.LoaderArgs) {
  const identity = await getGuestIdentity(request);
  if (!identity) throw redirect("/my-rsvp");
  const lang = await getLang(request);
  const config = localizeEventConfig(getEventConfig(), lang);
  return { eventTitle: config.eventTitle, eventDate: config.eventDate, ...(await giftsPageView(identity, lang, new URL(request.url))) };
}

export async function action({ request }: Route.ActionArgs) {
  const identity = await getGuestIdentity(request);
  if (!identity) throw redirect("/my-rsvp");
  return pledgeFromForm(request, identity, await getLang(request));
}

export default function GiftsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const g = t.gifts;
  const ld = loaderData;
  return (
    <GuestShell kicker={g.title} title={ld.eventTitle} date={ld.eventDate} signedIn>
      <div className="space-y-6">
        {ld.transfer ? (
          <GuestCard title={g.pledged} description={fmt(g.pledgedText, { reference: ld.transfer.reference })}>
            <GiftTransferBox transfer={ld.transfer} qr={ld.qr} />
          </GuestCard>
        ) : ld.pledgedReference ? (
          <GuestCard title={g.pledged} description={fmt(g.pledgedText, { reference: ld.pledgedReference })}>
            <p role="status">{g.noBank}</p>
          </GuestCard>
        ) : null}
        <GuestCard title={g.allGifts} description={g.intro}>
          {actionData?.failure ? (
            <p role="alert" className="mb-4 rounded-xl bg-terracotta/10 px-4 py-3 font-semibold">
              {actionData.failure}
            </p>
          ) : null}
          <div className="space-y-8">
            {ld.funds.map((f) => (
              <FundSummary key={f.id} fund={f} />
            ))}
            {ld.funds.length ? <GiveForm funds={ld.funds} suggested={ld.suggested} fundId={ld.fundId} errors={actionData?.errors} /> : null}
            <MyGifts gifts={ld.gifts} />
          </div>
        </GuestCard>
      </div>
    </GuestShell>
  );
}
