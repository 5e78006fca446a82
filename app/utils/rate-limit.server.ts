import { env } from "../env.server";
import { RateLimitedError } from "./errors";

/** A small interface so the in-memory store can be swapped for a shared one later. */
export interface FailureLimiter {
  /** Throws 429 (with Retry-After) while `key` has used up its failures. */
  assertAllowed(key: string): void;
  recordFailure(key: string): void;
}

/** Sliding window of failure timestamps per key, kept in memory (one container). */
export function createMemoryLimiter({ limit, windowMs }: { limit: number; windowMs: number }): FailureLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => {
    const list = (failures.get(key) ?? []).filter((t) => now - t < windowMs);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  // Forget idle keys so a flood of addresses cannot grow the map forever.
  setInterval(() => {
    const now = Date.now();
    for (const key of failures.keys()) recent(key, now);
  }, windowMs).unref();
  return {
    assertAllowed(key) {
      if (env().RATE_LIMIT_DISABLED === "1") return;
      const now = Date.now();
      const list = recent(key, now);
      if (list.length >= limit) {
        throw new RateLimitedError(Math.max(1, Math.ceil((list[0]! + windowMs - now) / 1000)));
      }
    },
    recordFailure(key) {
      const now = Date.now();
      failures.set(key, [...recent(key, now), now]);
    },
  };
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** CONTRACT.md 4: 10 failed guest sign-ins and 5 failed admin logins per address in 15 minutes. */
export const guestSignInLimiter = createMemoryLimiter({ limit: 10, windowMs: FIFTEEN_MINUTES });
export const adminLoginLimiter = createMemoryLimiter({ limit: 5, windowMs: FIFTEEN_MINUTES });
/**
 * Issue 22: one-time e-mail codes asked for per client address, 10 in 15
 * minutes. Every request that writes a code counts (recordFailure), not only
 * refused ones: each writes a row and may send a mail, whatever the address.
 */
export const codeRequestLimiter = createMemoryLimiter({ limit: 10, windowMs: FIFTEEN_MINUTES });

/** The client address React Router's node listener gives us (see server.js getLoadContext). */
export function clientAddress(context: unknown) {
  return (context as { clientAddress?: string } | undefined)?.clientAddress ?? "unknown";
}
