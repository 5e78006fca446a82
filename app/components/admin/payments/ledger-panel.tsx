import { Form } from "react-router";
import { useClearAfterSave } from "~/components/admin/clear-after-save";
import { DataTable } from "~/components/admin/data-table";
import { formatCents, formatDate } from "~/components/admin/format";
import { Panel } from "~/components/admin/page-header";
import { PartyPaymentBadge, type PartyPaymentStatus } from "~/components/admin/rooms/party-payment-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { PAYMENT_METHODS } from "~/utils/money";

export const METHOD_NAMES: Record<(typeof PAYMENT_METHODS)[number], string> = {
  "bank-transfer": "Bank transfer",
  "payment-link": "Payment link",
  mbway: "MB WAY",
  cash: "Cash",
  other: "Other",
};

export type LedgerView = {
  partyId: string;
  reference: string;
  charges: Array<{ id: string; label: string; amount: number }>;
  payments: Array<{ id: string; amount: number; date: string; method: (typeof PAYMENT_METHODS)[number]; note: string | null; roomAssignmentId: string | null }>;
  due: number;
  paid: number;
  balance: number;
  status: PartyPaymentStatus;
};

/**
 * One party's ledger on Payment Status (issue 25): the figures, its charges
 * and payments each with an undo, and the two forms (record a payment, add a
 * charge). Plain forms posting to the page's action: they work without JavaScript.
 */
export function LedgerPanel({ ledger, partyName, today }: { ledger: LedgerView; partyName: string; today: string }) {
  const id = (name: string) => `${name}-${ledger.partyId}`;
  const clearPayment = useClearAfterSave();
  const clearCharge = useClearAfterSave();
  return (
    <Panel
      id={id("ledger")}
      // Not the party's name: the rooms card above is the section headed by it.
      title="Ledger: payments and charges"
      headingLevel={3}
      description={
        <>
          Reference <strong className="font-mono">{ledger.reference}</strong> · due {formatCents(ledger.due)} · paid {formatCents(ledger.paid)} · balance{" "}
          {formatCents(ledger.balance)}
        </>
      }
      actions={<PartyPaymentBadge status={ledger.status} />}
    >
      <div className="flex flex-col gap-6">
        <DataTable
          caption={`Payments of ${partyName}`}
          rows={ledger.payments}
          rowKey={(p) => p.id}
          empty="No payment yet."
          columns={[
            { header: "Date", cell: (p) => formatDate(p.date) },
            { header: "Amount", className: "tabular-nums", cell: (p) => formatCents(p.amount) },
            { header: "Method", cell: (p) => METHOD_NAMES[p.method] },
            { header: "Note", cell: (p) => p.note ?? "" },
            {
              header: "Undo",
              cell: (p) => (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="remove-payment" />
                  <input type="hidden" name="id" value={p.id} />
                  <Button type="submit" size="sm" variant="outline">
                    Remove<span className="sr-only"> payment of {formatCents(p.amount)} on {formatDate(p.date)}</span>
                  </Button>
                </Form>
              ),
            },
          ]}
        />
        <DataTable
          caption={`Charges and discounts of ${partyName}`}
          rows={ledger.charges}
          rowKey={(c) => c.id}
          empty="No charge or discount beside the rooms."
          columns={[
            { header: "Charge", cell: (c) => c.label },
            { header: "Amount", className: "tabular-nums", cell: (c) => formatCents(c.amount) },
            {
              header: "Undo",
              cell: (c) => (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="remove-charge" />
                  <input type="hidden" name="id" value={c.id} />
                  <Button type="submit" size="sm" variant="outline">
                    Remove<span className="sr-only"> charge {c.label}</span>
                  </Button>
                </Form>
              ),
            },
          ]}
        />
        <div className="grid gap-6 lg:grid-cols-2">
          <Form method="post" preventScrollReset {...clearPayment} className="flex flex-col gap-3 rounded-lg border p-3" aria-labelledby={id("pay-heading")}>
            <h4 id={id("pay-heading")} className="font-semibold">
              Record a payment
            </h4>
            <input type="hidden" name="intent" value="add-payment" />
            <input type="hidden" name="partyId" value={ledger.partyId} />
            <div className="grid grid-cols-2 gap-3">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={id("pay-amount")}>Amount (€)</Label>
                <Input id={id("pay-amount")} name="amount" inputMode="decimal" required placeholder="240,00" />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={id("pay-date")}>Date</Label>
                <Input id={id("pay-date")} name="date" type="date" required defaultValue={today} />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={id("pay-method")}>Method</Label>
                <Select id={id("pay-method")} name="method" defaultValue="bank-transfer">
                  {Object.entries(METHOD_NAMES).map(([value, name]) => (
                    <option key={value} value={value}>
                      {name}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={id("pay-note")}>Note</Label>
                <Input id={id("pay-note")} name="note" maxLength={500} />
              </div>
            </div>
            <Button type="submit" size="sm" className="self-start">
              Record payment
            </Button>
          </Form>
          <Form method="post" preventScrollReset {...clearCharge} className="flex flex-col gap-3 rounded-lg border p-3" aria-labelledby={id("charge-heading")}>
            <h4 id={id("charge-heading")} className="font-semibold">
              Add a charge or discount
            </h4>
            <input type="hidden" name="intent" value="add-charge" />
            <input type="hidden" name="partyId" value={ledger.partyId} />
            <div className="grid grid-cols-2 gap-3">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={id("charge-label")}>Label</Label>
                <Input id={id("charge-label")} name="label" required maxLength={200} placeholder="Boat trip, 2 × €35" />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={id("charge-amount")}>Amount (€, negative for a discount)</Label>
                <Input id={id("charge-amount")} name="amount" inputMode="decimal" required placeholder="70,00" />
              </div>
            </div>
            <Button type="submit" size="sm" variant="secondary" className="self-start">
              Add charge
            </Button>
          </Form>
        </div>
      </div>
    </Panel>
  );
}
