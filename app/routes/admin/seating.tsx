import { data, Form, Link } from "react-router";
import type { Route } from "./+types/seating";
import { useActionToast } from "~/components/admin/action-toast";
import { useCanWrite } from "~/components/admin/admin-role";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { pageOf, Pagination } from "~/components/admin/pagination";
import { WarningsPanel } from "~/components/admin/warnings-panel";
import { SeatingRules } from "~/components/admin/seating/seating-rules";
import { SeatingTables } from "~/components/admin/seating/seating-tables";
import type { SeatingBoard } from "~/components/admin/seating/board-type";
import { urlWithout, useHrefWith } from "~/components/admin/url-state";
import { buttonVariants } from "~/components/ui/button";
import { chosenEventId, seatingEvents, seatingPageView } from "~/models/seating/board.server";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { addRule, addTable, applyFromForm, lock, move, propose, publish, removeRule, removeTable, saveTable } from "./seating-actions.server";

export const meta: Route.MetaFunction = () => [{ title: "Seating | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const events = seatingEvents();
  const eventId = chosenEventId(url.searchParams.get("event"));
  if (!eventId) return { events, eventId: null, board: null, party: null, edit: null, rules: false, pagination: null };
  const party = url.searchParams.get("party");
  const rules = url.searchParams.has("rules");
  const view = seatingPageView(eventId, { party, rules });
  // 50 parties a page (decision 080: the page under 100 KB at 250 guests, as Travel's, decision 068).
  const { rows, pagination } = pageOf(view.parties, url);
  return { events, eventId, board: { ...view, parties: rows }, party, edit: url.searchParams.get("edit"), rules, pagination };
}

const DONE: Record<string, string> = {
  apply: "Plan saved",
  move: "Seats changed",
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
  return redirectWithToast(request, urlWithout(request.url, ["edit", "party"]), { type: "success", title: DONE[intent] ?? "Saved" });
}



/** /admin/seating (issue 37): the event's tables, who sits where, the rules, the proposal, publishing and prints. */
export default function SeatingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { events, eventId, board, party, edit, rules, pagination } = loaderData;
  useActionToast(actionData);
  const canWrite = useCanWrite();
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
          <SeatingTables board={board} canWrite={canWrite} edit={edit} />
          {proposal ? null : (
            // While a proposal is on screen it is what the host reads (and the page stays under 100 KB at 250 guests).
            <>
              <PartyList board={board} canWrite={canWrite} open={party} />
              {pagination ? <Pagination pagination={pagination} label="Parties" /> : null}
            </>
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

/** Each party with its table; one party's picker at a time (`?party=`), so the page stays small at 250 guests. */
function PartyList({ board, canWrite, open }: { board: SeatingBoard; canWrite: boolean; open: string | null }) {
  const hrefWith = useHrefWith();
  return (
    <Panel title="Guests by party" description="Choose a party to move it, lock it, or gather it at one table.">
      <ul className="divide-y text-sm" aria-label="Parties">
        {board.parties.map((p) => (
          <li key={p.partyId} className="py-2">
            <b>{p.name}</b> {`(${p.size})${p.locked ? " · locked" : ""} · `}
            <span className={p.unseated ? "text-amber-800" : undefined}>{p.where}</span>
            {canWrite && open !== p.partyId ? (
              <>
                {" "}
                <Link to={hrefWith({ party: p.partyId })} preventScrollReset className="text-primary underline">
                  Change<span className="sr-only">{` ${p.name}`}</span>
                </Link>
              </>
            ) : null}
            <small className="block text-muted-foreground">{p.members}</small>
            {canWrite && board.picker?.partyId === p.partyId ? <PartyPicker party={board.picker} board={board} locked={p.locked} /> : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function PartyPicker({ party, board, locked }: { party: NonNullable<SeatingBoard["picker"]>; board: SeatingBoard; locked: boolean }) {
  const hrefWith = useHrefWith();
  const current = party.members.find((m) => m.tableId)?.tableId ?? "";
  const split = party.split;
  const hidden = party.members.map((m) => <input key={m.id} type="hidden" name="guestId" value={m.id} />);
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-md bg-muted/40 p-2">
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="move" />
        <fieldset className="flex flex-wrap gap-x-4 gap-y-3 text-xs">
          <legend className="sr-only">Who moves</legend>
          {party.members.map((m) => (
            <label key={m.id} className="flex items-center gap-1">
              <input type="checkbox" name="guestId" value={m.id} defaultChecked className="size-4" /> {m.name}
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1 text-xs font-medium">
          Table
          <select name="tableId" defaultValue={current} className="control control-line h-9">
            <option value="">Unseated</option>
            {board.tables.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} · {t.seats - t.seatsUsed} of {t.seats} seats left
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonVariants({ size: "sm" })}>
          Move<span className="sr-only"> {party.name}</span>
        </button>
      </Form>
      <div className="flex flex-wrap gap-2">
        {split && current ? (
          <Form method="post">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="tableId" value={current} />
            {hidden}
            <button type="submit" className={buttonVariants({ size: "sm", variant: "outline" })}>
              Gather at table {board.tables.find((t) => t.id === current)?.name}
            </button>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="lock" />
          <input type="hidden" name="locked" value={locked ? "0" : "1"} />
          {hidden}
          <button type="submit" className={buttonVariants({ size: "sm", variant: "outline" })}>
            {locked ? "Unlock" : "Lock"} their seats
          </button>
        </Form>
        <Link to={hrefWith({ party: null })} preventScrollReset className={buttonVariants({ size: "sm", variant: "ghost" })}>
          Close
        </Link>
      </div>
    </div>
  );
}
