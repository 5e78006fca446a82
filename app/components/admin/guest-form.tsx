import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { AGE_CATEGORIES, AGE_LABELS, NO_PARTY } from "~/schemas/admin-guest";
import { INVITEE_LANGUAGES, LANGUAGE_LABELS } from "~/schemas/fields";
import { FormActions, FormErrors, useSubmitting } from "./form-parts";

type GuestValues = {
  id?: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  customCode?: string | null;
  ageCategory?: string | null;
  partyId?: string | null;
  dateOfBirth?: string | null;
  notes?: string | null;
  language?: string | null;
};

/**
 * The guest form of Guest Management and the member form of a party (the
 * "member" variant has only SPEC.md's member fields). One form, one schema:
 * the same zod schema validates here and in the page's action.
 */
export function GuestForm({
  id,
  intent,
  schema,
  defaultValue,
  lastResult,
  parties,
  variant = "guest",
  cancelTo,
  submitLabel,
  busyLabel,
  hidden = {},
}: {
  id: string;
  intent: string;
  schema: z.ZodType;
  defaultValue?: GuestValues;
  lastResult?: SubmissionResult<string[]> | null;
  parties?: { id: string; name: string }[];
  variant?: "guest" | "member";
  cancelTo: string;
  submitLabel: string;
  busyLabel: string;
  hidden?: Record<string, string>;
}) {
  const busy = useSubmitting(intent);
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: {
      ...defaultValue,
      ageCategory: defaultValue?.ageCategory ?? "adult",
      partyId: defaultValue?.partyId ?? NO_PARTY,
    },
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const text = (name: keyof typeof fields) => getInputProps(fields[name], { type: "text" });

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-col gap-1">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field labelProps={{ children: "First name" }} inputProps={{ ...text("firstName"), autoComplete: "off" }} errors={fields.firstName.errors} />
        <Field labelProps={{ children: "Last name" }} inputProps={{ ...text("lastName"), autoComplete: "off" }} errors={fields.lastName.errors} />
        <Field
          labelProps={{ children: "Email (optional)" }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          errors={fields.email.errors}
        />
        <Field
          labelProps={{ children: "Phone (optional)" }}
          hint="With country code, e.g. +351912345678"
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "off" }}
          errors={fields.phone.errors}
        />
        <SelectField labelProps={{ children: "Age category" }} selectProps={getSelectProps(fields.ageCategory)} errors={fields.ageCategory.errors}>
          {AGE_CATEGORIES.map((a) => (
            <option key={a} value={a}>
              {AGE_LABELS[a]}
            </option>
          ))}
        </SelectField>
        {variant === "guest" ? (
          <>
            <SelectField labelProps={{ children: "Party" }} selectProps={getSelectProps(fields.partyId)} errors={fields.partyId.errors}>
              <option value={NO_PARTY}>No party (individual guest)</option>
              {parties?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              labelProps={{ children: "Language" }}
              hint="Invitations, reminders and confirmations go out in it"
              selectProps={getSelectProps(fields.language)}
              errors={fields.language.errors}
            >
              {INVITEE_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_LABELS[l]}
                </option>
              ))}
            </SelectField>
            <Field
              labelProps={{ children: "Invitation code (optional)" }}
              hint="A personal code this guest can sign in with"
              inputProps={{ ...text("customCode"), autoComplete: "off" }}
              errors={fields.customCode.errors}
            />
            <Field
              labelProps={{ children: "Date of birth (optional)" }}
              inputProps={getInputProps(fields.dateOfBirth, { type: "date" })}
              errors={fields.dateOfBirth.errors}
            />
            <TextareaField
              className="sm:col-span-2"
              labelProps={{ children: "Notes (optional)" }}
              textareaProps={{ ...getTextareaProps(fields.notes), className: "min-h-16" }}
              errors={fields.notes.errors}
            />
          </>
        ) : null}
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} busyLabel={busyLabel} busy={busy} />
    </Form>
  );
}
