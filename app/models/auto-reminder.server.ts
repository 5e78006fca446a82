import { and, eq, isNull, ne, or } from "drizzle-orm";
import { eventConfig } from "../../db/schema";
import { db, immediate } from "../db.server";
import { addDays, lisbonTime } from "../utils/lisbon-time";
import { getEventConfig } from "./event-config.server";
import { reminderRecipients, sendInvitationEmails, type SendResult } from "./invitations.server";

/*
 * Issue 13, item 7: `reminderDaysBeforeDeadline` days before the RSVP
 * deadline, at 09:00 Europe/Lisbon, the reminder goes once to every invitee
 * with something open and an e-mail. The send date it went for is recorded
 * in event_config in the same transaction as the mails, so a restart that
 * day neither skips it (it is still due until the deadline closes) nor
 * repeats it (it is recorded).
 */

export type AutoReminderPlan =
  | { enabled: false }
  | {
      enabled: true;
      sendDate: string;
      sendAt: string;
      sentAt: string | null;
      sentCount: number | null;
      /** Who it would reach now (before it went). */
      recipients: number;
      due: boolean;
      missed: boolean;
    };

export function autoReminderPlan(now = new Date()): AutoReminderPlan {
  const c = getEventConfig();
  if (!c.rsvpDeadline || !c.reminderDaysBeforeDeadline) return { enabled: false };
  const sendDate = addDays(c.rsvpDeadline, -c.reminderDaysBeforeDeadline);
  const sendAt = lisbonTime(sendDate, 9);
  // Answers close at the end of the deadline day in Lisbon: a reminder after that makes no sense.
  const closesAt = lisbonTime(addDays(c.rsvpDeadline, 1), 0);
  const sent = c.autoReminderSentFor === sendDate;
  return {
    enabled: true,
    sendDate,
    sendAt: sendAt.toISOString(),
    sentAt: sent ? c.autoReminderSentAt : null,
    sentCount: sent ? (c.autoReminderCount ?? 0) : null,
    recipients: sent ? 0 : reminderRecipients().length,
    due: !sent && now >= sendAt && now < closesAt,
    missed: !sent && now >= closesAt,
  };
}

/** Sends the automatic reminder if it is due and has not gone yet; null otherwise. */
export function runAutoReminder({ now = new Date(), origin }: { now?: Date; origin: string }): SendResult | null {
  return immediate(() => {
    const plan = autoReminderPlan(now);
    if (!plan.enabled || !plan.due) return null;
    const claimed = db
      .update(eventConfig)
      .set({ autoReminderSentFor: plan.sendDate, autoReminderSentAt: now.toISOString(), autoReminderCount: 0 })
      .where(and(eq(eventConfig.id, "default"), or(isNull(eventConfig.autoReminderSentFor), ne(eventConfig.autoReminderSentFor, plan.sendDate))))
      .run();
    if (claimed.changes !== 1) return null;
    const recipients = reminderRecipients();
    const result: SendResult = recipients.length
      ? sendInvitationEmails({
          kind: "reminder",
          partyIds: recipients.filter((i) => i.type === "party").map((i) => i.id),
          guestIds: recipients.filter((i) => i.type === "guest").map((i) => i.id),
          origin,
        })
      : { queued: [], skipped: [] };
    db.update(eventConfig).set({ autoReminderCount: result.queued.length }).where(eq(eventConfig.id, "default")).run();
    return result;
  });
}
