import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { FormErrors } from "~/components/admin/form-parts";
import { useLiveValidity } from "~/components/admin/rooms/live-validity";
import { usePendingIntent } from "~/components/admin/rooms/pending";
import { Button } from "~/components/ui/button";
import { Field, SwitchField, TextareaField } from "~/components/ui/field";
import { eventSchema } from "~/schemas/event";

export type EventFormValues = {
  id: string;
  title: string;
  date: string;
  timeFrom: string;
  timeTo: string;
  description: string | null;
  hotelGuestsOnly: boolean;
  titlePt?: string | null;
  datePt?: string | null;
  timeFromPt?: string | null;
  timeToPt?: string | null;
  descriptionPt?: string | null;
};

const Required = ({ children }: { children: string }) => (
  <>
    {children}
    <span aria-hidden="true" className="text-destructive">
      *
    </span>
  </>
);

/** Add / Edit Event (SPEC.md section 2): one form for both, told apart by `intent`. */
export function EventForm({
  event,
  lastResult,
  closeTo,
}: {
  event?: EventFormValues;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const intent = event ? "update" : "create";
  const [form, fields] = useForm({
    id: event ? `event-${event.id}` : "event-new",
    lastResult,
    constraint: getZodConstraint(eventSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: event
      ? {
          ...event,
          description: event.description ?? "",
          hotelGuestsOnly: event.hotelGuestsOnly ? "on" : undefined,
          titlePt: event.titlePt ?? "",
          datePt: event.datePt ?? "",
          timeFromPt: event.timeFromPt ?? "",
          timeToPt: event.timeToPt ?? "",
          descriptionPt: event.descriptionPt ?? "",
        }
      : undefined,
  });
  const live = useLiveValidity(eventSchema);
  const pending = usePendingIntent(intent, event?.id);

  return (
    <Form method="post" {...getFormProps(form)} {...live.formProps} className="flex flex-col gap-1">
      <input type="hidden" name="intent" value={intent} />
      {event ? <input type="hidden" name="id" value={event.id} /> : null}
      <Field
        labelProps={{ children: <Required>Event Title</Required> }}
        inputProps={{ ...getInputProps(fields.title, { type: "text" }), placeholder: "e.g. Vineyard Walk & Wine Tasting" }}
        errors={fields.title.errors}
      />
      <Field
        labelProps={{ children: <Required>Date</Required> }}
        inputProps={{ ...getInputProps(fields.date, { type: "text" }), placeholder: "e.g. Saturday, June 13, 2026" }}
        errors={fields.date.errors}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: <Required>Start Time</Required> }}
          inputProps={{ ...getInputProps(fields.timeFrom, { type: "text" }), placeholder: "e.g. 6:00 PM" }}
          errors={fields.timeFrom.errors}
        />
        <Field
          labelProps={{ children: <Required>End Time</Required> }}
          inputProps={{ ...getInputProps(fields.timeTo, { type: "text" }), placeholder: "e.g. 7:30 PM" }}
          errors={fields.timeTo.errors}
        />
      </div>
      <TextareaField
        labelProps={{ children: "Description" }}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        errors={fields.description.errors}
      />
      {/* Issue 18: what Portuguese-speaking guests read; each empty one shows the English. */}
      <fieldset className="mt-1 flex flex-col gap-1 rounded-lg border border-dashed p-3">
        <legend className="px-1 text-sm font-medium">In Portuguese (optional)</legend>
        <Field labelProps={{ children: "Event Title (Portuguese)" }} inputProps={getInputProps(fields.titlePt, { type: "text" })} errors={fields.titlePt.errors} />
        <Field
          labelProps={{ children: "Date (Portuguese)" }}
          inputProps={{ ...getInputProps(fields.datePt, { type: "text" }), placeholder: "e.g. sábado, 13 de junho de 2026" }}
          errors={fields.datePt.errors}
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field labelProps={{ children: "Start Time (Portuguese)" }} inputProps={{ ...getInputProps(fields.timeFromPt, { type: "text" }), placeholder: "e.g. 18:00" }} errors={fields.timeFromPt.errors} />
          <Field labelProps={{ children: "End Time (Portuguese)" }} inputProps={{ ...getInputProps(fields.timeToPt, { type: "text" }), placeholder: "e.g. 19:30" }} errors={fields.timeToPt.errors} />
        </div>
        <TextareaField
          labelProps={{ children: "Description (Portuguese)" }}
          textareaProps={{ ...getTextareaProps(fields.descriptionPt), rows: 3 }}
          errors={fields.descriptionPt.errors}
        />
      </fieldset>
      <SwitchField
        labelProps={{ children: "Hotel Guests Only" }}
        inputProps={getInputProps(fields.hotelGuestsOnly, { type: "checkbox" })}
        hint="Restrict this event to only guests with room assignments"
        errors={fields.hotelGuestsOnly.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={closeTo} preventScrollReset replace>
            Cancel
          </Link>
        </Button>
        <Button type="submit" disabled={live.disabled || pending}>
          {pending ? "Saving..." : event ? "Update Event" : "Create Event"}
        </Button>
      </div>
    </Form>
  );
}
