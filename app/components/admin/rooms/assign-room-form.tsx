import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { Form } from "react-router";
import { Field, SelectField } from "~/components/ui/field";
import { CHOOSE } from "~/schemas/admin-rooms";
import { assignRoomSchema, DEFAULT_PAYMENT_DEADLINE, MAX_QUANTITY } from "~/schemas/admin-rooms-assignments";
import { AssignmentFormFooter, PaymentDeadlineField, useAssignmentForm } from "./assignment-form-parts";
import { usePendingIntent } from "./pending";
import type { InventoryItem, PartyOption } from "./types";

/** "Assign Room to Party" (SPEC.md section 2 and 5). */
export function AssignRoomForm({
  parties,
  inventory,
  lastResult,
  closeTo,
}: {
  parties: PartyOption[];
  inventory: InventoryItem[];
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const schema = useMemo(() => {
    const available = new Map(inventory.map((i) => [i.id, i.availableUnits]));
    return assignRoomSchema({ available: (id) => available.get(id) });
  }, [inventory]);
  const { form, fields, live } = useAssignmentForm({
    id: "assign-room",
    schema,
    lastResult,
    defaultValue: { quantity: "1", paymentDeadline: DEFAULT_PAYMENT_DEADLINE },
  });
  const pending = usePendingIntent("assign");
  const chosen = inventory.find((i) => i.id === fields.roomTypeId.value);
  // SPEC.md section 5: at most the units left, or 100 before a room type is chosen.
  const max = chosen ? Math.max(1, chosen.availableUnits) : MAX_QUANTITY;

  return (
    <Form method="post" {...getFormProps(form)} {...live.formProps} className="flex flex-col gap-1">
      <input type="hidden" name="intent" value="assign" />
      <SelectField
        labelProps={{ children: "Party" }}
        selectProps={{ ...getSelectProps(fields.partyId), defaultValue: fields.partyId.defaultValue ?? CHOOSE }}
        errors={fields.partyId.errors}
      >
        <option value={CHOOSE} disabled hidden>
          Select a party
        </option>
        {parties.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        labelProps={{ children: "Room Type" }}
        selectProps={{ ...getSelectProps(fields.roomTypeId), defaultValue: fields.roomTypeId.defaultValue ?? CHOOSE }}
        errors={fields.roomTypeId.errors}
      >
        <option value={CHOOSE} disabled hidden>
          Select a room type
        </option>
        {inventory.map((i) => (
          <option key={i.id} value={i.id}>
            {i.name} ({Math.max(0, i.availableUnits)} available)
          </option>
        ))}
      </SelectField>
      <Field
        labelProps={{ children: "Quantity" }}
        inputProps={{ ...getInputProps(fields.quantity, { type: "number" }), min: 1, max, inputMode: "numeric" }}
        errors={fields.quantity.errors}
      />
      <PaymentDeadlineField field={fields.paymentDeadline} hint="Guests must confirm and pay by this date" />
      <AssignmentFormFooter
        errorId={form.errorId}
        errors={[...(form.errors ?? []), ...live.formErrors]}
        closeTo={closeTo}
        disabled={live.disabled}
        pending={pending}
        label="Assign Room"
        pendingLabel="Assigning..."
      />
    </Form>
  );
}
