import { desc, eq, isNotNull } from "drizzle-orm";
import { admins } from "../../db/schema";
import { db, prepared } from "../db.server";
import { env } from "../env.server";

/*
 * Where links that leave the site point (mails, WhatsApp texts, printed cards,
 * QR codes, calendar entries): issue 22.2. A guest's request never decides it:
 * a forged Host header on a sign-in code request once mailed the guest a link
 * to the attacker's site, token included. So, in order:
 *   1. PUBLIC_URL, when set;
 *   2. the address the host last signed in to the admin at (recorded by
 *      recordAdminSignInOrigin, only on a successful owner sign-in);
 *   3. http://localhost:PORT: right on the host's own laptop, and harmless
 *      elsewhere (it leads nobody to a stranger's site).
 */

const lastSignIn = prepared(() =>
  db
    .select({ origin: admins.signedInOrigin })
    .from(admins)
    .where(isNotNull(admins.signedInOrigin))
    .orderBy(desc(admins.signedInAt))
    .limit(1)
    .prepare(),
);

/** The site's public address, without a trailing slash. */
export function siteOrigin(): string {
  const configured = env().PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, "");
  return lastSignIn().get()?.origin ?? `http://localhost:${env().PORT}`;
}

/** Only http(s) addresses are kept, reduced to scheme://host[:port]. */
function cleanOrigin(origin: string) {
  try {
    const url = new URL(origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The owner has just signed in at `origin`: links in mails point there from now on (unless PUBLIC_URL). */
export function recordAdminSignInOrigin({ adminId, origin }: { adminId: string; origin: string }) {
  const clean = cleanOrigin(origin);
  if (!clean) return;
  db.update(admins).set({ signedInOrigin: clean, signedInAt: new Date().toISOString() }).where(eq(admins.id, adminId)).run();
}
