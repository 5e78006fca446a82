import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { admins } from "../../db/schema";
import { db } from "../db.server";
import { hashPassword, verifyPassword } from "./password.server";

export const DEFAULT_ADMIN_USERNAME = "admin";

export function getAdmin({ id }: { id: string }) {
  return db.select({ id: admins.id, username: admins.username }).from(admins).where(eq(admins.id, id)).get() ?? null;
}

/**
 * The host's account at start: ADMIN_PASSWORD (re)sets it; with no account and
 * no variable a random password is generated and returned once to be printed.
 */
export async function ensureAdminAccount(adminPassword: string | undefined) {
  const existing = db.select().from(admins).where(eq(admins.username, DEFAULT_ADMIN_USERNAME)).get();
  if (adminPassword) {
    const password = await hashPassword(adminPassword);
    if (existing) db.update(admins).set({ password }).where(eq(admins.id, existing.id)).run();
    else db.insert(admins).values({ username: DEFAULT_ADMIN_USERNAME, password }).run();
    return { generatedPassword: null };
  }
  if (existing) return { generatedPassword: null };
  const generated = randomBytes(12).toString("base64url");
  db.insert(admins).values({ username: DEFAULT_ADMIN_USERNAME, password: await hashPassword(generated) }).run();
  return { generatedPassword: generated };
}

/** The one host logs in with a password only (SPEC.md): check it against every admin. */
export async function verifyAdminLogin({ password }: { password: string }) {
  const rows = db.select().from(admins).all();
  for (const row of rows) {
    if (await verifyPassword(password, row.password)) return { id: row.id, username: row.username };
  }
  return null;
}
