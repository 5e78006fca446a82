import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { useHydrated } from "~/utils/hydrated";

/**
 * "All Events" or one event (title and date). A GET form: with JavaScript the
 * choice applies at once, without it a Show button sends it.
 */
export function EventFilter({
  events,
  current,
  allLabel = "All Events",
  allValue = "all",
}: {
  events: Array<{ id: string; title: string; date: string }>;
  current: string;
  /** The first choice: "All Events", or the main event on the caterer's list. */
  allLabel?: string;
  allValue?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
      <div className="flex min-w-64 flex-col gap-1.5">
        <Label htmlFor="event-filter">Event</Label>
        <Select id="event-filter" name="event" defaultValue={current} key={current}>
          <option value={allValue}>{allLabel}</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title} ({e.date})
            </option>
          ))}
        </Select>
      </div>
      {hydrated ? null : (
        <Button type="submit" variant="outline">
          Show
        </Button>
      )}
    </Form>
  );
}
