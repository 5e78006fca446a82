import { getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import type { z } from "zod";
import { FormErrors } from "~/components/admin/form-parts";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useLiveValidity } from "./live-validity";

/**
 * The assign and edit forms of a room assignment behave alike: a field's
 * message on blur, the whole form re-checked as one types (the submit button
 * waits for a valid form, SPEC.md section 5).
 */
export function useAssignmentForm<Schema extends z.ZodType<Record<string, unknown>>>({
  id,
  schema,
  lastResult,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: Record<string, string>;
}) {
  type Values = z.output<Schema> & Record<string, unknown>;
  const [form, fields] = useForm<Values>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The form's values as typed (strings), before the schema parses them.
    defaultValue: defaultValue as Parameters<typeof useForm<Values>>[0]["defaultValue"],
  });
  const live = useLiveValidity(schema);
  return { form, fields, live };
}

export function PaymentDeadlineField({
  field,
  hint,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form whose field is a date string
  field: FieldMetadata<string | null | undefined, any, string[]>;
  hint?: string;
}) {
  return (
    <Field
      labelProps={{ children: "Payment Deadline" }}
      inputProps={getInputProps(field, { type: "date" })}
      hint={hint}
      errors={field.errors}
    />
  );
}

/** The form's own messages, Cancel (a link: works without JavaScript) and the submit button. */
export function AssignmentFormFooter({
  errorId,
  errors,
  closeTo,
  disabled,
  pending,
  label,
  pendingLabel,
}: {
  errorId: string;
  errors: string[];
  closeTo: string;
  disabled: boolean;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      <FormErrors id={errorId} errors={errors} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={closeTo} preventScrollReset replace>
            Cancel
          </Link>
        </Button>
        <Button type="submit" disabled={disabled || pending}>
          {pending ? pendingLabel : label}
        </Button>
      </div>
    </>
  );
}
