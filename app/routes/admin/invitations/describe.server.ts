import type { SendResult } from "~/models/invitations.server";

const REASONS = { "no-email": "no e-mail", "already-sent": "already sent in the last 10 minutes", "nothing-open": "nothing open" } as const;

/** The toast after a send: how many went, and why the others did not. */
export function describeSend(kind: "invitation" | "reminder", result: SendResult, smtp: boolean) {
  const what = kind === "invitation" ? "invitation" : "reminder";
  const n = result.queued.length;
  const counts = new Map<string, number>();
  for (const s of result.skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  const skipped = [...counts].map(([reason, count]) => `${count} skipped (${REASONS[reason as keyof typeof REASONS]})`);
  const queued = n === 0 ? `No ${what} queued` : `${n} ${what}${n === 1 ? "" : "s"} ${smtp ? "queued for sending" : "stored, not sent (SMTP_URL is not set)"}`;
  return {
    type: n === 0 ? ("error" as const) : ("success" as const),
    title: kind === "invitation" ? "Invitation e-mails" : "Reminder e-mails",
    description: [queued, ...skipped].join("; ") + ".",
  };
}
