import { SpriteIcon } from "~/components/ui/sprite-icon";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/events";
import { useActionToast } from "~/components/admin/action-toast";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { EventForm } from "~/components/admin/events/event-form";
import { EventsTable } from "~/components/admin/events/events-table";
import { PageHeader } from "~/components/admin/page-header";
import { closeDialogUrl, refusal } from "~/routes/admin/action-replies.server";
import { UrlDialog } from "~/components/admin/url-dialog";
import { useHrefWith, crudDialogs } from "~/components/admin/url-state";
import { Button } from "~/components/ui/button";
import { createEvent, deleteEvent, listEvents, updateEvent } from "~/models/events.server";
import { deleteEventMessage, eventsActionSchema } from "~/schemas/admin-events";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { AppError } from "~/utils/errors";

export const meta: Route.MetaFunction = () => [{ title: "Events | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const events = listEvents().map((e) => ({
    id: e.id,
    title: e.title,
    date: e.date,
    timeFrom: e.timeFrom,
    timeTo: e.timeTo,
    description: e.description,
    hotelGuestsOnly: e.hotelGuestsOnly,
    // The Portuguese texts too: the edit dialog shows them, and saving it must keep them.
    titlePt: e.titlePt,
    datePt: e.datePt,
    timeFromPt: e.timeFromPt,
    timeToPt: e.timeToPt,
    descriptionPt: e.descriptionPt,
  }));
  return { events, ...crudDialogs(url, events) };
}

/** SPEC.md section 8's texts for each outcome. */
const OUTCOME = {
  create: { title: "Event saved", description: "The event has been saved successfully.", failure: "Failed to save event. Please try again." },
  update: { title: "Event updated", description: "The event has been updated successfully.", failure: "Failed to update event. Please try again." },
  delete: { title: "Event deleted", description: "The event has been deleted successfully.", failure: "Failed to delete event. Please try again." },
} as const;

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: eventsActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  const value = submission.value;
  const outcome = OUTCOME[value.intent];
  try {
    if (value.intent === "create") {
      const { intent: _, ...fields } = value;
      createEvent(fields);
    } else if (value.intent === "update") {
      const { intent: _, id, ...fields } = value;
      updateEvent(id, fields);
    } else {
      deleteEvent({ id: value.id });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refusal(submission, error, outcome.failure);
  }
  return redirectWithToast(request, closeDialogUrl(request), { type: "success", title: outcome.title, description: outcome.description });
}

export default function Events({ loaderData, actionData }: Route.ComponentProps) {
  const { events, adding, editing, deleting } = loaderData;
  const hrefWith = useHrefWith();
  useActionToast(actionData);
  const closeTo = hrefWith({ new: null, edit: null, delete: null });
  const lastResult = actionData?.result;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        className="mb-0"
        title="Events"
        description="The side events of the celebration. Guests answer for each one with their RSVP."
        actions={
          <Button asChild>
            <Link to={hrefWith({ new: "1", edit: null, delete: null })} preventScrollReset>
              <SpriteIcon name="plus" />
              Add Event
            </Link>
          </Button>
        }
      />
      <UrlDialog open={adding} closeTo={closeTo} title="Add Event">
        <EventForm lastResult={lastResult} closeTo={closeTo} />
      </UrlDialog>
      {editing ? (
        <UrlDialog open closeTo={closeTo} title="Edit Event">
          <EventForm key={editing.id} event={editing} lastResult={lastResult} closeTo={closeTo} />
        </UrlDialog>
      ) : null}
      {deleting ? (
        <ConfirmDelete
          open
          closeTo={closeTo}
          title="Delete Event"
          message={deleteEventMessage(deleting.title)}
          fields={{ id: deleting.id }}
          error={lastResult?.error?.[""]?.[0]}
        />
      ) : null}
      <EventsTable events={events} linkTo={(param, id) => hrefWith({ new: null, edit: null, delete: null, [param]: id })} />
    </div>
  );
}
