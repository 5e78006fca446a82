import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toaster";
import { useHydrated } from "~/utils/hydrated";

/**
 * A link shown this once (only its hash is kept: issue 27's invitations and
 * share links). Without JavaScript it sits in a read-only field to select.
 */
export function CopyOnce({ id, label, url, note }: { id: string; label: string; url: string; note: string }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.current?.select();
      if (!document.execCommand("copy")) {
        toast({ title: "Copy failed", description: "Select the link and copy it yourself.", type: "error" });
        return;
      }
    }
    toast({ title: "Copied", description: "The link is on your clipboard." });
  }
  return (
    <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1.5 flex gap-2">
        <Input ref={input} id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="h-9 bg-white font-mono text-sm" />
        {hydrated ? (
          <Button type="button" size="sm" onClick={copy}>
            Copy
          </Button>
        ) : null}
      </div>
      <p className="mt-2 text-sm">{note}</p>
    </div>
  );
}
