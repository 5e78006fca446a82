import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { ExternalLinkIcon } from "lucide-react";
import type { Route } from "./+types/event";
import { useActionToast } from "~/components/admin/action-toast";
import { FormActions, FormErrors, useSubmitting } from "~/components/admin/form-parts";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { BilingualField, GalleryPanel, PaymentPanel, SchedulePanel } from "~/components/admin/event-config/host-text-panels";
import { getEventConfig, paymentOrEmpty } from "~/models/event-config.server";
import { updateEventConfig } from "~/models/event-config-update.server";
import { eventConfigSchema } from "~/schemas/event-config";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { readFormWithPhotos } from "./room-type-form.server";
import { TravelSettingsPanel } from "~/components/admin/travel/travel-settings-panel";
import { getTravelSettings, listTravelPoints } from "~/models/travel-settings.server";

export const meta: Route.MetaFunction = () => [{ title: "Event Configuration | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const config = getEventConfig();
  // Issue 26: the Travel panel (its own forms, posting to /admin/event/travel).
  const travel = { settings: getTravelSettings(), points: listTravelPoints() };
  return { config: { ...config, payment: paymentOrEmpty(config.payment) }, travel };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  // Issue 18: new gallery photos travel with the form (multipart); stored like room photos, added to the list.
  let photosAdded: string | null = null;
  const { formData, uploadError } = await readFormWithPhotos(request, {
    fileField: "galleryFiles",
    appendUrls: (form, urls) => {
      appendGalleryUrls(form, urls);
      photosAdded = urls.join(" ");
    },
  });
  const submission = parseWithZod(formData, { schema: eventConfigSchema });
  if (uploadError) {
    return data(
      { result: submission.reply({ formErrors: [uploadError.message] }), uploadError: uploadError.message, toast: { type: "error" as const, title: "Upload failed", description: uploadError.message } },
      { status: uploadError.status },
    );
  }
  // A list button (add a day, remove a photo...) without JavaScript: the page again with the list changed.
  if (submission.status !== "success") {
    return data({ result: submission.reply(), uploadError: null, toast: null, photosAdded }, { status: submission.status === "error" ? 400 : 200 });
  }
  try {
    // The landing page is cached by its configuration, so it follows at once.
    updateEventConfig(submission.value);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      {
        result: submission.reply({ formErrors: [error.message] }),
        uploadError: null,
        toast: { type: "error" as const, title: "Error", description: "Failed to update settings. Please try again." },
      },
      { status: error.status },
    );
  }
  return redirectWithToast(request, "/admin/event", { type: "success", title: "Settings updated", description: "The event configuration was saved." });
}

/** Issue 18: uploaded gallery photos join the list with an empty caption for the host to fill in. */
function appendGalleryUrls(formData: FormData, urls: string[]) {
  const taken = [...formData.keys()].map((k) => /^gallery\[(\d+)\]\.url$/.exec(k)?.[1]).filter(Boolean).map(Number);
  let next = taken.length ? Math.max(...taken) + 1 : 0;
  for (const url of urls) formData.append(`gallery[${next++}].url`, url);
}

/** Keyed by the saved version, so after a save the form shows what was stored (an IBAN without its spaces). */
export default function EventConfiguration(props: Route.ComponentProps) {
  // New photos stored with a form that still needs their captions: start again from the server's answer, which lists them.
  const photos = props.actionData && "photosAdded" in props.actionData ? props.actionData.photosAdded : null;
  return <EventConfigurationForm key={`${props.loaderData.config.updatedAt} ${photos ?? ""}`} {...props} />;
}

function EventConfigurationForm({ loaderData, actionData }: Route.ComponentProps) {
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
      hostPhone: config.hostPhone ?? "",
      hotelName: config.hotelName ?? "",
      hotelPhone: config.hotelPhone ?? "",
      reminderDaysBeforeDeadline: config.reminderDaysBeforeDeadline?.toString() ?? "",
    },
    constraint: getZodConstraint(eventConfigSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventConfigSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

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
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex flex-col gap-6">
        {/* Enter in a text field must save, not press the first list button. */}
        <button type="submit" className="hidden" tabIndex={-1} aria-hidden="true" />
        <Panel title="The celebration" description="Each text in English (what guests read by default) and in Portuguese (optional: empty shows the English).">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <BilingualField label="Event title" en={fields.eventTitle} pt={fields.eventTitlePt} />
            <BilingualField label="Event date" hint="As guests read it, e.g. June 12-13, 2026" en={fields.eventDate} pt={fields.eventDatePt} />
            <BilingualField label="Event time" hint="e.g. 4:30 PM" en={fields.eventTime} pt={fields.eventTimePt} />
            <BilingualField label="Dress code (optional)" en={fields.dressCode} pt={fields.dressCodePt} />
            <BilingualField label="Welcome message (optional)" hint="Shown on the landing page under the title" en={fields.welcomeMessage} pt={fields.welcomeMessagePt} multiline />
          </div>
        </Panel>
        <Panel title="Venue">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <BilingualField label="Venue name" en={fields.venueName} pt={fields.venueNamePt} />
            <BilingualField label="Venue address" en={fields.venueAddress} pt={fields.venueAddressPt} />
            <BilingualField label="Directions (optional)" hint="Line breaks are kept on the landing page" en={fields.venueDirections} pt={fields.venueDirectionsPt} multiline />
            <p className="text-sm text-muted-foreground sm:col-span-2">With both latitude and longitude set, the landing page links to the venue in maps apps.</p>
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
        {/* Issue 38: whom guests call on the day, as tap-to-call and WhatsApp links on My weekend. */}
        <Panel title="Contacts on the day" description="Shown on each guest's My weekend page as call and WhatsApp links. Phone numbers start with + and the country code, e.g. +351912345678.">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field
              labelProps={{ children: "Host's phone (optional)" }}
              inputProps={{ ...getInputProps(fields.hostPhone, { type: "tel" }), autoComplete: "tel" }}
              errors={fields.hostPhone.errors}
            />
            <div className="hidden sm:block" />
            <Field labelProps={{ children: "Hotel name (optional)" }} inputProps={getInputProps(fields.hotelName, { type: "text" })} errors={fields.hotelName.errors} />
            <Field
              labelProps={{ children: "Hotel's phone (optional)" }}
              inputProps={getInputProps(fields.hotelPhone, { type: "tel" })}
              errors={fields.hotelPhone.errors}
            />
          </div>
        </Panel>
        <Panel title="Rooms">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <BilingualField
              label="Room confirmation message (optional)"
              hint="Shown to parties above the rooms they are asked to confirm"
              en={fields.roomConfirmationMessage}
              pt={fields.roomConfirmationMessagePt}
              multiline
            />
          </div>
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
        {/* --- issue 18: payment, schedule, gallery --- */}
        <PaymentPanel field={fields.payment} />
        <SchedulePanel form={form as never} field={fields.schedule} />
        <GalleryPanel form={form as never} field={fields.gallery} uploadError={actionData?.uploadError} />
        {/* --- end issue 18 --- */}
        <div className="sticky bottom-0 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
          <FormErrors id={form.errorId} errors={form.errors} />
          <FormActions submitLabel="Save Configuration" busyLabel="Saving..." busy={busy} />
        </div>
      </Form>
      <div className="mt-6">
        <TravelSettingsPanel settings={loaderData.travel.settings} points={loaderData.travel.points} rsvpDeadline={config.rsvpDeadline} />
      </div>
    </>
  );
}
