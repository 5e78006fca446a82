import { CalendarClockIcon, LockIcon } from "./icons";
import { fmt, useLang, useT } from "~/i18n";
import { cn } from "~/utils/cn";
import { formatDeadlineDate, type RsvpDeadlineState } from "~/utils/rsvp-deadline";

/** "Please reply by 12 May 2026", or, once it has passed, that answers are closed (issue 14). */
export function DeadlineNote({ deadline, className }: { deadline: RsvpDeadlineState; className?: string }) {
  const t = useT().guest;
  const lang = useLang();
  if (!deadline.deadline) return null;
  if (deadline.passed) {
    return (
      <p role="status" data-testid="deadline-passed" className={cn("flex items-start gap-3 rounded-2xl border border-terracotta/40 bg-terracotta/10 px-5 py-4 text-left text-lg text-ink", className)}>
        <LockIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-wine" />
        <span>
          <strong className="block font-semibold">{t.deadlinePassedTitle}</strong>
          {t.deadlinePassed}
        </span>
      </p>
    );
  }
  return (
    <p data-testid="deadline" className={cn("inline-flex items-center gap-2 text-lg font-medium text-wine", className)}>
      <CalendarClockIcon aria-hidden="true" className="size-5 shrink-0" />
      {fmt(t.replyBy, { date: formatDeadlineDate(deadline.deadline, lang) })}
    </p>
  );
}
