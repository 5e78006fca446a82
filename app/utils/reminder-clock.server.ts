import { runAutoReminder } from "../models/auto-reminder.server";
import { publicOrigin } from "./origin.server";

/**
 * Looks once a minute (and once at start) whether the automatic reminder is
 * due. The model records it in the database, so this clock may run, stop
 * and restart at any time. The timer is unref'd.
 */
let timer: ReturnType<typeof setInterval> | undefined;

export function startReminderClock({ everyMs = 60_000 }: { everyMs?: number } = {}) {
  const check = () => {
    try {
      // Read each time: the host may sign in at the site's address after the start (issue 22.2).
      const result = runAutoReminder({ origin: publicOrigin() });
      if (result) console.log(JSON.stringify({ t: new Date().toISOString(), level: "info", msg: "automatic reminder sent", queued: result.queued.length }));
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "automatic reminder failed", error: String(error) }));
    }
  };
  if (timer) return;
  setImmediate(check);
  timer = setInterval(check, everyMs);
  timer.unref();
}
