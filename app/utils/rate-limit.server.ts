import { env } from "../env.server";
import { clientAddressOf } from "./client-address";
import { now as clockNow } from "./clock.server";
import { RateLimitedError } from "./errors";

/** An attempt counted before it is checked; `release` gives the count back when it did not fail. */
export interface Attempt {
  release(): void;
}

/** A small interface so the in-memory store can be swapped for a shared one later. */
export interface FailureLimiter {
  /**
   * Counts an attempt for `key` at once, before the secret is checked, so N
   * parallel attempts never get past the limit while the first are still
   * hashing (issue 22.3). Throws 429 (with Retry-After) while `key` has used
   * up its failures. A success, or an answer that is no failed guess, must
   * call `release()`.
   */
  reserve(key: string): Attempt;
  /** Throws 429 (with Retry-After) while `key` has used up its failures. Only where nothing is awaited before recordFailure. */
  assertAllowed(key: string): void;
  recordFailure(key: string): void;
}

const NO_OP: Attempt = { release() {} };

// The server's clock, so a test can move past a window (clock.server.ts); in production the real time.
const nowMs = () => clockNow().getTime();

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
    const now = nowMs();
    for (const key of failures.keys()) recent(key, now);
  }, windowMs).unref();
  const assertAllowed = (key: string) => {
    if (env().RATE_LIMIT_DISABLED === "1") return;
    const now = nowMs();
    const list = recent(key, now);
    if (list.length >= limit) {
      throw new RateLimitedError(Math.max(1, Math.ceil((list[0]! + windowMs - now) / 1000)));
    }
  };
  const recordFailure = (key: string) => {
    const now = nowMs();
    failures.set(key, [...recent(key, now), now]);
  };
  return {
    assertAllowed,
    recordFailure,
    reserve(key) {
      if (env().RATE_LIMIT_DISABLED === "1") return NO_OP;
      assertAllowed(key);
      const at = nowMs();
      failures.set(key, [...recent(key, at), at]);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const list = failures.get(key);
          const i = list?.indexOf(at) ?? -1;
          if (i >= 0) list!.splice(i, 1);
        },
      };
    },
  };
}

/** Reserves an attempt on each limiter in turn; if one refuses (429), the ones taken are given back. */
export function reserveAll(...pairs: [FailureLimiter, string][]): Attempt {
  const taken: Attempt[] = [];
  try {
    for (const [limiter, key] of pairs) taken.push(limiter.reserve(key));
  } catch (error) {
    for (const attempt of taken) attempt.release();
    throw error;
  }
  return { release: () => taken.forEach((a) => a.release()) };
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
/**
 * The owner's account, whatever the address (issue 22.5): 20 failures in 15
 * minutes. Higher than one address's 5, so one address cannot lock the host
 * out, while guesses spread over many addresses are still capped.
 */
export const ownerAccountLimiter = createMemoryLimiter({ limit: 20, windowMs: FIFTEEN_MINUTES });

/**
 * An owner sign-in attempt, counted per address and for the account before the
 * password is checked. Release it on success (or on an answer that is not a wrong password).
 */
export function reserveOwnerSignIn(context: unknown): Attempt {
  return reserveAll([adminLoginLimiter, clientAddress(context)], [ownerAccountLimiter, "owner"]);
}

/**
 * Issue 27: a helper's sign-in has the owner's limits: 5 failures per address
 * and 20 per account (the e-mail as typed, lower-cased: known or not, so the
 * answer tells nothing about whether it exists), in 15 minutes.
 */
export function reserveHelperSignIn(context: unknown, email: string): Attempt {
  return reserveAll([adminLoginLimiter, clientAddress(context)], [ownerAccountLimiter, helperAccountKey(email)]);
}

/**
 * Issue 33: a password change's check of the current password is a sign-in
 * guess: it counts on the same limits and the same keys as signing in (the
 * address's 5, the account's 20, in 15 minutes), so a stolen session cannot
 * guess at will. `helperEmail` is the helper's stored e-mail; none for the owner.
 */
export const passwordChangeGuesses = (context: unknown) => (helperEmail?: string) =>
  helperEmail === undefined ? reserveOwnerSignIn(context) : reserveHelperSignIn(context, helperEmail);

/** The helper account's count alone (the address's was taken before the body was read). */
export const reserveHelperAccount = (email: string) => ownerAccountLimiter.reserve(helperAccountKey(email));
const helperAccountKey = (email: string) => `helper:${email.trim().toLowerCase()}`;

/**
 * The address the limits count a request against: the socket's, or behind a
 * trusted proxy the forwarded client's (TRUST_PROXY, decision 057). server.js
 * getLoadContext passes both; this is the one place that decides.
 */
export function clientAddress(context: unknown) {
  const c = context as { peerAddress?: string; forwardedFor?: string | null } | undefined;
  return clientAddressOf(c?.peerAddress ?? "unknown", c?.forwardedFor, env().TRUST_PROXY);
}
