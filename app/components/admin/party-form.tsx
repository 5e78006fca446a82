import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { INVITEE_LANGUAGES, LANGUAGE_LABELS } from "~/schemas/fields";
import { FormActions, FormErrors, useSubmitting } from "./form-parts";

type PartyValues = {
  name?: string | null;
  primaryContactName?: string | null;
  primaryEmail?: string | null;
  primaryPhone?: string | null;
  authCode?: string | null;
  notes?: string | null;
  language?: string | null;
};

/** SPEC.md 5's party form, for create (list page) and edit (party page). */
export function PartyForm({
  id,
  intent,
  schema,
  defaultValue,
  lastResult,
  cancelTo,
  submitLabel,
  busyLabel,
  hidden = {},
}: {
  id: string;
  intent: string;
  schema: z.ZodType;
  defaultValue?: PartyValues;
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
  submitLabel: string;
  busyLabel: string;
  hidden?: Record<string, string>;
}) {
  const busy = useSubmitting(intent);
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-col gap-1">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          className="sm:col-span-2"
          labelProps={{ children: "Party name" }}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
          errors={fields.name.errors}
        />
        <Field
          labelProps={{ children: "Primary contact (optional)" }}
          inputProps={{ ...getInputProps(fields.primaryContactName, { type: "text" }), autoComplete: "off" }}
          errors={fields.primaryContactName.errors}
        />
        <Field
          labelProps={{ children: "Primary email (optional)" }}
          inputProps={{ ...getInputProps(fields.primaryEmail, { type: "email" }), autoComplete: "off" }}
          errors={fields.primaryEmail.errors}
        />
        <Field
          labelProps={{ children: "Primary phone (optional)" }}
          hint="With country code, e.g. +351912345678"
          inputProps={{ ...getInputProps(fields.primaryPhone, { type: "tel" }), autoComplete: "off" }}
          errors={fields.primaryPhone.errors}
        />
        <Field
          labelProps={{ children: "Invitation code" }}
          hint={defaultValue?.authCode ? "Changing it stops the old link from working. Leave empty for a new random code." : "Leave empty to generate a random 10-character code."}
          inputProps={{ ...getInputProps(fields.authCode, { type: "text" }), autoComplete: "off", spellCheck: false, className: "font-mono" }}
          errors={fields.authCode.errors}
        />
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
        <TextareaField
          className="sm:col-span-2"
          labelProps={{ children: "Notes (optional)" }}
          textareaProps={{ ...getTextareaProps(fields.notes), className: "min-h-16" }}
          errors={fields.notes.errors}
        />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} busyLabel={busyLabel} busy={busy} />
    </Form>
  );
}
