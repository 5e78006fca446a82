import { useRef, type ReactNode } from "react";
import { CopyIcon, DownloadIcon, PrinterIcon } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toaster";
import { useHydrated } from "~/utils/hydrated";
import { Panel } from "../page-header";

/** Issue 33: in place of the invite link for a viewer, who receives no guest's key. */
export function CredentialsWithheld() {
  return (
    <Panel id="invite" title="Invite link" description={CREDENTIALS_WITHHELD}>
      <span className="sr-only">{CREDENTIALS_WITHHELD}</span>
    </Panel>
  );
}
export const CREDENTIALS_WITHHELD = "Invitation codes and links are for the owner and co-hosts.";

/**
 * The party's invite link and its QR code, to send or to print on a paper
 * invitation. Without JavaScript the link sits in a read-only field to select.
 */
export function InviteCard({ partyName, link, qr, children }: { partyName: string; link: string; qr: string; children?: ReactNode }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // Older browsers, or a page not served over https: copy from the selected field.
      input.current?.select();
      if (!document.execCommand("copy")) {
        toast({ title: "Copy failed", description: "Select the link and copy it yourself.", type: "error" });
        return;
      }
    }
    toast({ title: "Copied", description: "The invite link is on your clipboard." });
  }

  const fileName = `invite-${partyName.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "party"}.svg`;

  return (
    <Panel id="invite" title="Invite link" description="Opening it signs the party in and shows their RSVP form." className="print:border-0 print:shadow-none">
      {/* Printed on its own, the card names the party it is for. */}
      <p className="mb-4 hidden font-display text-3xl font-semibold print:block">{partyName}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <Label htmlFor="invite-link">Link</Label>
          <div className="mt-1.5 flex gap-2">
            <Input
              ref={input}
              id="invite-link"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="h-9 font-mono text-sm"
            />
            {hydrated ? (
              <Button type="button" size="sm" onClick={copy} className="print:hidden">
                <CopyIcon aria-hidden="true" /> Copy
              </Button>
            ) : null}
          </div>
          <div className="mt-3 flex flex-wrap gap-2 print:hidden">
            <a href={qr} download={fileName} className={buttonVariants({ variant: "outline", size: "sm" })}>
              <DownloadIcon aria-hidden="true" /> Download QR code
            </a>
            {hydrated ? (
              <Button type="button" variant="outline" size="sm" onClick={() => window.print()}>
                <PrinterIcon aria-hidden="true" /> Print
              </Button>
            ) : null}
          </div>
        </div>
        <figure className="flex shrink-0 flex-col items-center gap-1">
          <img src={qr} alt={`QR code of the invite link for ${partyName}`} width={160} height={160} className="size-40 rounded-md border bg-white print:size-64" />
          <figcaption className="text-xs text-muted-foreground">Scan to RSVP</figcaption>
        </figure>
      </div>
      {children}
    </Panel>
  );
}
