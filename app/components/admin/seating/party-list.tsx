import { Form, Link } from "react-router";
import { Panel } from "~/components/admin/page-header";
import { useHrefWith } from "~/components/admin/url-state";
import { buttonVariants } from "~/components/ui/button";
import type { SeatingBoard } from "./board-type";
import type { SeatDrag } from "./seat-drag";

type Row = SeatingBoard["parties"][number];
/** The party whose "Swap with…" is open (`?swap=`): its name and where it sits. */
export type Swapping = { partyId: string; name: string; where: string } | null;

/**
 * Each party with its table; one party's picker at a time (`?party=`), so the
 * page stays small at 250 guests. With "Swap with…" open the list becomes one
 * form: a choice of the party to trade tables with.
 */
export function PartyList({ board, canWrite, open, swapping, drag }: { board: SeatingBoard; canWrite: boolean; open: string | null; swapping: Swapping; drag: SeatDrag }) {
  if (canWrite && swapping) return <SwapList board={board} swapping={swapping} />;
  const description = drag.enabled
    ? "Drag a party onto a table, or choose a party to move it, swap it, lock it, or gather it at one table."
    : "Choose a party to move it, swap it, lock it, or gather it at one table.";
  return (
    <Panel title="Guests by party" description={description}>
      <ul className="divide-y text-sm" aria-label="Parties">
        {board.parties.map((p) => (
          <li key={p.partyId} className={`py-2 ${drag.enabled ? "cursor-grab rounded-md px-2 hover:bg-muted/60" : ""}`} {...drag.source(p.partyId)}>
            <PartyLine party={p} />
            {canWrite && open !== p.partyId ? <ChangeLink party={p} /> : null}
            <small className="block text-muted-foreground">{p.members}</small>
            {canWrite && board.picker?.partyId === p.partyId ? <PartyPicker party={board.picker} board={board} locked={p.locked} /> : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function PartyLine({ party }: { party: Row }) {
  return (
    <>
      <b>{party.name}</b> {`(${party.size})${party.locked ? " · locked" : ""} · `}
      <span className={party.unseated ? "text-amber-800" : undefined}>{party.where}</span>
    </>
  );
}

function ChangeLink({ party }: { party: Row }) {
  const hrefWith = useHrefWith();
  return (
    <>
      {" "}
      <Link to={hrefWith({ party: party.partyId })} preventScrollReset className="text-primary underline">
        Change<span className="sr-only">{` ${party.name}`}</span>
      </Link>
    </>
  );
}

/** "Swap with…" (works without JavaScript): the parties of this page, one to choose; the server checks the hard rules. */
function SwapList({ board, swapping }: { board: SeatingBoard; swapping: NonNullable<Swapping> }) {
  const hrefWith = useHrefWith();
  const actions = (
    <div className="mt-2 flex flex-wrap gap-2">
      <button type="submit" className={buttonVariants({ size: "sm" })}>
        Swap seats
      </button>
      <Link to={hrefWith({ swap: null })} preventScrollReset className={buttonVariants({ size: "sm", variant: "ghost" })}>
        Cancel
      </Link>
    </div>
  );
  return (
    <Panel title={`Swap ${swapping.name} with…`} description={`${swapping.name} sits at: ${swapping.where}. They take the chosen party's table, and that party theirs.`}>
      <Form method="post" aria-label={`Swap ${swapping.name}`}>
        <input type="hidden" name="intent" value="swap" />
        <input type="hidden" name="partyId" value={swapping.partyId} />
        <fieldset className="mt-2">
          <legend className="sr-only">Swap with</legend>
          <ul className="divide-y text-sm">
            {board.parties
              // A party at the very same table has nothing to swap.
              .filter((p) => p.partyId !== swapping.partyId && p.where !== swapping.where)
              .map((p) => (
                <li key={p.partyId} className="py-2">
                  <label className="flex items-start gap-2">
                    <input type="radio" name="with" value={p.partyId} required className="mt-0.5 size-4" />
                    <span>
                      <PartyLine party={p} />
                      <small className="block text-muted-foreground">{p.members}</small>
                    </span>
                  </label>
                </li>
              ))}
          </ul>
        </fieldset>
        {actions}
      </Form>
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
        <Link to={hrefWith({ party: null, swap: party.partyId })} preventScrollReset className={buttonVariants({ size: "sm", variant: "outline" })}>
          Swap with…
        </Link>
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
