import { Form, Link } from "react-router";
import { Panel } from "~/components/admin/page-header";
import { useHrefWith } from "~/components/admin/url-state";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { SeatingBoard } from "./board-type";
import type { SeatDrag } from "./seat-drag";

type Table = SeatingBoard["tables"][number];
const lbl = "flex flex-col gap-1 text-xs font-medium";

/**
 * Issue 37: the event's tables with their seats left; one table's edit form
 * at a time (`?edit=`). With a mouse, each table takes a party dropped on it.
 */
export function SeatingTables({ board, canWrite, edit, drag }: { board: SeatingBoard; canWrite: boolean; edit: string | null; drag: SeatDrag }) {
  const hrefWith = useHrefWith();
  return (
    <Panel title="Tables" description={`${board.tables.length} tables, ${board.tables.reduce((n, t) => n + t.seats, 0)} seats. Neighbouring tables are next to each other in this list.`}>
      {drag.error ? (
        <p role="alert" className="mb-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          {drag.error}
        </p>
      ) : null}
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Tables" aria-busy={drag.busy || undefined}>
        {board.tables.map((t) => (
          <li key={t.id} className="rounded-md border p-2 text-sm data-[drop-over]:border-primary data-[drop-over]:bg-primary/10" {...drag.target(t.id)}>
            <b>Table {t.name}</b> · {t.shape} ·{" "}
            <span className={t.seatsUsed > t.seats ? "text-red-700" : undefined}>{`${t.seatsUsed}/${t.seats} seats, ${Math.max(0, t.seats - t.seatsUsed)} left`}</span>
            {t.locked ? " · locked" : ""}
            {t.note ? <small className="block text-muted-foreground">{t.note}</small> : null}
            {canWrite && edit === t.id ? (
              <Form method="post" className="mt-2 grid gap-2" aria-label={`Edit table ${t.name}`}>
                <input type="hidden" name="id" value={t.id} />
                <TableFields table={t} />
                <label className="flex items-center gap-2 text-xs">
                  <input type="checkbox" name="unseat" className="size-4" /> Unseat its guests when deleting
                </label>
                <div className="flex flex-wrap gap-2">
                  <button type="submit" name="intent" value="table-save" className={buttonVariants({ size: "sm" })}>
                    Save table
                  </button>
                  <button type="submit" name="intent" value="table-delete" className={buttonVariants({ size: "sm", variant: "ghost" })}>
                    Delete table
                  </button>
                  <Link to={hrefWith({ edit: null })} preventScrollReset className={buttonVariants({ size: "sm", variant: "ghost" })}>
                    Cancel
                  </Link>
                </div>
              </Form>
            ) : canWrite ? (
              <>
                {" "}
                <Link to={hrefWith({ edit: t.id })} preventScrollReset className="text-primary underline">
                  Edit<span className="sr-only">{` table ${t.name}`}</span>
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {canWrite ? (
        // Keyed on the count: after a table is added (with JavaScript) the form comes back closed and empty.
        <details key={board.tables.length} className="mt-4" open={board.tables.length === 0}>
          <summary className="cursor-pointer text-sm text-primary">Add a table</summary>
          <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-3">
            <input type="hidden" name="intent" value="table-add" />
            <TableFields />
            <div className="sm:col-span-3">
              <button type="submit" className={buttonVariants({ size: "sm", variant: "outline" })}>
                Add table
              </button>
            </div>
          </Form>
        </details>
      ) : null}
    </Panel>
  );
}

function TableFields({ table }: { table?: Table }) {
  return (
    <>
      <label className={lbl}>
        Name or number
        <Input name="name" defaultValue={table?.name} required maxLength={60} />
      </label>
      <label className={lbl}>
        Shape
        <select name="shape" defaultValue={table?.shape ?? "round"} className="control control-line">
          <option value="round">Round</option>
          <option value="long">Long</option>
        </select>
      </label>
      <label className={lbl}>
        Seats
        <Input type="number" name="seats" defaultValue={table?.seats ?? 10} min={1} max={60} required />
      </label>
      <label className={lbl}>
        Note
        <Input name="note" defaultValue={table?.note ?? ""} maxLength={200} placeholder="near the dance floor" />
      </label>
      <label className="flex items-center gap-2 text-xs font-medium">
        <input type="checkbox" name="locked" defaultChecked={table?.locked ?? false} className="size-4" /> Locked (a proposal keeps its guests)
      </label>
    </>
  );
}
