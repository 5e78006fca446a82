import { Form, Link, useSubmit } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";

/**
 * "All Events" or one event (title and date), a name to search and a status,
 * over every answer (the list below is paged). A GET form: with JavaScript a
 * changed select applies at once; the Show button is for typing and for no-JS.
 */
export function EventFilter({
  events,
  current,
  allLabel = "All Events",
  allValue = "all",
  q,
  status,
  counts,
  answerFilters = true,
  keep,
}: {
  events: Array<{ id: string; title: string; date: string }>;
  current: string;
  /** The first choice: "All Events", or the main event on the caterer's list. */
  allLabel?: string;
  allValue?: string;
  q?: string;
  status?: "attending" | "declined";
  /** Answers the event and search match, by status. */
  counts?: { all: number; attending: number; declined: number };
  /** Search and status (Event Attendance); the caterer's list picks the event only. */
  answerFilters?: boolean;
  /** Other choices of the page's address the form keeps (the caterer's list's language, decision 071). */
  keep?: Record<string, string>;
}) {
  const submit = useSubmit();
  const onChange = (event: React.ChangeEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLSelectElement) submit(event.currentTarget, { preventScrollReset: true });
  };
  const n = (k: keyof NonNullable<typeof counts>) => (counts ? ` (${counts[k]})` : "");
  return (
    <Form
      method="get"
      role="search"
      aria-label={answerFilters ? "Filter answers" : "Choose the event"}
      onChange={onChange}
      className={
        answerFilters
          ? "grid grid-cols-2 gap-3 rounded-lg border bg-background p-3 lg:grid-cols-[18rem_minmax(10rem,1fr)_13rem_auto] lg:items-end"
          : "grid grid-cols-2 gap-3 rounded-lg border bg-background p-3 lg:grid-cols-[18rem_auto] lg:items-end"
      }
    >
      {Object.entries(keep ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
        <Label htmlFor="event-filter">Event</Label>
        <Select id="event-filter" name="event" defaultValue={current} key={current} className="h-9 py-1">
          <option value={allValue}>{allLabel}</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title} ({e.date})
            </option>
          ))}
        </Select>
      </div>
      {answerFilters ? (
        <>
          <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
            <Label htmlFor="attendance-search">Search</Label>
            <Input
              id="attendance-search"
              name="q"
              type="search"
              defaultValue={q ?? ""}
              key={q ?? ""}
              placeholder="Guest or party name"
              className="h-9"
            />
          </div>
          <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
            <Label htmlFor="attendance-status">Status</Label>
            <Select id="attendance-status" name="status" defaultValue={status ?? "all"} key={status ?? "all"} className="h-9 py-1">
              <option value="all">All answers{n("all")}</option>
              <option value="attending">Attending{n("attending")}</option>
              <option value="declined">Not Attending{n("declined")}</option>
            </Select>
          </div>
        </>
      ) : null}
      <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
        <Button type="submit" size="sm" variant="secondary">
          Show
        </Button>
        {answerFilters ? (
          <Link to="/admin/event-rsvps" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
