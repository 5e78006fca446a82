import { data, Form, Link } from "react-router";
import type { Route } from "./+types/travel";
import { useActionToast } from "~/components/admin/action-toast";
import { useCanWrite } from "~/components/admin/admin-role";
import { useClearAfterSave } from "~/components/admin/clear-after-save";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { WarningsPanel } from "~/components/admin/warnings-panel";
import { pageOf, Pagination } from "~/components/admin/pagination";
import { urlWithout, useHrefWith } from "~/components/admin/url-state";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { travelBoard, type Misfits } from "~/models/travel-board.server";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { addRun, applyFromForm, keptProposal, move, propose, removeRun, saveRun } from "./travel-actions.server";

export const meta: Route.MetaFunction = () => [{ title: "Travel | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { ctx: _ctx, ...board } = travelBoard();
  // One day at a time: the page grows with the parties travelling (741 KB for 115 parties on one page).
  const dates = [...new Set([...board.days.map((d) => d.date), ...board.runs.map((r) => r.date)])].sort();
  const url = new URL(request.url);
  const asked = url.searchParams.get("day");
  const day = asked && dates.includes(asked) ? asked : (dates[0] ?? null);
  // The day's movements, 50 a page (decision 068: the busiest day, 115 parties leaving, was 188 KB).
  const moves = board.days.find((d) => d.date === day)?.hours.flatMap((h) => h.rows) ?? [];
  const { rows, pagination } = pageOf(moves.map(toMovement), url);
  const hours: { hour: string; rows: typeof rows }[] = [];
  for (const m of rows) {
    const hour = `${m.time.slice(0, 2)}:00`;
    if (hours.at(-1)?.hour === hour) hours.at(-1)!.rows.push(m);
    else hours.push({ hour, rows: [m] });
  }
  const runs = board.runs.filter((r) => r.date === day).map(toRun);
  // One run's edit form at a time (`?edit=<runId>`), not one hidden in every run.
  const editing = url.searchParams.get("edit");
  return { settings: board.settings, points: board.points, warnings: board.warnings, dates, day, totalRuns: board.runs.length, runs, hours, pagination, editing };
}

/** What the page shows of a run and its parties (the board also carries phones, people, dates). */
function toRun(r: ReturnType<typeof travelBoard>["runs"][number]) {
  const { id, direction, date, time, seats, seatsUsed, locked, fromPointId, toPointId, vehicle, driverPhone, note } = r;
  const parties = r.parties.map((p) => ({ id: p.id, name: p.name, seats: p.seats, time: p.time, number: p.number }));
  return { id, direction, date, time, seats, seatsUsed, locked, fromPointId, toPointId, vehicle, driverPhone, note, point: r.point, parties };
}

function toMovement(m: ReturnType<typeof travelBoard>["days"][number]["hours"][number]["rows"][number]) {
  const { travellerId, direction, time, name, seats, point, pointKind, number, transfer, people } = m;
  return { travellerId, direction, time, name, seats, point, pointKind, number, transfer, people };
}

/** Issue 36: a flight lands and flies; a train, a car or a bus arrives and leaves. */
const movementVerb = (direction: string, kind: string | null | undefined) =>
  kind === "airport" ? (direction === "arrival" ? "lands" : "flies") : direction === "arrival" ? "arrives" : "leaves";

const DONE: Record<string, string> = { apply: "Runs saved", move: "Party moved", "run-save": "Run saved", "run-delete": "Run deleted", "run-add": "Run added" };

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  let description: string | undefined;
  try {
    if (intent === "propose") return propose(form);
    if (intent === "apply") description = savedSummary(applyFromForm(form));
    else if (intent === "move") move(form);
    else if (intent === "run-save") saveRun(form);
    else if (intent === "run-delete") removeRun(form);
    else if (intent === "run-add") addRun(form);
    else return data({ error: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const body = { error: error.message, toast: { type: "error" as const, title: "Not saved", description: error.message } };
    // A refused proposal comes back as the host left it, to correct and save again.
    if (intent === "apply") return data({ ...body, ...keptProposal(form) }, { status: error.status });
    return data(body, { status: error.status });
  }
  // Back to the same day and page, the run's edit form closed.
  return redirectWithToast(request, urlWithout(request.url, ["edit"]), { type: "success", title: DONE[intent] ?? "Saved", description });
}

/** Issue 36: a save says whom it mailed and what it warns of (the warnings stay on the page). */
function savedSummary({ mailed, warnings }: ReturnType<typeof applyFromForm>) {
  const mails = mailed.length ? `${mailed.length} ${mailed.length === 1 ? "party" : "parties"} mailed their new pickup` : "Nobody mailed: no pickup changed";
  const waits = warnings.filter((w) => w.kind === "wait").length;
  return waits ? `${mails}. ${waits} ${waits === 1 ? "party waits" : "parties wait"} outside the planner's rules: see Warnings.` : `${mails}.`;
}

type Board = Route.ComponentProps["loaderData"];
type Run = Board["runs"][number];
const dayLabel = (d: string) => new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${d}T12:00:00Z`));
const runTitle = (r: { direction: string; date: string; time: string; point: string }) =>
  `${dayLabel(r.date)} ${r.time} · ${r.direction === "arrival" ? `${r.point} → venue` : `venue → ${r.point}`}`;

/** /admin/travel (issue 26): arrivals and departures by day and hour, the runs, the proposal, warnings. */
export default function TravelPage({ loaderData, actionData }: Route.ComponentProps) {
  const { hours, pagination, runs, warnings, points, settings, dates, day, totalRuns, editing } = loaderData;
  useActionToast(actionData);
  const canWrite = useCanWrite();
  const proposal = actionData && "proposal" in actionData ? actionData.proposal : null;
  return (
    <>
      <PageHeader
        title="Travel"
        description={settings.enabled ? "Guests' arrivals and departures, and the shuttles to the venue." : "Travel questions are off: turn them on in Event Configuration."}
        actions={
          <>
            <Link to="/admin/event#travel" className="text-sm text-primary underline-offset-4 hover:underline">
              Travel settings
            </Link>
            <Link to="/admin/travel/lists" className={buttonVariants({ variant: "outline", size: "sm" })}>
              Lists and manifests
            </Link>
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <WarningsPanel warnings={warnings} />
        {dates.length > 1 ? (
          <nav aria-label="Days" className="flex flex-wrap gap-2">
            {dates.map((d) => (
              <Link
                key={d}
                to={`?day=${d}`}
                aria-current={d === day ? "page" : undefined}
                className={buttonVariants({ size: "sm", variant: d === day ? "default" : "outline" })}
              >
                {dayLabel(d)}
              </Link>
            ))}
          </nav>
        ) : null}
        <Panel title="Shuttle runs" description={`${totalRuns} saved${dates.length > 1 && day ? `, ${runs.length} on ${dayLabel(day)}` : ""}. Propose runs from the transfer requests: nothing is saved until you save the proposal.`}>
          {canWrite ? (
            <Form method="post" className="mb-4 flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="propose" />
              <button type="submit" className={buttonVariants({ size: "sm" })}>
                Propose runs
              </button>
              <span className="text-xs text-muted-foreground">
                Buffer {settings.bufferMinutes} min · longest wait {settings.maxWaitMinutes} min · {settings.seats} seats · {settings.leadMinutes} min before a departure
              </span>
            </Form>
          ) : null}
          {proposal ? <ProposalForm proposal={proposal} points={points} kept={actionData && "kept" in actionData ? String(actionData.kept) : undefined} error={actionData && "error" in actionData ? String(actionData.error) : undefined} /> : null}
          {runs.length ? (
            <ul className="flex flex-col gap-4" aria-label="Saved runs">
              {runs.map((r) => (
                <SavedRun key={r.id} run={r} runs={runs} editing={editing === r.id} canWrite={canWrite} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No runs saved yet.</p>
          )}
          {canWrite ? <AddRun points={points} seats={settings.seats} /> : null}
        </Panel>
        <Panel title="Arrivals and departures" description="By day and hour, with people and flights.">
          {hours.length === 0 || !day ? (
            <p className="text-sm text-muted-foreground">No travel details yet.</p>
          ) : (
            <>
              <section className="mb-4" aria-label={dayLabel(day)}>
                <h3 className="mb-2 text-base font-semibold">{dayLabel(day)}</h3>
                {hours.map((h) => (
                  <div key={h.hour} className="mb-2 border-l-2 pl-3">
                    <p className="text-xs font-semibold text-muted-foreground">{h.hour}</p>
                    <ul className="flex flex-col gap-1 text-sm">
                      {h.rows.map((m) => (
                        <li key={`${m.travellerId}-${m.direction}`}>
                          <span className="font-medium tabular-nums">{m.time}</span> {movementVerb(m.direction, m.pointKind)} · <span className="font-medium">{m.name}</span> ({m.seats}) · {m.point}
                          {m.number ? ` · ${m.number}` : ""}
                          {m.transfer ? " · transfer" : ""}
                          {m.people.length ? <span className="block text-xs text-muted-foreground">{m.people.join(", ")}</span> : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </section>
              <Pagination pagination={pagination} label="Movements" />
            </>
          )}
        </Panel>
      </div>
    </>
  );
}

/**
 * The runs a party may move to: same direction and point, within a day (a
 * landing near midnight). Listing every run in every party's menu made the
 * page grow with parties x runs (741 KB at 115 parties).
 */
const DAY_MS = 86_400_000;
const movableTo = (a: { direction: string; date: string; pointId: string | null }, b: { direction: string; date: string; pointId: string | null }) =>
  a.direction === b.direction && a.pointId === b.pointId && Math.abs(Date.parse(a.date) - Date.parse(b.date)) <= DAY_MS;
const savedPoint = (r: Run) => ({ direction: r.direction, date: r.date, pointId: r.direction === "arrival" ? r.fromPointId : r.toPointId });

function SavedRun({ run, runs, editing, canWrite }: { run: Run; runs: Run[]; editing: boolean; canWrite: boolean }) {
  const hrefWith = useHrefWith();
  const others = runs.filter((o) => o.id !== run.id && movableTo(savedPoint(o), savedPoint(run)));
  const over = run.seatsUsed > run.seats;
  return (
    <li className="rounded-md border p-3">
      <h3 className="text-sm font-semibold">
        {runTitle(run)} <span className={over ? "text-red-700" : "text-muted-foreground"}>({run.seatsUsed}/{run.seats} seats)</span>
        {run.locked ? " · locked" : ""}
      </h3>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {run.parties.map((p) => (
          <li key={p.id}>
            <span className="font-medium">{p.name}</span> ({p.seats}) {p.time ?? ""} {p.number ?? ""}
          </li>
        ))}
      </ul>
      {/* Issue 38: who boarded, the driver's links and the day-of message. */}
      <Link to={`/admin/travel/runs/${run.id}`} className="mt-2 mr-4 inline-block text-sm text-primary underline-offset-4 hover:underline">
        Boarding and driver's list<span className="sr-only"> {runTitle(run)}</span>
      </Link>
      {canWrite && editing && others.length && run.parties.length ? (
        // With the run's edit form (`?edit=<runId>`): one move form per run, on the run being edited.
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2 text-xs">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="direction" value={run.direction} />
          <label className="flex flex-col gap-1 font-medium">
            Party to move
            <select name="travellerId" className="control control-line h-8 text-xs">
              {run.parties.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 font-medium">
            Move to
            <select name="runId" className="control control-line h-8 text-xs">
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {runTitle(o)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonVariants({ size: "sm", variant: "outline" })}>
            Move<span className="sr-only"> from {runTitle(run)}</span>
          </button>
        </Form>
      ) : null}
      {canWrite && editing ? (
        <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-3" aria-label={`Edit run ${runTitle(run)}`}>
          <input type="hidden" name="id" value={run.id} />
          <RunFields run={run} />
          <div className="flex flex-wrap gap-2 sm:col-span-3">
            <button type="submit" name="intent" value="run-save" className={buttonVariants({ size: "sm" })}>
              Save run
            </button>
            <button type="submit" name="intent" value="run-delete" className={buttonVariants({ size: "sm", variant: "ghost" })}>
              Delete run
            </button>
            <Link to={hrefWith({ edit: null })} preventScrollReset className={buttonVariants({ size: "sm", variant: "ghost" })}>
              Cancel
            </Link>
          </div>
        </Form>
      ) : canWrite ? (
        // One run's form at a time, reached by its link (JavaScript or not): a form in every run weighed the busiest day over 100 KB.
        <Link to={hrefWith({ edit: run.id })} preventScrollReset className="mt-2 inline-block text-sm text-primary underline-offset-4 hover:underline">
          Edit run<span className="sr-only"> {runTitle(run)}</span>
        </Link>
      ) : null}
    </li>
  );
}

const lbl = "flex flex-col gap-1 text-xs font-medium";

function RunFields({ run, seats }: { run?: Partial<Run>; seats?: number }) {
  return (
    <>
      <label className={lbl}>
        Date
        <Input type="date" name="date" defaultValue={run?.date} required />
      </label>
      <label className={lbl}>
        Time (HH:MM)
        <Input name="time" defaultValue={run?.time} required pattern="([01][0-9]|2[0-3]):[0-5][0-9]" />
      </label>
      <label className={lbl}>
        Seats
        <Input type="number" name="seats" defaultValue={run?.seats ?? seats} min={1} max={99} required />
      </label>
      <label className={lbl}>
        Vehicle or company
        <Input name="vehicle" defaultValue={run?.vehicle ?? ""} maxLength={120} />
      </label>
      <label className={lbl}>
        Driver phone
        <Input name="driverPhone" type="tel" defaultValue={run?.driverPhone ?? ""} maxLength={40} />
      </label>
      <label className={lbl}>
        Note for the guests
        <Input name="note" defaultValue={run?.note ?? ""} maxLength={500} />
      </label>
      <label className="flex items-center gap-2 text-xs font-medium">
        <input type="checkbox" name="locked" defaultChecked={run?.locked ?? false} className="size-4" /> Locked (a proposal keeps it)
      </label>
    </>
  );
}

function AddRun({ points, seats }: { points: Board["points"]; seats: number }) {
  const clear = useClearAfterSave();
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm text-primary">Add a run by hand</summary>
      <Form method="post" {...clear} className="mt-2 grid gap-2 sm:grid-cols-3">
        <input type="hidden" name="intent" value="run-add" />
        <label className={lbl}>
          Direction
          <select name="direction" className="control control-line">
            <option value="arrival">Arrival (point → venue)</option>
            <option value="departure">Departure (venue → point)</option>
          </select>
        </label>
        <label className={lbl}>
          Point
          <select name="pointId" className="control control-line">
            {points.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <RunFields seats={seats} />
        <div className="sm:col-span-3">
          <button type="submit" className={buttonVariants({ size: "sm", variant: "outline" })}>
            Add run
          </button>
        </div>
      </Form>
    </details>
  );
}

/** Issue 36: before saving, who will be mailed (a party whose own pickup changes), so a save never surprises the guests. */
function MailsOnSave({ mails }: { mails: { mailed: { name: string }[]; unmailed: { name: string }[] } }) {
  const { mailed, unmailed } = mails;
  const parties = (n: number) => `${n} ${n === 1 ? "party" : "parties"}`;
  if (!mailed.length && !unmailed.length) return <p className="mt-2 text-sm text-muted-foreground">Saving mails nobody: every pickup stays as it is.</p>;
  return (
    <div className="mt-2 flex flex-col gap-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {mailed.length ? (
        <details>
          <summary className="cursor-pointer">Saving mails {parties(mailed.length)} whose pickup changes</summary>
          <p className="mt-1">{mailed.map((m) => m.name).join(", ")}</p>
        </details>
      ) : (
        <p>Saving mails nobody.</p>
      )}
      {unmailed.length ? (
        <details>
          <summary className="cursor-pointer">
            {parties(unmailed.length)} whose pickup changes {unmailed.length === 1 ? "has" : "have"} no e-mail address: tell them yourself
          </summary>
          <p className="mt-1">{unmailed.map((m) => m.name).join(", ")}</p>
        </details>
      ) : null}
    </div>
  );
}

/** The rule a proposal's run (by index) breaks for a party, in few words (the panel shows the settings): issue 36. */
function misfitText(misfits: Misfits, index: number, direction: string) {
  const m = new RegExp(`(?:^| )${index}([bml])(-?\\d+)`).exec(misfits);
  if (!m) return null;
  const [, rule, minutes] = m as unknown as [string, "b" | "m" | "l", string];
  if (direction === "arrival") {
    if (rule === "b") return Number(minutes) < 0 ? "leaves before they arrive" : `only ${minutes} min after arrival`;
    return `waits ${minutes} min`;
  }
  return rule === "l" ? `only ${minutes} min before departure` : `${minutes} min before departure`;
}

type Proposal = Extract<NonNullable<Route.ComponentProps["actionData"]>, { proposal: unknown }>["proposal"];

/** The proposal, not saved: a select per party moves it, a box per run locks it, one button saves it all. */
function ProposalForm({ proposal, kept, error, points }: { proposal: Proposal; kept?: string; error?: string; points: Board["points"] }) {
  const kinds = new Map(points.map((p) => [p.id, p.kind]));
  // Vehicle, driver's phone and note are not sent back: a kept run keeps its own (issue 36).
  const raw = kept ?? JSON.stringify(proposal.runs.map(({ key, id, direction, fromPointId, toPointId, date, time, seats, partyIds, locked }) => ({ key, id, direction, fromPointId, toPointId, date, time, seats, partyIds, locked })));
  return (
    <Form method="post" className="mb-6 rounded-md border-2 border-dashed border-primary/40 p-3" aria-label="Proposal">
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="proposal" value={raw} />
      <h3 className="text-base font-semibold">Proposal: {proposal.runs.length} runs (not saved)</h3>
      {error ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      {proposal.mails ? <MailsOnSave mails={proposal.mails} /> : null}
      {proposal.unplaced.length ? (
        <p className="mt-2 text-sm text-amber-900">Too large for one vehicle: {proposal.unplaced.map((u) => u.name).join(", ")}</p>
      ) : null}
      <ol className="mt-3 flex flex-col gap-3">
        {proposal.runs.map((r) => {
          const same = proposal.runs.filter((o) => movableTo(o, r));
          const misfitOn = (misfits: Misfits, run: (typeof proposal.runs)[number]) => (misfits ? misfitText(misfits, proposal.runs.indexOf(run), run.direction) : null);
          return (
            <li key={r.key} className="rounded-md border p-2">
              <p className="text-sm font-semibold">
                {runTitle(r)} ({r.seatsUsed}/{r.seats} seats)
              </p>
              {r.id ? (
                // Issue 36: a saved run the proposal keeps, with what the host gave it.
                <p className="text-xs text-muted-foreground">Saved run, kept{[r.vehicle, r.driverPhone, r.note].filter(Boolean).map((x) => ` · ${x}`).join("")}</p>
              ) : null}
              <label className="mt-1 flex items-center gap-2 text-xs">
                <input type="checkbox" name={`lock:${r.key}`} defaultChecked={r.locked} className="size-4" /> Lock<span className="sr-only"> {runTitle(r)}</span>
              </label>
              <ul className="mt-1 flex flex-col gap-1 text-sm">
                {r.parties.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center gap-2">
                    <span>
                      <span className="font-medium">{p.name}</span> ({p.seats}) {movementVerb(r.direction, kinds.get(r.pointId ?? ""))} {p.time} {p.number ?? ""}
                    </span>
                    <select name={`move:${r.direction}:${p.id}`} defaultValue={r.key} aria-label={`Run for ${p.name}`} className="control control-line h-8 max-w-full text-xs">
                      {same.map((o) => (
                        <option key={o.key} value={o.key}>
                          {runTitle(o)}
                          {misfitOn(p.misfits, o) ? ` ⚠ ${misfitOn(p.misfits, o)}` : ""}
                        </option>
                      ))}
                    </select>
                    {misfitOn(p.misfits, r) ? <span className="basis-full rounded bg-amber-50 px-2 py-1 text-xs text-amber-950">On this run: {misfitOn(p.misfits, r)}</span> : null}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      <button type="submit" className={`${buttonVariants({ size: "sm" })} mt-3`}>
        Save these runs
      </button>
    </Form>
  );
}
