import { Link } from "react-router";
import { formatDate } from "../format";
import { Panel } from "../page-header";
import { RsvpBadge } from "../status-badge";

type Rsvp = {
  attending: boolean;
  guestCount: number;
  adultsCount: number;
  kidsCount: number;
  babiesCount: number;
  dietaryRestrictions: string | null;
  messageToHost: string | null;
  confirmedAt: string | null;
  updatedAt: string;
} | null;

/** The party's answer at a glance (SPEC.md 4: Pending / Attending / Declined). */
export function RsvpSummary({ rsvp }: { rsvp: Rsvp }) {
  const status = !rsvp ? "Pending" : rsvp.attending ? "Attending" : "Declined";
  return (
    <Panel
      id="rsvp"
      title="RSVP"
      actions={<RsvpBadge status={status} />}
      className="print:hidden"
    >
      {!rsvp ? (
        <p className="text-sm text-muted-foreground">No answer yet.</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rsvp.attending ? (
            <>
              <dt className="text-muted-foreground">Guests</dt>
              <dd>
                {rsvp.guestCount} ({rsvp.adultsCount} adults, {rsvp.kidsCount} kids, {rsvp.babiesCount} babies)
              </dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Dietary</dt>
          <dd>{rsvp.dietaryRestrictions || "-"}</dd>
          <dt className="text-muted-foreground">Message</dt>
          <dd className="whitespace-pre-line">{rsvp.messageToHost || "-"}</dd>
          <dt className="text-muted-foreground">Answered</dt>
          <dd>{formatDate(rsvp.confirmedAt ?? rsvp.updatedAt)}</dd>
        </dl>
      )}
      <Link to="/admin/rsvps" className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
        RSVP Tracking
      </Link>
    </Panel>
  );
}
