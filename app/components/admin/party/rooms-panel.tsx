import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { Field, SelectField } from "~/components/ui/field";
import { assignRoomSchema, DEFAULT_PAYMENT_DEADLINE, MAX_QUANTITY } from "~/schemas/admin-rooms-assignments";
import { formatDate, formatEuro } from "../format";
import { FormActions, FormErrors, useSubmitting } from "../form-parts";
import { Panel } from "../page-header";
import { StatusBadge } from "../status-badge";

type Assignment = {
  id: string;
  roomTypeId: string;
  quantity: number;
  confirmationStatus: "pending" | "confirmed" | "declined";
  declineReason: string | null;
  paymentDeadline: string | null;
  isPaid: boolean;
  paidAt: string | null;
  roomType: { name: string; location: string; pricePerNight: number };
};
type InventoryItem = { id: string; name: string; availableUnits: number; totalUnits: number };

const STATUS_LABEL = { pending: "Pending", confirmed: "Confirmed", declined: "Declined" } as const;

/** The party's rooms at a glance, and the form that assigns another room type. */
export function RoomsPanel({
  partyId,
  assignments,
  inventory,
  lastResult,
}: {
  partyId: string;
  assignments: Assignment[];
  inventory: InventoryItem[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  return (
    <Panel
      id="rooms"
      title={`Rooms (${assignments.length})`}
      description="Two nights, June 12-13, 2026. Prices are the total for both nights."
      actions={
        <Link to="/admin/room-assignments" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Room Assignments
        </Link>
      }
      className="print:hidden"
    >
      {assignments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No rooms assigned yet.</p>
      ) : (
        <ul className="divide-y">
          {assignments.map((a) => (
            <li key={a.id} className="flex flex-col gap-1 py-2.5 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">
                  {a.roomType.name} × {a.quantity}
                </span>
                <StatusBadge state={a.confirmationStatus}>{STATUS_LABEL[a.confirmationStatus]}</StatusBadge>
                {a.confirmationStatus === "confirmed" ? (
                  <StatusBadge state={a.isPaid ? "paid" : "unpaid"}>{a.isPaid ? "Paid" : "Unpaid"}</StatusBadge>
                ) : null}
                <span className="ml-auto tabular-nums">{formatEuro(a.roomType.pricePerNight * a.quantity)}</span>
              </div>
              <p className="text-muted-foreground">
                {a.roomType.location}
                {a.paymentDeadline ? ` · Pay by ${formatDate(a.paymentDeadline)}` : ""}
                {a.paidAt ? ` · Paid on ${formatDate(a.paidAt)}` : ""}
              </p>
              {a.confirmationStatus === "declined" && a.declineReason ? (
                <p className="text-muted-foreground">Decline reason: {a.declineReason}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {inventory.length === 0 ? (
        <p className="mt-4 border-t pt-4 text-sm text-muted-foreground">
          No room types yet: add them under <Link to="/admin/room-types" className="text-primary underline">Room Types</Link>.
        </p>
      ) : inventory.every((r) => assignments.some((a) => a.roomTypeId === r.id)) ? (
        <p className="mt-4 border-t pt-4 text-sm text-muted-foreground">Every room type is already assigned to this party.</p>
      ) : (
        <AssignRoomForm partyId={partyId} assignments={assignments} inventory={inventory} lastResult={lastResult} />
      )}
    </Panel>
  );
}

function AssignRoomForm({
  partyId,
  assignments,
  inventory,
  lastResult,
}: {
  partyId: string;
  assignments: Assignment[];
  inventory: InventoryItem[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const busy = useSubmitting("assign");
  const taken = new Set(assignments.map((a) => a.roomTypeId));
  const schema = assignRoomSchema({ available: (id) => inventory.find((r) => r.id === id)?.availableUnits });
  const [form, fields] = useForm({
    id: `assign-room-${partyId}`,
    lastResult,
    // A select offers no empty choice (SPEC.md 5): the first free room type is preselected.
    defaultValue: {
      roomTypeId: inventory.find((r) => !taken.has(r.id))?.id,
      quantity: "1",
      paymentDeadline: DEFAULT_PAYMENT_DEADLINE,
    },
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const chosen = inventory.find((r) => r.id === fields.roomTypeId.value);
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-4 border-t pt-4">
      <h3 className="mb-3 text-sm font-semibold">Assign Room</h3>
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="partyId" value={partyId} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField className="sm:col-span-2" labelProps={{ children: "Room Type" }} selectProps={getSelectProps(fields.roomTypeId)} errors={fields.roomTypeId.errors}>
          {inventory.map((r) => (
            <option key={r.id} value={r.id} disabled={taken.has(r.id)}>
              {r.name} ({taken.has(r.id) ? "already assigned" : `${r.availableUnits} available`})
            </option>
          ))}
        </SelectField>
        <Field
          labelProps={{ children: "Quantity" }}
          hint={chosen ? `Up to ${Math.max(0, chosen.availableUnits)} available` : undefined}
          inputProps={{
            ...getInputProps(fields.quantity, { type: "number" }),
            min: 1,
            max: chosen ? Math.max(1, chosen.availableUnits) : MAX_QUANTITY,
          }}
          errors={fields.quantity.errors}
        />
        <Field
          labelProps={{ children: "Payment Deadline" }}
          hint="Guests must confirm and pay by this date"
          inputProps={getInputProps(fields.paymentDeadline, { type: "date" })}
          errors={fields.paymentDeadline.errors}
        />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormActions submitLabel="Assign Room" busyLabel="Assigning..." busy={busy} />
    </Form>
  );
}
