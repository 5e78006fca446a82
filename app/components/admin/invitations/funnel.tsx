import { Link } from "react-router";
import { Panel } from "~/components/admin/page-header";

type Funnel = {
  invitees: number;
  invited: number;
  opened: number;
  answered: number;
  due: { noAnswer: number; roomsPending: number; unpaidSoon: number };
};
type Plan =
  | { enabled: false }
  | { enabled: true; sendAt: string; sentAt: string | null; sentCount: number | null; recipients: number; missed: boolean };

const pct = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 100));
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Lisbon" });

/** The dashboard's invitation funnel: a bar per step, the count and share written beside it (no chart library). */
export function InvitationFunnel({ funnel, plan }: { funnel: Funnel; plan: Plan }) {
  const steps = [
    { label: "Invitees", value: funnel.invitees, hint: "parties and individual guests" },
    { label: "Invited", value: funnel.invited, hint: "by e-mail, WhatsApp, card or hand" },
    { label: "Opened", value: funnel.opened, hint: "signed in at least once" },
    { label: "Answered", value: funnel.answered, hint: "sent their RSVP" },
  ];
  return (
    <Panel
      id="invitations-funnel"
      title="Invitations"
      description="From invited to answered."
      actions={
        <Link to="/admin/invitations" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Open Invitations
        </Link>
      }
    >
      <dl className="flex flex-col gap-3">
        {steps.map((s) => {
          const share = pct(s.value, funnel.invitees);
          return (
            <div key={s.label} className="grid grid-cols-[6.5rem_1fr] items-center gap-x-3 gap-y-1 sm:grid-cols-[7rem_1fr_9rem]">
              <dt className="text-sm font-medium">{s.label}</dt>
              <dd className="col-start-2 row-start-1 sm:col-start-3 sm:text-right">
                <span className="text-lg font-semibold tabular-nums">{s.value}</span>{" "}
                <span className="text-sm text-muted-foreground">({share}%)</span>
              </dd>
              <dd aria-hidden="true" className="col-span-2 h-3 overflow-hidden rounded-full bg-muted sm:col-span-1 sm:col-start-2 sm:row-start-1">
                <span className="block h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
              </dd>
            </div>
          );
        })}
      </dl>
      <h3 className="mt-6 mb-2 text-sm font-semibold">Reminders due</h3>
      <ul className="grid gap-2 text-sm sm:grid-cols-3">
        <li className="rounded-md border p-3">
          <span className="block text-2xl font-semibold tabular-nums">{funnel.due.noAnswer}</span> no answer yet
        </li>
        <li className="rounded-md border p-3">
          <span className="block text-2xl font-semibold tabular-nums">{funnel.due.roomsPending}</span> with rooms to confirm or decline
        </li>
        <li className="rounded-md border p-3">
          <span className="block text-2xl font-semibold tabular-nums">{funnel.due.unpaidSoon}</span> unpaid, deadline within 7 days
        </li>
      </ul>
      <p className="mt-4 text-sm text-muted-foreground">
        {!plan.enabled
          ? "Automatic reminder: off (set an RSVP deadline and the days before it on Event Configuration)."
          : plan.sentAt
            ? `Automatic reminder: sent ${when.format(new Date(plan.sentAt))} to ${plan.sentCount} ${plan.sentCount === 1 ? "invitee" : "invitees"}.`
            : plan.missed
              ? "Automatic reminder: not sent (the RSVP deadline has passed)."
              : `Automatic reminder: goes ${when.format(new Date(plan.sendAt))} (Lisbon time) to ${plan.recipients} ${plan.recipients === 1 ? "invitee" : "invitees"} with something open, as of now.`}
      </p>
    </Panel>
  );
}
