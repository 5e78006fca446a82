import { useEffect } from "react";
import { data, Link, redirect, useNavigate, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/route";
import { GuestShell } from "~/components/guest/guest-shell";
import { loadGuestView } from "~/models/guest-view.server";
import { myTravelView } from "~/models/my-travel.server";
import { useNoticeToast, type Notice } from "~/components/guest/notice";
import { rsvpAction } from "./action.server";
import { RsvpFormStage, type RsvpActionData } from "~/components/guest/rsvp-form";
import { loadRsvpSuccess, RsvpSuccessStage, SignInCard, SignInCodeCard, SwitchInvitationCard } from "~/components/guest/stages";
import { chosenMethod, rsvpSignInOptions } from "~/components/guest/sign-in-options";
import { lookUpInvitation, signInByEmailToken, startGuestSession } from "./sign-in.server";
import { emailLinkOwner, switchQuestion } from "./switch.server";
import type { CodeStep } from "~/components/guest/sign-in-code-card";
import { GuestCard } from "~/components/guest/guest-shell";
import { button } from "~/components/guest/styles";
import { messagesOfMatches, useT } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import { getLang, langCookieFromUrl } from "~/i18n/lang.server";
import { getAuthSettings } from "~/models/auth-settings.server";
import { getEventConfig, localizeEventConfig } from "~/models/event-config.server";
import { rsvpDeadlineState } from "~/models/rsvp-deadline.server";
import { guestSessionData } from "~/models/guest-auth.server";
import { getGuestIdentity, redirectWithToast } from "~/session.server";
import type { SubmissionResult } from "@conform-to/react";
import type { RsvpDeadlineState } from "~/utils/rsvp-deadline";

/** SPEC.md 9: after a fresh sign-in, a guest who has answered moves on after 1.5 s. */
const REDIRECT_DELAY_MS = 1500;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  // The root loader's texts (issue 28): a route's meta runs in the browser too, where no catalogue is bundled.
  const t = messagesOfMatches(matches);
  if (!t) return [];
  return [
    { title: `${t.rsvp.pageTitle} · ${data?.eventTitle ?? t.landing.defaultTitle}${t.common.titleSuffix}` },
    // Lighthouse SEO (issue 8): every audit but is-crawlable passes, so each page has a description.
    { name: "description", content: t.landing.tagline },
  ];
};

/**
 * /rsvp: sign in, answer, thank you (SPEC.md 2). The stage follows from the
 * session and the URL: no session or ?step=auth → sign-in; ?step=done → thanks;
 * otherwise the form, unless the guest has answered (then My RSVP, or the
 * form again with ?edit=1). ?code=X signs in here, on the server.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = await getLang(request);
  const t = messagesFor(lang);
  const config = localizeEventConfig(getEventConfig(), lang);
  const base = { lang, eventTitle: config.eventTitle, eventDate: config.eventDate };
  const alreadyAnswered: Notice = { type: "success", title: t.guest.alreadyAnswered, description: t.guest.alreadyAnsweredText };

  // The one-click link of the sign-in mail (issue 15): single use, like the code it carries.
  const emailToken = url.searchParams.get("email-token");
  if (emailToken !== null) {
    const owner = emailLinkOwner(emailToken);
    const question = owner && (await switchQuestion(request, owner, { emailToken }));
    if (question) return { ...base, stage: "switch" as const, question, signedIn: true };
    const found = signInByEmailToken({ token: emailToken, t });
    if ("identity" in found) {
      const answered = !!guestSessionData(found.identity)?.data.rsvp;
      throw redirect(answered ? "/my-rsvp" : "/rsvp", {
        headers: await startGuestSession(request, found.identity, answered ? alreadyAnswered : undefined),
      });
    }
    const { status, headers, ...failure } = found.failure;
    return data({ ...base, stage: "auth" as const, ...authStage(url, t), failure, defaultIdentifier: "" }, { status, headers });
  }

  const code = url.searchParams.get("code");
  if (code !== null) {
    const found = lookUpInvitation({ context, method: "code", identifier: code, page: "rsvp", t });
    if ("identity" in found) {
      const question = await switchQuestion(request, found.identity, { code });
      if (question) return { ...base, stage: "switch" as const, question, signedIn: true };
      const answered = !!guestSessionData(found.identity)?.data.rsvp;
      // The code leaves the address bar (and the history) once it has done its job.
      const headers = await startGuestSession(request, found.identity, answered ? alreadyAnswered : undefined);
      // An invite link with ?lang=pt keeps its language past this redirect (issue 18).
      const langCookie = await langCookieFromUrl(request);
      if (langCookie) headers.append("Set-Cookie", langCookie);
      throw redirect(answered ? "/my-rsvp" : "/rsvp", { headers });
    }
    const { status, headers, ...failure } = found.failure;
    return data(
      { ...base, stage: "auth" as const, ...authStage(url, t), failure, defaultIdentifier: code, method: "code" as const },
      { status, headers },
    );
  }

  const identity = await getGuestIdentity(request);
  const view = identity ? loadGuestView(identity, lang) : null;
  const step = url.searchParams.get("step");
  if (!view || step === "auth") {
    return { ...base, stage: "auth" as const, ...authStage(url, t), failure: null, defaultIdentifier: "", signedIn: !!view };
  }
  if (step === "done") {
    if (!view.rsvp) throw redirect("/rsvp");
    return { ...base, stage: "done" as const, view, signedIn: true, travel: myTravelView(identity!, lang) };
  }
  if (view.rsvp && !url.searchParams.has("edit")) throw await redirectWithToast(request, "/my-rsvp", alreadyAnswered);
  return { ...base, stage: "form" as const, view, signedIn: true };
}

function authStage(url: URL, t: ReturnType<typeof messagesFor>) {
  const options = rsvpSignInOptions(getAuthSettings(), t);
  // The deadline at the door (issue 23), not only after sign-in.
  return { options, method: chosenMethod(options, url.searchParams.get("method")), deadline: rsvpDeadlineState(getEventConfig()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return rsvpAction({ request, context, lang: await getLang(request) });
}

/** While the page waits to move on to My RSVP, its loader must not redirect first. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === "object" && "redirectTo" in actionResult) return false;
  return defaultShouldRevalidate;
}

type SignInActionData = {
  result?: SubmissionResult<string[]>;
  failure?: { title: string; description: string };
  redirectTo?: string;
  notice?: Notice;
  codeStep?: CodeStep;
};

export default function RsvpPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const ld = loaderData;
  const signIn = (actionData ?? undefined) as SignInActionData | undefined;
  const sending = useNavigation().state === "submitting" && ld.stage === "form";
  useEffect(() => {
    // A warm-up only: if it fails, the stage asks again when shown.
    if (sending) loadRsvpSuccess().catch(() => {});
  }, [sending]);
  return (
    <GuestShell kicker={t.rsvp.kicker} title={ld.eventTitle} date={ld.eventDate} signedIn={"signedIn" in ld && !!ld.signedIn}>
      {ld.stage === "auth" ? (
        <AuthStage
          options={ld.options}
          method={ld.method}
          failure={signIn?.failure ?? ld.failure}
          lastResult={signIn?.result}
          defaultIdentifier={ld.defaultIdentifier}
          redirectTo={signIn?.redirectTo}
          notice={signIn?.notice}
          codeStep={signIn?.codeStep}
          deadline={ld.deadline}
        />
      ) : ld.stage === "switch" ? (
        <SwitchInvitationCard {...ld.question} />
      ) : ld.stage === "form" ? (
        <RsvpFormStage view={ld.view} actionData={actionData as RsvpActionData | undefined} />
      ) : (
        <RsvpSuccessStage view={ld.view} travel={ld.travel} />
      )}
    </GuestShell>
  );
}

function AuthStage({
  options,
  method,
  failure,
  lastResult,
  defaultIdentifier,
  redirectTo,
  notice,
  codeStep,
  deadline,
}: {
  options: ReturnType<typeof rsvpSignInOptions>;
  method: ReturnType<typeof chosenMethod>;
  failure: { title: string; description: string } | null | undefined;
  lastResult?: SubmissionResult<string[]>;
  defaultIdentifier: string;
  redirectTo?: string;
  notice?: Notice;
  codeStep?: CodeStep;
  deadline: RsvpDeadlineState;
}) {
  const t = useT();
  const navigate = useNavigate();
  useNoticeToast(codeStep ? undefined : notice);
  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => navigate(redirectTo), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  if (!method) {
    return (
      <GuestCard title={t.rsvp.authTitle}>
        <p role="status" className="rounded-2xl bg-limestone px-5 py-4 text-lg">
          {t.guest.authDisabled}
        </p>
        <p className="mt-6 text-center">
          <Link to="/" className={button.quiet}>
            {t.common.backToHome}
          </Link>
        </p>
      </GuestCard>
    );
  }
  if (codeStep) {
    return <SignInCodeCard step={codeStep} lastResult={lastResult} failure={failure} notice={notice} waiting={!!redirectTo} />;
  }
  return (
    <SignInCard
      title={t.rsvp.authTitle}
      intro={t.rsvp.authIntro}
      options={options}
      method={method}
      submitLabel={t.guest.continue}
      lastResult={lastResult}
      defaultIdentifier={defaultIdentifier}
      failure={failure}
      waiting={!!redirectTo}
      deadline={deadline}
    />
  );
}
