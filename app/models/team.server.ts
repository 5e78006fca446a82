import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { admins, helperInvitations, helpers, sessions, type HELPER_ROLES } from "../../db/schema";
import { db, immediate } from "../db.server";
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from "../utils/errors";
import { enqueueMail } from "./outbox.server";
import { hashPassword, verifyPassword } from "./password.server";
import { assertPasswordAllowed } from "./password-rules.server";
import type { AdminPerson } from "./roles.server";
import { recordActivity } from "./activity.server";

/*
 * Issue 27: the owner's helpers (docs/decisions/066). The owner stays the
 * one row of `admins` with its password-only sign-in; helpers sign in with
 * e-mail and password once they accepted an invitation. A session names its
 * person (app/session.server.ts: `adminId` or `helperId`); disabling a
 * helper, deleting one or changing a password deletes the person's session
 * rows, and every request re-reads the person, so the next one is refused.
 */

export type HelperRole = (typeof HELPER_ROLES)[number];
export const INVITATION_HOURS = 72;
export const INVITATION_USED = "This invitation has already been used.";
export const INVITATION_EXPIRED = "This invitation has expired. Ask the owner for a new one.";
export const INVITATION_UNKNOWN = "This invitation link is not valid.";
export const EMAIL_IN_TEAM = "This e-mail already belongs to someone on the team.";
export const HELPER_SIGN_IN_FAILED = "Invalid credentials. Please try again.";
export const WRONG_CURRENT_PASSWORD = "The current password is not right.";

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const normalEmail = (email: string) => email.trim().toLowerCase();

const publicHelper = (h: typeof helpers.$inferSelect) => ({
  id: h.id,
  name: h.name,
  email: h.email,
  role: h.role,
  disabled: h.disabled,
  invitedAt: h.invitedAt,
  acceptedAt: h.acceptedAt,
  status: h.disabled ? "disabled" : h.acceptedAt ? "active" : "invited",
});
export type TeamMember = ReturnType<typeof publicHelper>;

export function listTeam(): TeamMember[] {
  return db.select().from(helpers).orderBy(asc(helpers.name), asc(helpers.createdAt)).all().map(publicHelper);
}

export function getTeamMember(id: string): TeamMember {
  const row = db.select().from(helpers).where(eq(helpers.id, id)).get();
  if (!row) throw new NotFoundError("Team member not found");
  return publicHelper(row);
}

/** A new single-use link for `helperId` (earlier unused ones stop working). Answers the token: shown once, kept only hashed. */
function newInvitation(helperId: string, now: Date) {
  const token = randomBytes(32).toString("base64url");
  db.update(helperInvitations).set({ usedAt: now.toISOString() }).where(and(eq(helperInvitations.helperId, helperId), isNull(helperInvitations.usedAt))).run();
  db.insert(helperInvitations)
    .values({ helperId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + INVITATION_HOURS * 3600_000).toISOString(), createdAt: now.toISOString() })
    .run();
  return token;
}

function inviteMail(helper: { name: string; email: string; role: string }, url: string, send: boolean) {
  enqueueMail({
    to: [helper.email],
    kind: "team-invitation",
    send,
    subject: "You are invited to help run the celebration",
    text: `Hello ${helper.name},\n\nYou are invited as ${helper.role} on the celebration's admin site. Choose your password here (the link works once, for ${INVITATION_HOURS} hours):\n\n${url}\n`,
  });
}

export type InviteInput = { name: string; email: string; role: HelperRole };

/** Invites a helper: the row, a 72-hour single-use link (mailed on the priority lane when `send`). Answers the helper and the link. */
export function inviteHelper(input: InviteInput, opts: { linkBase: string; send: boolean; now?: Date }) {
  const now = opts.now ?? new Date();
  const email = normalEmail(input.email);
  return immediate(() => {
    if (db.select({ id: helpers.id }).from(helpers).where(eq(helpers.email, email)).get()) {
      throw new ConflictError(EMAIL_IN_TEAM, { email: [EMAIL_IN_TEAM] });
    }
    const row = db.insert(helpers).values({ name: input.name.trim(), email, role: input.role, invitedAt: now.toISOString() }).returning().get();
    const url = `${opts.linkBase}/admin/accept?token=${newInvitation(row.id, now)}`;
    inviteMail(row, url, opts.send);
    recordActivity({ actor: "admin", kind: "team", summary: `Invited ${row.name} (${row.email}) as ${row.role}` });
    return { member: publicHelper(row), inviteUrl: url };
  });
}

/** A new link for a helper (the old one stops working); they keep their password until they choose a new one. */
export function reinviteHelper(id: string, opts: { linkBase: string; send: boolean; now?: Date }) {
  const now = opts.now ?? new Date();
  return immediate(() => {
    const row = db.select().from(helpers).where(eq(helpers.id, id)).get();
    if (!row) throw new NotFoundError("Team member not found");
    db.update(helpers).set({ invitedAt: now.toISOString() }).where(eq(helpers.id, id)).run();
    const url = `${opts.linkBase}/admin/accept?token=${newInvitation(id, now)}`;
    inviteMail(row, url, opts.send);
    recordActivity({ actor: "admin", kind: "team", summary: `New invitation for ${row.name}` });
    return { member: publicHelper({ ...row, invitedAt: now.toISOString() }), inviteUrl: url };
  });
}

/** Deletes every session row of a person, but `keep` (the session making the request). Answers how many ended. */
export function endSessionsOf(person: Pick<AdminPerson, "kind" | "id">, keep?: string) {
  const key = person.kind === "owner" ? "$.adminId" : "$.helperId";
  const where = sql`json_extract(${sessions.data}, ${key}) = ${person.id}${keep ? sql` and ${sessions.id} <> ${keep}` : sql``}`;
  return db.delete(sessions).where(where).run().changes;
}

/** Role and/or disabled; disabling ends the helper's sessions at once. */
export function updateHelper(id: string, patch: { role?: HelperRole; disabled?: boolean }) {
  return immediate(() => {
    const row = db.select().from(helpers).where(eq(helpers.id, id)).get();
    if (!row) throw new NotFoundError("Team member not found");
    const next = { role: patch.role ?? row.role, disabled: patch.disabled ?? row.disabled };
    db.update(helpers).set(next).where(eq(helpers.id, id)).run();
    if (next.disabled) endSessionsOf({ kind: "helper", id });
    const changes = [
      next.role !== row.role ? `role ${row.role} -> ${next.role}` : "",
      next.disabled !== row.disabled ? (next.disabled ? "disabled" : "enabled") : "",
    ].filter(Boolean);
    if (changes.length) recordActivity({ actor: "admin", kind: "team", summary: `${row.name}: ${changes.join(", ")}` });
    return publicHelper({ ...row, ...next });
  });
}

export function deleteHelper(id: string) {
  immediate(() => {
    const row = db.select().from(helpers).where(eq(helpers.id, id)).get();
    if (!row) throw new NotFoundError("Team member not found");
    endSessionsOf({ kind: "helper", id });
    db.delete(helpers).where(eq(helpers.id, id)).run();
    recordActivity({ actor: "admin", kind: "team", summary: `Removed ${row.name} (${row.email}) from the team` });
  });
}

/** Who the link is for, for the accept page; a used, expired or unknown link throws (410 / 404 via the route). */
export function invitationFor(token: string, now = new Date()) {
  const inv = token ? db.select().from(helperInvitations).where(eq(helperInvitations.tokenHash, sha256(token))).get() : undefined;
  if (!inv) return { state: "unknown" as const };
  const helper = db.select().from(helpers).where(eq(helpers.id, inv.helperId)).get();
  if (!helper || helper.disabled) return { state: "unknown" as const };
  if (inv.usedAt) return { state: "used" as const };
  if (new Date(inv.expiresAt) <= now) return { state: "expired" as const };
  return { state: "valid" as const, helper: publicHelper(helper), invitationId: inv.id };
}

export class InvitationGoneError extends ValidationError {}

/**
 * The helper chooses a password with the link: once only, within 72 hours.
 * The rules (password-rules.server.ts) are checked before the link is spent,
 * so a weak password can be corrected with the same link.
 */
export async function acceptInvitation(token: string, password: string, now = new Date()) {
  const found = invitationFor(token, now);
  if (found.state === "unknown") throw new NotFoundError(INVITATION_UNKNOWN);
  if (found.state !== "valid") return { gone: found.state === "used" ? INVITATION_USED : INVITATION_EXPIRED } as const;
  assertPasswordAllowed(password, found.helper);
  const hash = await hashPassword(password);
  return immediate(() => {
    // Spent inside the transaction: two parallel accepts, one wins.
    const spent = db
      .update(helperInvitations)
      .set({ usedAt: now.toISOString() })
      .where(and(eq(helperInvitations.id, found.invitationId), isNull(helperInvitations.usedAt)))
      .run().changes;
    if (spent === 0) return { gone: INVITATION_USED } as const;
    db.update(helpers).set({ password: hash, acceptedAt: now.toISOString() }).where(eq(helpers.id, found.helper.id)).run();
    endSessionsOf({ kind: "helper", id: found.helper.id });
    return { member: getTeamMember(found.helper.id) } as const;
  });
}

// A hash to compare against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** The helper signing in, or null: the same answer whether the e-mail is unknown, disabled, not yet accepted or the password wrong. */
export async function verifyHelperLogin({ email, password }: { email: string; password: string }) {
  const row = db.select().from(helpers).where(eq(helpers.email, normalEmail(email))).get();
  const stored = row?.password ?? (await (dummyHash ??= hashPassword(randomBytes(16).toString("hex"))));
  const ok = await verifyPassword(password, stored);
  if (!ok || !row || !row.password || row.disabled) return null;
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

/** The person a session names, if they may still sign in: the owner, or a helper neither disabled nor deleted. */
export function personOfSession(data: { adminId?: string; helperId?: string }): AdminPerson | null {
  if (data.adminId) {
    const owner = db.select({ id: admins.id }).from(admins).where(eq(admins.id, data.adminId)).get();
    return owner ? { kind: "owner", id: owner.id, name: "Host", role: "owner" } : null;
  }
  if (data.helperId) {
    const h = db.select().from(helpers).where(eq(helpers.id, data.helperId)).get();
    if (!h || h.disabled || !h.password) return null;
    return { kind: "helper", id: h.id, name: h.name, role: h.role };
  }
  return null;
}

/**
 * Counts one guess at a password before its hash is computed (the sign-in
 * limits: throws 429 once they are used up); `release` when it was no wrong guess.
 * The owner's account is `undefined`, a helper's is their stored e-mail.
 */
export type CountGuess = (helperEmail?: string) => { release(): void };

/** Anyone's own password: the current one checked, the rules applied, every other session of theirs ended. */
export async function changeOwnPassword(person: AdminPerson, input: { current: string; next: string }, countGuess: CountGuess, keepSessionId?: string) {
  const table = person.kind === "owner" ? admins : helpers;
  const row = db.select().from(table).where(eq(table.id, person.id)).get() as { password: string | null; email?: string; username?: string } | undefined;
  // The rules first: a weak choice is answered without spending a hash on the current password.
  assertPasswordAllowed(input.next, person.kind === "owner" ? { name: row?.username } : { name: person.name, email: row?.email }, "next");
  // Issue 33: counted before the hash, so parallel guesses cannot pass the limit while the first are hashing.
  const guess = countGuess(person.kind === "owner" ? undefined : (row?.email ?? person.id));
  let right: boolean;
  try {
    right = !!row?.password && (await verifyPassword(input.current, row.password));
  } catch (error) {
    guess.release(); // a failure of ours is no guess
    throw error;
  }
  if (!right) throw new UnauthorizedError(WRONG_CURRENT_PASSWORD);
  guess.release();
  const hash = await hashPassword(input.next);
  immediate(() => {
    if (person.kind === "owner") db.update(admins).set({ password: hash }).where(eq(admins.id, person.id)).run();
    else db.update(helpers).set({ password: hash }).where(eq(helpers.id, person.id)).run();
    endSessionsOf(person, keepSessionId);
    recordActivity({ actor: "admin", kind: "team", summary: "Changed their own password; their other sessions ended" });
  });
}

/** A session's public handle: a hash of its id, so a listing never hands out a cookie's secret. */
export const sessionHandle = (id: string) => createHash("sha256").update(id).digest("base64url").slice(0, 22);

/** The person's own sessions (newest first), each by its handle; `currentId` marks the one asking. */
export function sessionsOf(person: Pick<AdminPerson, "kind" | "id">, currentId?: string) {
  const key = person.kind === "owner" ? "$.adminId" : "$.helperId";
  return db
    .select({ id: sessions.id, data: sessions.data, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(sql`json_extract(${sessions.data}, ${key}) = ${person.id}`)
    .all()
    .map((row) => {
      const data = JSON.parse(row.data) as { signedInAt?: string; agent?: string };
      return { id: sessionHandle(row.id), signedInAt: data.signedInAt ?? null, agent: data.agent ?? null, expiresAt: row.expiresAt, current: row.id === currentId };
    })
    .sort((a, b) => (b.signedInAt ?? "").localeCompare(a.signedInAt ?? ""));
}

/** Ends one of the person's own sessions by its handle (404 for anyone else's). */
export function endOwnSession(person: Pick<AdminPerson, "kind" | "id">, handle: string) {
  const key = person.kind === "owner" ? "$.adminId" : "$.helperId";
  const own = db.select({ id: sessions.id }).from(sessions).where(sql`json_extract(${sessions.data}, ${key}) = ${person.id}`).all();
  const target = own.find((s) => sessionHandle(s.id) === handle);
  if (!target) throw new NotFoundError("Session not found");
  immediate(() => {
    db.delete(sessions).where(eq(sessions.id, target.id)).run();
    recordActivity({ actor: "admin", kind: "team", summary: "Signed out one of their own sessions" });
  });
}
