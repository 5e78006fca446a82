import { useEffect } from "react";
import { CheckCircle2Icon, TriangleAlertIcon } from "./icons";
import { toast } from "~/components/ui/toaster";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";

/** What an action tells the guest: a toast with JavaScript, a box on the page without. */
export type Notice = { type: "success" | "error"; title: string; description?: string };

export function useNoticeToast(notice: Notice | null | undefined) {
  useEffect(() => {
    if (notice) toast({ title: notice.title, description: notice.description, type: notice.type });
  }, [notice]);
}

/** Server-rendered only: once JavaScript runs, the toast says it. */
export function NoticeBox({ notice, className }: { notice: Notice | null | undefined; className?: string }) {
  const hydrated = useHydrated();
  if (!notice || hydrated) return null;
  const error = notice.type === "error";
  const Icon = error ? TriangleAlertIcon : CheckCircle2Icon;
  return (
    <div
      role={error ? "alert" : "status"}
      className={cn(
        "mb-6 flex gap-3 rounded-2xl p-4 ring-1",
        error ? "bg-destructive/5 text-destructive ring-destructive/30" : "bg-success/5 text-success ring-success/30",
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{notice.title}</p>
        {notice.description ? <p className="text-ink/90">{notice.description}</p> : null}
      </div>
    </div>
  );
}
