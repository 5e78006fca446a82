import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { Form } from "react-router";
import { Field, SelectField } from "~/components/ui/field";
import { editAssignmentSchema } from "~/schemas/admin-rooms-assignments";
import { AssignmentFormFooter, PaymentDeadlineField, useAssignmentForm } from "./assignment-form-parts";
import { usePendingIntent } from "./pending";
import type { AssignmentItem } from "./types";

/** "Edit Room Assignment": party and room type read-only; quantity, status and deadline editable. */
export function EditAssignmentForm({
  assignment,
  maximum,
  lastResult,
  closeTo,
}: {
  assignment: AssignmentItem;
  /** Units this assignment may hold: what is left plus what it already holds. */
  maximum: number;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const schema = useMemo(
    () => editAssignmentSchema({ editMaximum: (id) => (id === assignment.id ? maximum : undefined) }),
    [assignment.id, maximum],
  );
  const { form, fields, live } = useAssignmentForm({
    id: `edit-assignment-${assignment.id}`,
    schema,
    lastResult,
    defaultValue: {
      quantity: String(assignment.quantity),
      confirmationStatus: assignment.confirmationStatus,
      paymentDeadline: assignment.paymentDeadline ?? "",
    },
  });
  const pending = usePendingIntent("update", assignment.id);

  return (
    <Form method="post" {...getFormProps(form)} {...live.formProps} className="flex flex-col gap-1">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={assignment.id} />
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-sm">
        <dt className="text-muted-foreground">Party</dt>
        <dd className="font-medium">{assignment.party.name}</dd>
        <dt className="text-muted-foreground">Room Type</dt>
        <dd className="font-medium">
          {assignment.roomType.name} <span className="text-muted-foreground">({assignment.roomType.location})</span>
        </dd>
      </dl>
      <Field
        labelProps={{ children: "Quantity" }}
        inputProps={{ ...getInputProps(fields.quantity, { type: "number" }), min: 1, max: Math.max(1, maximum), inputMode: "numeric" }}
        hint={`Up to ${Math.max(0, maximum)} units can be assigned (including current assignment)`}
        errors={fields.quantity.errors}
      />
      <SelectField
        labelProps={{ children: "Confirmation Status" }}
        selectProps={getSelectProps(fields.confirmationStatus)}
        errors={fields.confirmationStatus.errors}
      >
        <option value="pending">Pending</option>
        <option value="confirmed">Confirmed</option>
        <option value="declined">Declined</option>
      </SelectField>
      <PaymentDeadlineField field={fields.paymentDeadline} />
      <AssignmentFormFooter
        errorId={form.errorId}
        errors={[...(form.errors ?? []), ...live.formErrors]}
        closeTo={closeTo}
        disabled={live.disabled}
        pending={pending}
        label="Update Assignment"
        pendingLabel="Updating..."
      />
    </Form>
  );
}
