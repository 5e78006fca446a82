import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/travel-run";
import { useActionToast } from "~/components/admin/action-toast";
import { useCanWrite } from "~/components/admin/admin-role";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { runBoarding } from "~/models/boarding.server";
import { listDayDriverLinks, listDriverLinks } from "~/models/driver-links.server";
import { requireAdminPage } from "~/session.server";
import { now } from "~/utils/clock.server";
import { travelRunAction } from "./travel-run.server";

/*
 * Issue 38: one shuttle run on the day: who boarded and who is missing
 * (refreshed every 15 s while open), a call or WhatsApp for each party, the
 * driver's links, and a message to the run's parties.
 */
export const meta: Route.MetaFunction = () => [{ title: "Shuttle run | Party Admin" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const boarding = runBoarding(params.runId);
  // This run's links, then the links to every run of its day.
  return { boarding, links: [...listDriverLinks(params.runId, now()), ...listDayDriverLinks(boarding.run.date, now())] };
}

export async function action({ request, params }: Route.ActionArgs) {
  return travelRunAction(request, params.runId);
}

const LIVE_MS = 15_000;

export default function TravelRunPage({ loaderData, actionData }: Route.ComponentProps) {
  const { boarding: b, links } = loaderData;
  const canWrite = useCanWrite();
  const revalidator = useRevalidator();
  useActionToast(actionData?.error ? { toast: { type: "error", title: "Not done", description: actionData.error } } : undefined);
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, LIVE_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  const title = `${b.run.direction === "arrival" ? "Arrival" : "Departure"} run ${b.run.date} ${b.run.time}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={`${b.run.point ?? ""}${b.run.vehicle ? ` · ${b.run.vehicle}` : ""}`}
        actions={
          <Link to={`/admin/travel?day=${b.run.date}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
            Back to travel
          </Link>
        }
      />
      <Panel title="Boarding" description={`${b.boarded} boarded · ${b.missing} missing`}>
        {b.parties.length ? (
          <ul className="flex flex-col gap-3">
            {b.parties.map((p) => (
              <li key={p.travellerId} className="rounded-md border p-3">
                <p className="font-semibold">
                  {p.name}
                  <span className="font-normal text-muted-foreground">{[p.number, p.time].filter(Boolean).length ? ` · ${[p.number, p.time].filter(Boolean).join(" ")}` : ""}</span>
                </p>
                {p.phone ? (
                  <p className="text-sm">
                    <a className="text-primary underline underline-offset-4" href={`tel:${p.phone}`}>
                      Call {p.phone}
                    </a>
                    {" · "}
                    <a className="text-primary underline underline-offset-4" href={`https://wa.me/${p.phone.replace(/\D/g, "")}`}>
                      WhatsApp
                    </a>
                  </p>
                ) : null}
                <ul className="mt-1 text-sm">
                  {p.people.map((x) => (
                    <li key={x.guestId}>
                      {x.boarded ? "✓ boarded" : "✗ missing"} · {x.name}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Nobody is on this run.</p>
        )}
      </Panel>
      <Panel title="Driver's links" description="A link per driver: it opens this run's list, or every run of the day, without sign-in, also offline once opened.">
        {actionData?.made ? (
          <p role="status" className="mb-3 rounded-md bg-muted p-3 text-sm break-all">
            Copy it now, it is shown once: <a className="font-mono text-primary" href={actionData.made.url}>{actionData.made.url}</a>
          </p>
        ) : null}
        <ul className="mb-3 flex flex-col gap-2 text-sm">
          {links.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center gap-2">
              <span>
                {l.label ?? "Driver's link"}
                {l.day ? ` · all runs of ${l.day}` : ""} · {l.status}
                {l.lastOpenedAt ? ` · opened ${l.lastOpenedAt.slice(0, 16).replace("T", " ")}` : ""}
              </span>
              {canWrite && l.status === "active" ? (
                <Form method="post">
                  <input type="hidden" name="id" value={l.id} />
                  <button type="submit" name="intent" value="revoke-driver-link" className={buttonVariants({ size: "sm", variant: "ghost" })}>
                    Revoke<span className="sr-only"> {l.label ?? "driver's link"}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {canWrite ? (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-xs font-medium">
              Label (optional)
              <Input name="label" maxLength={100} />
            </label>
            <label className="flex flex-col gap-1 text-xs font-medium">
              Expires (optional)
              <Input name="expiresAt" type="date" />
            </label>
            <button type="submit" name="intent" value="driver-link" className={buttonVariants({ size: "sm" })}>
              Make a driver's link
            </button>
            <button type="submit" name="intent" value="day-driver-link" className={buttonVariants({ size: "sm", variant: "outline" })}>
              Make a link to all runs of {b.run.date}
            </button>
          </Form>
        ) : null}
      </Panel>
      {canWrite ? (
        <Panel title="Message to this run" description="Mailed at once (priority lane) and shown on each party's My weekend; WhatsApp links below for those with a phone.">
          <Form method="post" className="flex flex-col gap-2">
            <label className="flex flex-col gap-1 text-xs font-medium">
              Message (English)
              <textarea name="text" required maxLength={1000} rows={2} className="control rounded-md border p-2 text-sm" />
            </label>
            <label className="flex flex-col gap-1 text-xs font-medium">
              Message (Portuguese, optional)
              <textarea name="textPt" maxLength={1000} rows={2} className="control rounded-md border p-2 text-sm" />
            </label>
            <button type="submit" name="intent" value="run-message" className={`${buttonVariants({ size: "sm" })} self-start`}>
              Send message
            </button>
          </Form>
          {actionData?.sent ? (
            <div role="status" className="mt-3 text-sm">
              <p>Sent: {actionData.sent.mailed} mailed.</p>
              <ul>
                {actionData.sent.whatsapp.map((w) => (
                  <li key={w.url}>
                    <a className="text-primary underline underline-offset-4" href={w.url}>
                      WhatsApp {w.name} ({w.phone})
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Panel>
      ) : null}
    </div>
  );
}
