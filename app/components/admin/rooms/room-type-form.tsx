import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link } from "react-router";
import { FormErrors } from "~/components/admin/form-parts";
import { Button } from "~/components/ui/button";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { CHOOSE, roomTypeFormSchema, sqMToSqFt } from "~/schemas/admin-rooms";
import { ROOM_CATEGORIES } from "~/schemas/room-type";
import { FacilitiesList } from "./facilities-list";
import { useLiveValidity } from "./live-validity";
import { usePendingIntent } from "./pending";
import { PhotoPicker } from "./photo-picker";

export type RoomTypeValues = {
  id: string;
  name: string;
  location: string;
  category: (typeof ROOM_CATEGORIES)[number];
  areaSqM: number;
  areaSqFt: number;
  maxOccupancyAdults: number;
  maxOccupancyChildren: number;
  totalUnits: number;
  pricePerNight: number;
  description: string | null;
  facilities: string[];
  imageUrls: string[];
  namePt?: string | null;
  locationPt?: string | null;
  descriptionPt?: string | null;
  facilitiesPt?: string[];
};

const numberProps = { inputMode: "numeric" as const };

/** Create / edit a room type (SPEC.md section 5), with its facilities and photos. */
export function RoomTypeForm({
  roomType,
  lastResult,
  uploadError,
  closeTo,
}: {
  roomType?: RoomTypeValues;
  lastResult?: SubmissionResult<string[]> | null;
  uploadError?: string | null;
  closeTo: string;
}) {
  const intent = roomType ? "update" : "create";
  const [form, fields] = useForm({
    id: roomType ? `room-type-${roomType.id}` : "room-type-new",
    lastResult,
    constraint: getZodConstraint(roomTypeFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roomTypeFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: roomType
      ? {
          ...roomType,
          description: roomType.description ?? "",
          namePt: roomType.namePt ?? "",
          locationPt: roomType.locationPt ?? "",
          descriptionPt: roomType.descriptionPt ?? "",
          facilitiesPt: roomType.facilitiesPt ?? [],
        }
      : { maxOccupancyChildren: "0", facilities: [], facilitiesPt: [], imageUrls: [] },
  });
  const live = useLiveValidity(roomTypeFormSchema);
  const [uploading, setUploading] = useState(false);
  const pending = usePendingIntent(intent, roomType?.id);
  const sqM = Number(fields.areaSqM.value ?? 0);

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} {...live.formProps} className="flex flex-col gap-1">
      {/* Enter in a text field must save, not press the first list button (remove, move). */}
      <button type="submit" className="hidden" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="intent" value={intent} />
      {roomType ? <input type="hidden" name="id" value={roomType.id} /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field labelProps={{ children: "Name" }} inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
        <Field
          labelProps={{ children: "Location" }}
          inputProps={{ ...getInputProps(fields.location, { type: "text" }), placeholder: "e.g. Main House" }}
          errors={fields.location.errors}
        />
        <SelectField
          labelProps={{ children: "Category" }}
          selectProps={{ ...getSelectProps(fields.category), defaultValue: fields.category.defaultValue ?? CHOOSE }}
          errors={fields.category.errors}
        >
          <option value={CHOOSE} disabled hidden>
            Select a category
          </option>
          {ROOM_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <Field
          labelProps={{ children: "Total Units" }}
          inputProps={{ ...getInputProps(fields.totalUnits, { type: "number" }), ...numberProps }}
          errors={fields.totalUnits.errors}
        />
        <Field
          labelProps={{ children: "Area (m²)" }}
          inputProps={{ ...getInputProps(fields.areaSqM, { type: "number" }), step: "any", inputMode: "decimal" }}
          errors={fields.areaSqM.errors}
        />
        <Field
          labelProps={{ children: "Area (ft²)" }}
          inputProps={{ ...getInputProps(fields.areaSqFt, { type: "number" }), step: "any", inputMode: "decimal" }}
          errors={fields.areaSqFt.errors}
        />
        <p className="-mt-1 mb-3 text-sm text-muted-foreground sm:col-span-2">
          {sqM > 0 ? `${sqM} m² is about ${sqMToSqFt(sqM)} ft².` : "One m² is about 10.76 ft²."}
        </p>
        <Field
          labelProps={{ children: "Max Adults" }}
          inputProps={{ ...getInputProps(fields.maxOccupancyAdults, { type: "number" }), ...numberProps }}
          errors={fields.maxOccupancyAdults.errors}
        />
        <Field
          labelProps={{ children: "Max Children" }}
          inputProps={{ ...getInputProps(fields.maxOccupancyChildren, { type: "number" }), ...numberProps }}
          errors={fields.maxOccupancyChildren.errors}
        />
        <Field
          labelProps={{ children: "Price (€, both nights)" }}
          inputProps={{ ...getInputProps(fields.pricePerNight, { type: "number" }), ...numberProps }}
          hint="The total for the two nights; guests see half of it per night."
          errors={fields.pricePerNight.errors}
          className="sm:col-span-2"
        />
      </div>
      <TextareaField
        labelProps={{ children: "Description" }}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        errors={fields.description.errors}
      />
      {/* Issue 18: what Portuguese-speaking guests read; each empty one shows the English. */}
      <fieldset className="mb-3 flex flex-col gap-1 rounded-lg border border-dashed p-3">
        <legend className="px-1 text-sm font-medium">In Portuguese (optional)</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field labelProps={{ children: "Name (Portuguese)" }} inputProps={getInputProps(fields.namePt, { type: "text" })} errors={fields.namePt.errors} />
          <Field labelProps={{ children: "Location (Portuguese)" }} inputProps={{ ...getInputProps(fields.locationPt, { type: "text" }), placeholder: "e.g. Casa principal" }} errors={fields.locationPt.errors} />
        </div>
        <TextareaField
          labelProps={{ children: "Description (Portuguese)" }}
          textareaProps={{ ...getTextareaProps(fields.descriptionPt), rows: 3 }}
          errors={fields.descriptionPt.errors}
        />
        <FacilitiesList form={form} field={fields.facilitiesPt} legend="Facilities (Portuguese)" placeholder="e.g. Vista para a vinha" />
      </fieldset>
      <div className="grid gap-6 pb-4 md:grid-cols-2">
        <FacilitiesList form={form} field={fields.facilities} />
        <PhotoPicker form={form} field={fields.imageUrls} serverError={uploadError} onBusyChange={setUploading} />
      </div>
      <FormErrors id={form.errorId} errors={form.errors?.filter((e) => e !== uploadError)} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={closeTo} preventScrollReset replace>
            Cancel
          </Link>
        </Button>
        <Button type="submit" disabled={live.disabled || pending || uploading}>
          {pending ? "Saving..." : uploading ? "Uploading..." : roomType ? "Update Room Type" : "Create Room Type"}
        </Button>
      </div>
    </Form>
  );
}
