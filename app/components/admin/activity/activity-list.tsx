import { Link } from "react-router";
import type { ActivityItem } from "~/models/activity.server";
import { Badge } from "~/components/ui/badge";

const KIND_LABEL: Record<ActivityItem["kind"], string> = {
  rsvp: "RSVP",
  member: "Member",
  room: "Room",
  payment: "Payment",
  "event-rsvp": "Event RSVP",
  announcement: "Announcement",
  answer: "Answers",
  // Issue 27: who may sign in, and the lists shared with suppliers.
  team: "Team",
  "share-link": "Share link",
  // Issue 36: the host's set-up and the guests' travel.
  party: "Party",
  event: "Event",
  settings: "Settings",
  question: "Question",
  invitation: "Invitation",
  travel: "Travel",
  shuttle: "Shuttle",
  seating: "Seating",
  // Issue 40: gift funds and gifts.
  gift: "Gift",
  // Issue 39: the album.
  album: "Album",
};

export const activityKindLabel = (kind: ActivityItem["kind"]) => KIND_LABEL[kind];

/** "before -> after": a narrow screen wrapped after the hyphen, leaving "-" and ">" on two lines; each arrow is kept whole. */
const unbrokenArrows = (summary: string) =>
  summary.split("->").flatMap((part, i) => (i === 0 ? [part] : [<span key={i} className="whitespace-nowrap">-&gt;</span>, part]));

const when = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Lisbon" });

/** The activity log as a list: newest first, one line per change (issue 14). */
/** What the list shows of an item (a page sends only these). */
export type ActivityRow = Pick<ActivityItem, "id" | "at" | "kind" | "partyId" | "actor" | "actorName" | "who" | "summary">;

export function ActivityList({ items, showWho = true, empty = "Nothing has changed yet." }: { items: ActivityRow[]; showWho?: boolean; empty?: string }) {
  if (items.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ol className="divide-y" data-testid="activity-list">
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-3">
          <time dateTime={item.at} className="w-32 shrink-0 text-xs tabular-nums text-muted-foreground">
            {when.format(new Date(item.at))}
          </time>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              {showWho ? (
                item.partyId && item.who !== "Deleted" ? (
                  <Link to={`/admin/parties/${item.partyId}`} className="row-link">
                    {item.who}
                  </Link>
                ) : (
                  <span className="font-medium">{item.who}</span>
                )
              ) : null}
              <Badge variant="outline">{KIND_LABEL[item.kind]}</Badge>
              <span className="text-xs text-muted-foreground">by {item.actor === "admin" ? (item.actorName ?? "Host") : "the guest"}</span>
            </p>
            <p className="mt-0.5 break-words text-sm">{unbrokenArrows(item.summary)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
