import { SpriteIcon } from "~/components/ui/sprite-icon";
import { Link } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

export type EventRow = {
  id: string;
  title: string;
  date: string;
  timeFrom: string;
  timeTo: string;
  description: string | null;
  hotelGuestsOnly: boolean;
};

/** "Hotel Guests Only" or "All Guests". */
export function VisibilityBadge({ hotelGuestsOnly }: { hotelGuestsOnly: boolean }) {
  return hotelGuestsOnly ? <Badge variant="info">Hotel Guests Only</Badge> : <Badge variant="pending">All Guests</Badge>;
}

/** Title, Date & Time, Description (truncated), Visibility, Actions (SPEC.md section 2). */
export function EventsTable({ events, linkTo }: { events: EventRow[]; linkTo: (param: "edit" | "delete", id: string) => string }) {
  return (
    <DataTable
      caption="Events"
      rows={events}
      rowKey={(e) => e.id}
      empty={'No events yet. Click "Add Event" to create one.'}
      columns={[
        { header: "Title", cell: (e) => <span className="font-medium">{e.title}</span> },
        {
          header: "Date & Time",
          cell: (e) => (
            <span className="flex flex-col">
              <span className="md:whitespace-nowrap">{e.date}</span>
              <span className="text-muted-foreground">
                {e.timeFrom} - {e.timeTo}
              </span>
            </span>
          ),
        },
        {
          header: "Description",
          cell: (e) =>
            e.description ? (
              // Truncated on screen; the whole text stays in the page for screen readers and the tooltip.
              <span title={e.description} className="line-clamp-2 max-w-xs text-muted-foreground md:max-w-sm">
                {e.description}
              </span>
            ) : (
              <span className="text-muted-foreground italic">No description</span>
            ),
        },
        { header: "Visibility", cell: (e) => <VisibilityBadge hotelGuestsOnly={e.hotelGuestsOnly} /> },
        {
          header: "Actions",
          srOnlyHeader: true,
          className: "md:text-right",
          cell: (e) => (
            <div className="flex gap-1 md:justify-end">
              <Button asChild variant="ghost" size="icon">
                <Link to={linkTo("edit", e.id)} preventScrollReset aria-label={`Edit ${e.title}`}>
                  <SpriteIcon name="pencil" />
                </Link>
              </Button>
              <Button asChild variant="ghost-danger" size="icon">
                <Link to={linkTo("delete", e.id)} preventScrollReset aria-label={`Delete ${e.title}`}>
                  <SpriteIcon name="trash" />
                </Link>
              </Button>
            </div>
          ),
        },
      ]}
    />
  );
}
