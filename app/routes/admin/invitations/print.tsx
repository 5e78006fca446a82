import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ArrowLeftIcon, CheckIcon, PrinterIcon } from "lucide-react";
import type { Route } from "./+types/print";
import { useActionToast } from "~/components/admin/action-toast";
import { Button, buttonVariants } from "~/components/ui/button";
import { messagesFor } from "~/i18n/messages";
import { getEventConfig } from "~/models/event-config.server";
import { invitationTexts, markInvited, printCards, resolveInviteeIds } from "~/models/invitations.server";
import { markPrintedSchema } from "~/schemas/invitations";
import { redirectWithToast, requireAdminPage, requireAdminPagePerson } from "~/session.server";
import { mayReadGuestCredentials } from "~/models/roles.server";
import { CREDENTIALS_WITHHELD } from "~/components/admin/party/invite-card";
import { isAppError } from "~/utils/errors";
import { useHydrated } from "~/utils/hydrated";
import { publicOrigin } from "~/utils/origin.server";
import { inviteQrDataUri } from "../invite-link.server";

export const meta: Route.MetaFunction = () => [{ title: "Invitation cards | Party Admin" }];

/** `?ids=a,b,c` (or `ids` repeated, as the Invitations form sends them); none: everyone not yet invited. */
function idsOf(url: URL) {
  return url.searchParams.getAll("ids").flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
}

export async function loader({ request }: Route.LoaderArgs) {
  const person = await requireAdminPagePerson(request);
  // Issue 33: a viewer's cards carry no code and no QR code (the fields are absent).
  const showCodes = mayReadGuestCredentials(person);
  const url = new URL(request.url);
  const ids = idsOf(url);
  const origin = publicOrigin();
  const config = getEventConfig();
  const chosen = ids.length ? resolveInviteeIdsOr404(ids) : {};
  const cards = await Promise.all(
    printCards({ ...chosen, origin }).map(async (c) => {
      const t = messagesFor(c.language).invitations;
      const texts = invitationTexts(config, c.language);
      return {
        id: c.id,
        name: c.name,
        language: c.language,
        ...(showCodes ? { code: c.code, qr: await inviteQrDataUri(c.link) } : {}),
        title: texts.title,
        date: texts.date,
        venue: texts.venueName,
        invited: t.cardInvited,
        scan: t.cardScan,
        codeLabel: t.cardCode,
      };
    }),
  );
  const short = `${origin.replace(/^https?:\/\//, "")}/rsvp`;
  return { cards, short, chosen: ids.length > 0, showCodes };
}

function resolveInviteeIdsOr404(ids: string[]) {
  try {
    return resolveInviteeIds(ids);
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const submission = parseWithZod(await request.formData(), { schema: markPrintedSchema });
  const back = new URL(request.url);
  if (submission.status !== "success") {
    return data({ toast: { type: "error" as const, title: "Nothing marked", description: "No cards to mark." } }, { status: 400 });
  }
  try {
    const { marked } = markInvited({ ...resolveInviteeIds(submission.value.ids), via: "print" });
    return redirectWithToast(request, `${back.pathname}${back.search}`, {
      type: "success",
      title: "Marked as invited",
      description: `${marked.length} marked as invited by printed card.`,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ toast: { type: "error" as const, title: "Error", description: error.message } }, { status: error.status });
  }
}

type Card = Route.ComponentProps["loaderData"]["cards"][number];

export default function PrintCards({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, short, chosen, showCodes } = loaderData;
  useActionToast(actionData);
  const hydrated = useHydrated();
  const sheets: Card[][] = [];
  for (let i = 0; i < cards.length; i += 4) sheets.push(cards.slice(i, i + 4));
  return (
    <div className="min-h-dvh bg-muted/40 print:min-h-0 print:bg-white">
      {/* A4, four cards a page; the screen shows the same sheets, smaller. */}
      <style>{`@page { size: A4; margin: 0; } @media print { html, body { background: #fff !important; } }`}</style>
      <header className="mx-auto flex max-w-4xl flex-col gap-3 px-4 py-5 print:hidden">
        <Link to="/admin/invitations" className={buttonVariants({ variant: "ghost", size: "sm", className: "self-start" })}>
          <ArrowLeftIcon aria-hidden="true" /> Back to Invitations
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">Invitation cards</h1>
        <p className="text-sm text-muted-foreground">
          {cards.length} {cards.length === 1 ? "card" : "cards"}
          {chosen ? " for the chosen invitees" : " for everyone not yet invited"}, four to an A4 page. Print this page
          {hydrated ? "" : " with your browser's Print command (Ctrl+P or ⌘P)"}, then mark them as invited.
        </p>
        {showCodes ? null : <p role="note" className="text-sm font-medium">{`${CREDENTIALS_WITHHELD} These cards are shown without them.`}</p>}
        <div className="flex flex-col gap-2 sm:flex-row">
          {hydrated ? (
            <Button type="button" onClick={() => window.print()}>
              <PrinterIcon aria-hidden="true" /> Print
            </Button>
          ) : null}
          {cards.length ? (
            <Form method="post" preventScrollReset>
              {cards.map((c) => (
                <input key={c.id} type="hidden" name="ids" value={c.id} />
              ))}
              <Button type="submit" variant="outline" className="w-full sm:w-auto">
                <CheckIcon aria-hidden="true" /> Mark as invited (print)
              </Button>
            </Form>
          ) : null}
        </div>
      </header>
      <main className="flex flex-col items-center gap-6 px-4 pb-10 print:block print:p-0">
        {cards.length === 0 ? <p className="text-sm text-muted-foreground">Everyone has been invited: no cards to print.</p> : null}
        {sheets.map((sheet, n) => (
          <section
            key={n}
            aria-label={`Page ${n + 1}`}
            className="grid w-full max-w-[210mm] grid-cols-1 gap-4 bg-white p-4 shadow-sm sm:grid-cols-2 print:h-[297mm] print:w-[210mm] print:max-w-none print:grid-cols-2 print:grid-rows-2 print:gap-0 print:p-[8mm] print:shadow-none print:break-after-page print:last:break-after-auto"
          >
            {sheet.map((c) => (
              <article
                key={c.id}
                lang={c.language}
                className="flex flex-col items-center justify-center gap-2 rounded-md border border-dashed border-stone-300 px-4 py-6 text-center text-[#1f1a17] print:rounded-none print:py-0"
              >
                <p className="text-xs tracking-[0.2em] text-[#6b1f2e] uppercase">{c.invited}</p>
                <h2 className="font-display text-2xl leading-tight font-semibold text-[#6b1f2e] print:text-3xl">{c.name}</h2>
                <p className="text-sm print:text-base">
                  {c.title}
                  <br />
                  {c.date} · {c.venue}
                </p>
                {c.qr ? (
                  <img src={c.qr} alt={`QR code of the invitation link for ${c.name}`} width={140} height={140} className="size-[35mm] min-h-28 min-w-28 print:size-[45mm]" />
                ) : null}
                <p className="text-xs text-stone-600">
                  {c.scan} <span className="font-medium text-[#1f1a17]">{short}</span>
                </p>
                {c.code ? (
                  <p className="text-xs text-stone-600">
                    {c.codeLabel}: <span className="font-mono text-base font-semibold tracking-wider text-[#1f1a17]">{c.code}</span>
                  </p>
                ) : null}
              </article>
            ))}
          </section>
        ))}
      </main>
    </div>
  );
}
