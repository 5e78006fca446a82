import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { ExternalLinkIcon } from "lucide-react";
import type { Route } from "./+types/event";
import { useActionToast } from "~/components/admin/action-toast";
import { FormActions, FormErrors, useSubmitting } from "~/components/admin/form-parts";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { getEventConfig, updateEventConfig } from "~/models/event-config.server";
import { eventConfigSchema } from "~/schemas/event-config";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { isAppError } from "~/utils/errors";

export const meta: Route.MetaFunction = () => [{ title: "Event Configuration | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { config: getEventConfig() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const submission = parseWithZod(await request.formData(), { schema: eventConfigSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  try {
    // The landing page is cached by its configuration, so it follows at once.
    updateEventConfig(submission.value);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      {
        result: submission.reply({ formErrors: [error.message] }),
        toast: { type: "error" as const, title: "Error", description: "Failed to update settings. Please try again." },
      },
      { status: error.status },
    );
  }
  return redirectWithToast(request, "/admin/event", { type: "success", title: "Settings updated", description: "The event configuration was saved." });
}

export default function EventConfiguration({ loaderData, actionData }: Route.ComponentProps) {
  const { config } = loaderData;
  useActionToast(actionData);
  const busy = useSubmitting();
  const [form, fields] = useForm({
    id: "event-config",
    lastResult: actionData?.result,
    defaultValue: {
      ...config,
      venueLatitude: config.venueLatitude?.toString() ?? "",
      venueLongitude: config.venueLongitude?.toString() ?? "",
      rsvpDeadline: config.rsvpDeadline ?? "",
      hostEmail: config.hostEmail ?? "",
      reminderDaysBeforeDeadline: config.reminderDaysBeforeDeadline?.toString() ?? "",
    },
    constraint: getZodConstraint(eventConfigSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventConfigSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const text = (name: "eventTitle" | "eventDate" | "eventTime" | "venueName" | "venueAddress" | "dressCode") =>
    getInputProps(fields[name], { type: "text" });

  return (
    <>
      <PageHeader
        title="Event Configuration"
        description="What the landing page and the guests' pages say about the celebration."
        actions={
          <a href="/" target="_blank" rel="noreferrer" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <ExternalLinkIcon aria-hidden="true" /> View landing page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        }
      />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <Panel title="The celebration">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field className="sm:col-span-2" labelProps={{ children: "Event title" }} inputProps={text("eventTitle")} errors={fields.eventTitle.errors} />
            <Field labelProps={{ children: "Event date" }} hint="As guests read it, e.g. June 12-13, 2026" inputProps={text("eventDate")} errors={fields.eventDate.errors} />
            <Field labelProps={{ children: "Event time" }} hint="e.g. 4:30 PM" inputProps={text("eventTime")} errors={fields.eventTime.errors} />
            <Field className="sm:col-span-2" labelProps={{ children: "Dress code (optional)" }} inputProps={text("dressCode")} errors={fields.dressCode.errors} />
            <TextareaField
              className="sm:col-span-2"
              labelProps={{ children: "Welcome message (optional)" }}
              hint="Shown on the landing page under the title"
              textareaProps={getTextareaProps(fields.welcomeMessage)}
              errors={fields.welcomeMessage.errors}
            />
          </div>
        </Panel>
        <Panel title="Venue">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field labelProps={{ children: "Venue name" }} inputProps={text("venueName")} errors={fields.venueName.errors} />
            <Field labelProps={{ children: "Venue address" }} inputProps={text("venueAddress")} errors={fields.venueAddress.errors} />
            <TextareaField
              className="sm:col-span-2"
              labelProps={{ children: "Directions (optional)" }}
              hint="Line breaks are kept on the landing page"
              textareaProps={getTextareaProps(fields.venueDirections)}
              errors={fields.venueDirections.errors}
            />
            <Field
              labelProps={{ children: "Latitude (optional)" }}
              inputProps={{ ...getInputProps(fields.venueLatitude, { type: "number" }), step: "any" }}
              errors={fields.venueLatitude.errors}
            />
            <Field
              labelProps={{ children: "Longitude (optional)" }}
              inputProps={{ ...getInputProps(fields.venueLongitude, { type: "number" }), step: "any" }}
              errors={fields.venueLongitude.errors}
            />
          </div>
        </Panel>
        <Panel title="Rooms">
          <TextareaField
            labelProps={{ children: "Room confirmation message (optional)" }}
            hint="Shown to parties above the rooms they are asked to confirm"
            textareaProps={getTextareaProps(fields.roomConfirmationMessage)}
            errors={fields.roomConfirmationMessage.errors}
          />
        </Panel>
        <Panel title="Answers">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field
              labelProps={{ children: "RSVP deadline (optional)" }}
              hint="Guests can change their answers until the end of this day (Lisbon time); a past date closes answers now"
              inputProps={getInputProps(fields.rsvpDeadline, { type: "date" })}
              errors={fields.rsvpDeadline.errors}
            />
            <SelectField
              labelProps={{ children: "Tell me when guests change something" }}
              selectProps={getSelectProps(fields.notifyHost)}
              errors={fields.notifyHost.errors}
            >
              <option value="off">Never</option>
              <option value="each">One e-mail per change</option>
              <option value="daily">One digest a day at 08:00 (Lisbon)</option>
            </SelectField>
          </div>
        </Panel>
        <Panel title="Invitations">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field
              labelProps={{ children: "Host e-mail (optional)" }}
              hint="Guests' replies to invitations and reminders come here (Reply-To), and so do notices of their changes"
              inputProps={{ ...getInputProps(fields.hostEmail, { type: "email" }), autoComplete: "email" }}
              errors={fields.hostEmail.errors}
            />
            <Field
              labelProps={{ children: "Automatic reminder, days before the RSVP deadline (optional)" }}
              hint="1 to 60; sent once at 09:00 Lisbon time to everyone with something open. Empty: off"
              inputProps={{ ...getInputProps(fields.reminderDaysBeforeDeadline, { type: "number" }), min: 1, max: 60, step: 1 }}
              errors={fields.reminderDaysBeforeDeadline.errors}
            />
          </div>
        </Panel>
        <div className="sticky bottom-0 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
          <FormErrors id={form.errorId} errors={form.errors} />
          <FormActions submitLabel="Save Configuration" busyLabel="Saving..." busy={busy} />
        </div>
      </Form>
    </>
  );
}
