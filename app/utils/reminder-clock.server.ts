import { runAutoReminder } from "../models/auto-reminder.server";

/**
 * Looks once a minute (and once at start) whether the automatic reminder is
 * due. The model records it in the database, so this clock may run, stop
 * and restart at any time. The timer is unref'd.
 */
let timer: ReturnType<typeof setInterval> | undefined;

export function startReminderClock({ origin, everyMs = 60_000 }: { origin: string; everyMs?: number }) {
  const check = () => {
    try {
      const result = runAutoReminder({ origin });
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
