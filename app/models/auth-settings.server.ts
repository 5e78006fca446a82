import { eq } from "drizzle-orm";
import { authSettings } from "../../db/schema";
import { db, immediate, prepared } from "../db.server";
import { ValidationError } from "../utils/errors";
import { recordEdit } from "./activity.server";

export type AuthSettings = Pick<typeof authSettings.$inferSelect, "emailEnabled" | "phoneEnabled" | "customCodeEnabled" | "emailCodeRequired">;
export type AuthMethod = "code" | "email" | "phone";

export const LAST_METHOD_MESSAGE = "At least one authentication method must be enabled.";

const columns = {
  emailEnabled: authSettings.emailEnabled,
  phoneEnabled: authSettings.phoneEnabled,
  customCodeEnabled: authSettings.customCodeEnabled,
  emailCodeRequired: authSettings.emailCodeRequired,
  updatedAt: authSettings.updatedAt,
};
const current = prepared(() => db.select(columns).from(authSettings).where(eq(authSettings.id, "default")).prepare());

export function getAuthSettings() {
  const row = current().get();
  if (row) return row;
  db.insert(authSettings).values({ id: "default" }).onConflictDoNothing().run();
  return current().get()!;
}

export function isMethodEnabled(settings: AuthSettings, method: AuthMethod) {
  return method === "code" ? settings.customCodeEnabled : method === "email" ? settings.emailEnabled : settings.phoneEnabled;
}

/** Switching off the last enabled method is refused: guests could never sign in. */
export function updateAuthSettings(changes: Partial<AuthSettings>) {
  return immediate(() => {
    const current = getAuthSettings();
    const next = { ...current, ...changes };
    if (!next.emailEnabled && !next.phoneEnabled && !next.customCodeEnabled) {
      throw new ValidationError(LAST_METHOD_MESSAGE);
    }
    const set = {
      emailEnabled: next.emailEnabled,
      phoneEnabled: next.phoneEnabled,
      customCodeEnabled: next.customCodeEnabled,
      emailCodeRequired: next.emailCodeRequired,
    };
    recordEdit({ kind: "settings", what: "Guest sign-in", before: current, after: set });
    return db.update(authSettings).set(set).where(eq(authSettings.id, "default")).returning(columns).get();
  });
}
