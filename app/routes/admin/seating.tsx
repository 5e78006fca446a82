import { data, Form, Link } from "react-router";
import type { Route } from "./+types/seating";
import { useActionToast } from "~/components/admin/action-toast";
import { useCanWrite } from "~/components/admin/admin-role";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { pageOf, Pagination } from "~/components/admin/pagination";
import { WarningsPanel } from "~/components/admin/warnings-panel";
import { SeatingRules } from "~/components/admin/seating/seating-rules";
import { SeatingTables } from "~/components/admin/seating/seating-tables";
import { PartyList } from "~/components/admin/seating/party-list";
import { useSeatDrag } from "~/components/admin/seating/seat-drag";
import { urlWithout } from "~/components/admin/url-state";
import { buttonVariants } from "~/components/ui/button";
import { chosenEventId, seatingEvents, seatingPageView } from "~/models/seating/board.server";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { addRule, addTable, applyFromForm, lock, move, propose, publish, removeRule, removeTable, saveTable, swap } from "./seating-actions.server";

export const meta: Route.MetaFunction = () => [{ title: "Seating | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const events = seatingEvents();
  const eventId = chosenEventId(url.searchParams.get("event"));
  if (!eventId) return { events, eventId: null, board: null, party: null, edit: null, rules: false, pagination: null, swapping: null };
  const party = url.searchParams.get("party");
  const rules = url.searchParams.has("rules");
  const view = seatingPageView(eventId, { party, rules });
  // 50 parties a page (decision 080: the page under 100 KB at 250 guests, as Travel's, decision 068).
  const { rows, pagination } = pageOf(view.parties, url);
  const swapping = view.parties.find((p) => p.partyId === url.searchParams.get("swap")) ?? null;
  return { events, eventId, board: { ...view, parties: rows }, party, edit: url.searchParams.get("edit"), rules, pagination, swapping };
}

const DONE: Record<string, string> = {
  apply: "Plan saved",
  move: "Seats changed",
  swap: "Seats swapped",
  lock: "Locks changed",
  publish: "Publishing changed",
  "table-add": "Table added",
  "table-save": "Table saved",
  "table-delete": "Table deleted",
  "rule-add": "Rule added",
  "rule-delete": "Rule deleted",
};

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const eventId = chosenEventId(new URL(request.url).searchParams.get("event")) ?? "";
  try {
    if (intent === "propose") return propose(eventId, form);
    if (intent === "apply") applyFromForm(eventId, form);
    else if (intent === "move") move(eventId, form);
    else if (intent === "swap") swap(eventId, form);
    else if (intent === "lock") lock(eventId, form);
    else if (intent === "publish") publish(eventId, form);
    else if (intent === "table-add") addTable(eventId, form);
    else if (intent === "table-save") saveTable(form);
    else if (intent === "table-delete") removeTable(form);
    else if (intent === "rule-add") addRule(eventId, form);
    else if (intent === "rule-delete") removeRule(form);
    else return data({ error: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: error.message, toast: { type: "error" as const, title: "Not saved", description: error.message } }, { status: error.status });
  }
  return redirectWithToast(request, urlWithout(request.url, ["edit", "party", "swap"]), { type: "success", title: DONE[intent] ?? "Saved" });
}



/** /admin/seating (issue 37): the event's tables, who sits where, the rules, the proposal, publishing and prints. */
export default function SeatingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { events, eventId, board, party, edit, rules, pagination, swapping } = loaderData;
  useActionToast(actionData);
  const canWrite = useCanWrite();
  const drag = useSeatDrag(canWrite);
  const proposal = actionData && "proposal" in actionData ? actionData.proposal : null;
  const error = actionData && "error" in actionData ? String(actionData.error) : null;
  const q = eventId ? `?event=${eventId}` : "";
  return (
    <>
      <PageHeader
        title="Seating"
        description="Tables, who sits where, and the cards to print. Hard rules (seats, guests apart, parties together) always hold."
        actions={
          board ? (
            <>
              <Link to={`/admin/seating/print${q}&view=plan`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                Table plan
              </Link>
              <Link to={`/admin/seating/print${q}&view=list`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                Find your table
              </Link>
              <Link to={`/admin/seating/print${q}&view=cards`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                Place cards
              </Link>
              <a href={`/admin/seating.csv${q}`} className="text-sm text-primary underline-offset-4 hover:underline">
                CSV
              </a>
            </>
          ) : null
        }
      />
      {!eventId || !board ? (
        <p className="text-sm text-muted-foreground">Add the dinner (or another event) under Events first: a seating plan belongs to one event.</p>
      ) : (
        <div className="flex flex-col gap-6">
          {events.length > 1 ? (
            <Form method="get" className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col gap-1 text-xs font-medium">
                Event
                <select name="event" defaultValue={eventId} className="control control-line">
                  {events.map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.title}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={buttonVariants({ size: "sm", variant: "outline" })}>
                Show
              </button>
            </Form>
          ) : null}
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
              {error}
            </p>
          ) : null}
          <WarningsPanel warnings={board.warnings} description="Answers changed since the plan was saved. Nothing moves by itself." />
          <Panel
            title="Plan"
            description={`${board.seated} of ${board.guestCount} guests seated at ${board.tables.length} tables. ${board.published ? "Guests see their table." : "Guests do not see the plan yet."}`}
          >
            {canWrite ? (
              <div className="flex flex-wrap items-end gap-3">
                <Form method="post" className="flex flex-wrap items-center gap-3">
                  <input type="hidden" name="intent" value="propose" />
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="keepLocked" defaultChecked className="size-4" /> Keep locked seats (move as few guests as possible)
                  </label>
                  <button type="submit" className={buttonVariants({ size: "sm" })}>
                    Propose a plan
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="publish" />
                  <input type="hidden" name="published" value={board.published ? "0" : "1"} />
                  <button type="submit" className={buttonVariants({ size: "sm", variant: "outline" })}>
                    {board.published ? "Hide the plan from guests" : "Publish to guests"}
                  </button>
                </Form>
              </div>
            ) : null}
            {proposal ? <ProposalView proposal={proposal} /> : null}
          </Panel>
          {proposal ? (
            // While a proposal is on screen it is what the host reads (and the page stays under 100 KB at 250 guests).
            <SeatingTables board={board} canWrite={canWrite} edit={edit} drag={drag} />
          ) : (
            // On a wide screen the tables stay in view beside the parties: drag a party onto a table.
            <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
              <div className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto">
                <SeatingTables board={board} canWrite={canWrite} edit={edit} drag={drag} />
              </div>
              <div className="flex flex-col gap-4">
                <PartyList board={board} canWrite={canWrite} open={party} swapping={swapping} drag={drag} />
                {pagination ? <Pagination pagination={pagination} label="Parties" /> : null}
              </div>
            </div>
          )}
          <SeatingRules board={board} canWrite={canWrite} adding={rules} />
        </div>
      )}
    </>
  );
}

type Proposal = Extract<NonNullable<Route.ComponentProps["actionData"]>, { proposal: unknown }>["proposal"];

/** The proposal, not saved: each table with its guests, who is left out and why, one button to save it. */
function ProposalView({ proposal }: { proposal: Proposal }) {
  return (
    <Form method="post" className="mt-4 rounded-md border-2 border-dashed border-primary/40 p-3" aria-label="Proposal">
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="fingerprint" value={proposal.fingerprint} />
      {proposal.keepLocked ? <input type="hidden" name="keepLocked" value="on" /> : null}
      <h3 className="text-base font-semibold">
        Proposal: {proposal.seated} seated, {proposal.unseated} unseated (not saved)
      </h3>
      {proposal.hard.length ? (
        <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Cannot be seated">
          {proposal.hard.map((why, i) => (
            <li key={i} className="rounded-md bg-red-50 px-3 py-2 text-red-900">
              {why}
            </li>
          ))}
        </ul>
      ) : null}
      {proposal.soft ? <p className="mt-2 text-xs text-muted-foreground">{proposal.soft} wishes not kept (soft rules).</p> : null}
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {proposal.tables.map((t) => (
          <li key={t.id} className="rounded-md border p-2 text-sm">
            <b>Table {t.name}</b> ({t.count}/{t.seats})<small className="block text-muted-foreground">{t.guests}</small>
          </li>
        ))}
      </ul>
      <button type="submit" className={`${buttonVariants({ size: "sm" })} mt-3`}>
        Save this plan
      </button>
    </Form>
  );
}
