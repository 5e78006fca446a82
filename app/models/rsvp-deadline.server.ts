import { DeadlinePassedError } from "../utils/errors";
import { rsvpDeadlineState } from "../utils/rsvp-deadline";
import type { Actor } from "./activity.server";
import { getEventConfig } from "./event-config.server";

export { rsvpDeadlineState, replyByText, formatDeadlineDate, DEADLINE_PASSED_TEXT } from "../utils/rsvp-deadline";

/** The deadline as it stands now (from the configuration). */
export const currentDeadline = (now: Date = new Date()) => rsvpDeadlineState(getEventConfig(), now);

/**
 * The rule (issue 14): after the deadline a guest may read but change
 * nothing; the host may change everything. Every guest write calls this first.
 */
export function assertMayChange(actor: Actor, now: Date = new Date()) {
  if (actor === "guest" && currentDeadline(now).passed) throw new DeadlinePassedError();
}
