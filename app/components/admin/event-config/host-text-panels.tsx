import { getInputProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { ArrowDown, ArrowUp, ImagePlus, Plus, X } from "lucide-react";
import { useId } from "react";
import type { z } from "zod";
import type { gallerySchema, paymentSchema, scheduleSchema } from "~/schemas/event-config";
import { villaPoolImage, vineyardImage } from "~/assets/images";
import { Panel } from "~/components/admin/page-header";
import { RoomPhoto } from "~/components/admin/rooms/room-photo";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, TextareaField } from "~/components/ui/field";

/*
 * Issue 18's parts of the Event Configuration page: the Portuguese twin of a
 * text, the payment instructions, the landing page's schedule and gallery.
 * List buttons are Conform intents: they work in the browser and, without
 * JavaScript, on the server.
 */

type Text = FieldMetadata<string | null | undefined>;

/** An English field (required where the seed requires it) beside its optional Portuguese twin. */
export function BilingualField({
  label,
  en,
  pt,
  hint,
  multiline = false,
}: {
  label: string;
  en: Text;
  pt: Text;
  hint?: string;
  multiline?: boolean;
}) {
  // The English hint is repeated on the Portuguese twin so both inputs line up.
  const ptHint = hint;
  if (multiline) {
    return (
      <>
        <TextareaField labelProps={{ children: `${label} (English)` }} hint={hint} textareaProps={getTextareaProps(en)} errors={en.errors} />
        <TextareaField labelProps={{ children: `${label} (Portuguese)` }} hint={ptHint} textareaProps={getTextareaProps(pt)} errors={pt.errors} />
      </>
    );
  }
  return (
    <>
      <Field labelProps={{ children: `${label} (English)` }} hint={hint} inputProps={getInputProps(en, { type: "text" })} errors={en.errors} />
      <Field labelProps={{ children: `${label} (Portuguese)` }} hint={ptHint} inputProps={getInputProps(pt, { type: "text" })} errors={pt.errors} />
    </>
  );
}

type PaymentFields = z.input<typeof paymentSchema>;

/** How guests pay; all optional. Until one way to pay is set, guests read "The host will send payment details". */
export function PaymentPanel({ field }: { field: FieldMetadata<PaymentFields> }) {
  const p = field.getFieldset();
  const text = (f: Text, label: string, hint?: string, placeholder?: string) => (
    <Field labelProps={{ children: label }} hint={hint} inputProps={{ ...getInputProps(f, { type: "text" }), placeholder }} errors={f.errors} />
  );
  return (
    <Panel
      title="Payment instructions"
      description="What guests with rooms read on their pages and in the confirmation e-mail. Until you set a way to pay, they read “The host will send payment details”. Spaces in the IBAN and phone (+ and digits) are dropped on save."
    >
      <h3 className="mb-2 text-sm font-semibold">Bank transfer</h3>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {text(p.bankHolder, "Account holder")}
        {text(p.iban, "IBAN", undefined, "PT50 0000 0000 0000 0000 0000 0")}
        {text(p.bic, "BIC / SWIFT", undefined, "e.g. CGDIPTPL")}
        {text(p.bankName, "Bank name")}
        <div className="sm:col-span-2">{text(p.bankAddress, "Bank address")}</div>
      </div>
      <h3 className="mt-2 mb-2 text-sm font-semibold">Money transfer link</h3>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {text(p.transferProvider, "Provider", undefined, "e.g. Wise")}
        <Field
          labelProps={{ children: "Payment link" }}
          inputProps={{ ...getInputProps(p.transferUrl, { type: "url" }), placeholder: "https://" }}
          errors={p.transferUrl.errors}
        />
      </div>
      <h3 className="mt-2 mb-2 text-sm font-semibold">Mobile payment</h3>
      <div className="grid gap-x-4 sm:grid-cols-3">
        {text(p.mobileApp, "App", undefined, "e.g. MB WAY")}
        <Field
          labelProps={{ children: "Phone" }}
          inputProps={{ ...getInputProps(p.mobilePhone, { type: "tel" }), placeholder: "+351912345678" }}
          errors={p.mobilePhone.errors}
        />
        {text(p.mobileHolder, "Name on the account")}
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <BilingualField label="Note to guests" en={p.note} pt={p.notePt} multiline />
      </div>
    </Panel>
  );
}

type ScheduleDay = z.input<typeof scheduleSchema>[number];

/** The landing page's programme: days, each with times and titles, in both languages. */
export function SchedulePanel({ form, field }: { form: FormMetadata<never>; field: FieldMetadata<ScheduleDay[] | undefined> }) {
  const days = field.getFieldList();
  return (
    <Panel title="Landing page: schedule" description="The programme on the landing page, day by day. The Portuguese texts are optional: empty shows the English.">
      {days.length === 0 ? <p className="mb-3 text-sm text-muted-foreground">No days yet: the schedule card is hidden.</p> : null}
      <ol className="flex flex-col gap-4">
        {days.map((day, d) => {
          const df = day.getFieldset();
          const items = df.items.getFieldList();
          return (
            <li key={day.key} className="rounded-lg border p-3" data-testid="schedule-day">
              <div className="flex items-start gap-2">
                <div className="grid flex-1 gap-x-4 sm:grid-cols-2">
                  <BilingualField label={`Day ${d + 1}`} en={df.day} pt={df.dayPt} />
                </div>
                <Button variant="ghost" size="icon" className="mt-6" {...form.remove.getButtonProps({ name: field.name, index: d })} aria-label={`Remove day ${d + 1}`}>
                  <X aria-hidden="true" />
                </Button>
              </div>
              <ol className="flex flex-col gap-2">
                {items.map((item, i) => {
                  const f = item.getFieldset();
                  const label = `Day ${d + 1}, item ${i + 1}`;
                  return (
                    <li key={item.key} className="flex items-start gap-2 border-t border-dashed pt-2">
                      <div className="grid flex-1 gap-x-3 sm:grid-cols-[8rem_8rem_1fr_1fr]">
                        <Field labelProps={{ children: `${label}: time` }} inputProps={{ ...getInputProps(f.time, { type: "text" }), placeholder: "4:30-6:30 PM" }} errors={f.time.errors} />
                        <Field labelProps={{ children: "Time (Portuguese)" }} inputProps={{ ...getInputProps(f.timePt as Text, { type: "text" }), placeholder: "16:30-18:30" }} errors={f.timePt?.errors} />
                        <Field labelProps={{ children: "Title (English)" }} inputProps={getInputProps(f.title, { type: "text" })} errors={f.title.errors} />
                        <Field labelProps={{ children: "Title (Portuguese)" }} inputProps={getInputProps(f.titlePt, { type: "text" })} errors={f.titlePt.errors} />
                      </div>
                      <Button variant="ghost" size="icon" className="mt-6" {...form.remove.getButtonProps({ name: df.items.name, index: i })} aria-label={`Remove ${label}`}>
                        <X aria-hidden="true" />
                      </Button>
                    </li>
                  );
                })}
              </ol>
              <Button variant="outline" size="sm" className="mt-2" {...form.insert.getButtonProps({ name: df.items.name, defaultValue: { time: "", title: "" } })}>
                <Plus aria-hidden="true" /> Add item to day {d + 1}
              </Button>
              <ErrorList errors={df.items.errors} />
            </li>
          );
        })}
      </ol>
      <Button variant="outline" size="sm" className="mt-3 w-fit" {...form.insert.getButtonProps({ name: field.name, defaultValue: { day: "", items: [] } })}>
        <Plus aria-hidden="true" /> Add day
      </Button>
      <ErrorList errors={field.errors} />
    </Panel>
  );
}

type GalleryItem = z.input<typeof gallerySchema>[number];
const ARTWORK_PREVIEW: Record<string, string> = { "art:villa-pool": villaPoolImage.fallback, "art:vineyard": vineyardImage.fallback };

/** The venue photos on the landing page, each with a caption in both languages; new photos travel with the form. */
export function GalleryPanel({ form, field, uploadError }: { form: FormMetadata<never>; field: FieldMetadata<GalleryItem[] | undefined>; uploadError?: string | null }) {
  const inputId = useId();
  const photos = field.getFieldList();
  return (
    <Panel title="Landing page: gallery" description="The venue photos under the welcome, in this order. Portuguese captions are optional: empty shows the English.">
      {photos.length === 0 ? <p className="mb-3 text-sm text-muted-foreground">No photos: the gallery is hidden.</p> : null}
      <ol className="flex flex-col gap-3">
        {photos.map((photo, index) => {
          const f = photo.getFieldset();
          const url = f.url.value ?? f.url.initialValue ?? "";
          const n = index + 1;
          return (
            <li key={photo.key} className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row" data-testid="gallery-item">
              <input type="hidden" name={f.url.name} value={url} />
              {ARTWORK_PREVIEW[url] ? (
                <img src={ARTWORK_PREVIEW[url]} alt={`Photo ${n}`} width={160} height={120} className="aspect-[4/3] w-40 rounded-md object-cover" />
              ) : (
                <RoomPhoto url={url} alt={`Photo ${n}`} sizes="160px" className="w-40" />
              )}
              <div className="grid flex-1 gap-x-4 sm:grid-cols-2">
                <BilingualField label={`Caption ${n}`} en={f.caption} pt={f.captionPt} />
                <ErrorList errors={f.url.errors} />
              </div>
              <div className="flex gap-1 sm:flex-col">
                <Button variant="ghost" size="icon-sm" {...form.reorder.getButtonProps({ name: field.name, from: index, to: index - 1 })} disabled={index === 0} aria-label={`Move photo ${n} earlier`}>
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon-sm" {...form.reorder.getButtonProps({ name: field.name, from: index, to: index + 1 })} disabled={index === photos.length - 1} aria-label={`Move photo ${n} later`}>
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon-sm" className="text-destructive hover:text-destructive" {...form.remove.getButtonProps({ name: field.name, index })} aria-label={`Remove photo ${n}`}>
                  <X aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex flex-col gap-1.5">
        <label htmlFor={inputId} className="inline-flex w-fit items-center gap-2 text-sm font-medium">
          <ImagePlus aria-hidden="true" className="size-4" /> Add photos
        </label>
        <input
          id={inputId}
          type="file"
          name="galleryFiles"
          accept="image/*"
          multiple
          aria-describedby={`${inputId}-hint`}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
        />
        <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
          Images up to 10MB each, stored and resized like the room photos when you save; then add their captions.
        </p>
        <ErrorList errors={[uploadError, ...(field.errors ?? [])]} />
      </div>
    </Panel>
  );
}
