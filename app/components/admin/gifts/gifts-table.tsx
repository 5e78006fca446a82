import { Form } from "react-router";
import { formatCents, formatDate } from "~/components/admin/format";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Textarea } from "~/components/ui/textarea";

export type GiftRow = {
  id: string;
  giverName: string;
  language: "en" | "pt";
  amount: number;
  receivedAmount: number | null;
  message: string | null;
  reference: string | null;
  status: "promised" | "received";
  receivedAt: string | null;
  thanked: boolean;
  createdAt: string;
};

/** One fund's gifts: who, how much, promised or received and when, the message, the thanked tick and the thank-you note. */
export function GiftsTable({ gifts, canWrite }: { gifts: GiftRow[]; canWrite: boolean }) {
  if (gifts.length === 0) return <p className="text-sm text-muted-foreground">No gifts yet.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Giver</TableHead>
          <TableHead>Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Message</TableHead>
          <TableHead>Thanks</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {gifts.map((g) => (
          <TableRow key={g.id}>
            <TableCell>
              {g.giverName}
              <div className="text-xs text-muted-foreground">{g.reference ?? "no pledge"}</div>
            </TableCell>
            <TableCell>{formatCents(g.receivedAmount ?? g.amount)}</TableCell>
            <TableCell>{g.status === "received" ? `Received ${formatDate(g.receivedAt)}` : `Promised ${formatDate(g.createdAt)}`}</TableCell>
            <TableCell className="max-w-xs whitespace-pre-wrap">{g.message ?? ""}</TableCell>
            <TableCell>
              {canWrite ? (
                <Form method="post" className="flex flex-col gap-2">
                  <input type="hidden" name="intent" value="thank" />
                  <input type="hidden" name="id" value={g.id} />
                  <input type="hidden" name="thanked" value={g.thanked ? "false" : "true"} />
                  {g.thanked ? null : (
                    <Textarea
                      name="note"
                      aria-label={`Thank-you note to ${g.giverName} (${g.language === "pt" ? "Portuguese" : "English"}), mailed when you tick`}
                      rows={2}
                      maxLength={5000}
                      placeholder={`Note in ${g.language === "pt" ? "Portuguese" : "English"} (optional)`}
                    />
                  )}
                  <Button type="submit" size="sm" variant={g.thanked ? "outline" : "default"}>
                    {g.thanked ? "Thanked ✓ (untick)" : "Tick thanked"}
                  </Button>
                </Form>
              ) : g.thanked ? (
                "Thanked ✓"
              ) : (
                "Not yet"
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
