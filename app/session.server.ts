import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, redirect, type Cookie, type Session } from "react-router";
import { env } from "./env.server";
import type { GuestIdentity } from "./models/identity";
import { deleteSession, insertSession, readSessionData, updateSession } from "./models/sessions.server";
import { ForbiddenError, UnauthorizedError } from "./utils/errors";
import { sessionCodeIsCurrent } from "./models/sessions.server";
import { setActingPerson } from "./models/acting-person.server";
import { refusalFor, type AdminPerson } from "./models/roles.server";
import { matchedRouteId } from "./models/route-scope.server";
import { personOfSession } from "./models/team.server";

export type { GuestIdentity };
export type FlashToast = { type?: "success" | "error" | "message"; title: string; description?: string };
/**
 * The admin side names its person (issue 27): `adminId` for the owner,
 * `helperId` for a helper; `signedInAt` and `agent` let them see their own
 * sessions on "Your account".
 */
type SessionData = { adminId?: string; helperId?: string; signedInAt?: string; agent?: string; guest?: GuestIdentity };
type FlashData = { toast: FlashToast };

const SESSION_DAYS = 30;

function makeStorage(secure: boolean) {
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets: [env().SESSION_SECRET],
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
  return createSessionStorage<SessionData, FlashData>({
    cookie: rememberVerified(cookie),
    async createData(data, expires) {
      // 256 random bits: the id is the only secret a stolen cookie would need.
      const id = randomBytes(32).toString("base64url");
      insertSession(id, JSON.stringify(data), expires);
      return id;
    },
    async readData(id) {
      const data = readSessionData(id);
      return data === null ? null : JSON.parse(data);
    },
    async updateData(id, data, expires) {
      updateSession(id, JSON.stringify(data), expires);
    },
    async deleteData(id) {
      deleteSession(id);
    },
  });
}

/**
 * The same cookie, but a Cookie header already verified is not verified again:
 * the HMAC check goes through WebCrypto and cost about a tenth of an RSVP
 * submit (issue 8's profile). The result for a given header never changes
 * (the secret is fixed at start), so it is remembered, for at most 1,000
 * distinct headers at a time.
 */
function rememberVerified(cookie: Cookie): Cookie {
  const verified = new Map<string, unknown>();
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value, options) => cookie.serialize(value, options),
    async parse(header, options) {
      if (!header || options) return cookie.parse(header, options);
      if (verified.has(header)) return verified.get(header);
      let value = await cookie.parse(header);
      // The signature's base64 is decoded leniently: its last character can be
      // changed and still verify. Accept only the exact cookie we issued
      // (tests/integration/security-attacks.test.ts, "one byte changed").
      if (value != null && !(await issuedAsSent(cookie, header, value))) value = null;
      if (verified.size >= 1000) verified.clear();
      verified.set(header, value);
      return value;
    },
  };
}

/** True when the cookie in the header is byte for byte what serialize() gives for its value. */
async function issuedAsSent(cookie: Cookie, header: string, value: unknown) {
  const prefix = `${cookie.name}=`;
  const sent = header
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  const issued = (await cookie.serialize(value)).split(";")[0]!.slice(prefix.length);
  try {
    return sent !== undefined && decodeURIComponent(sent) === decodeURIComponent(issued);
  } catch {
    return false;
  }
}

let storages: { plain: ReturnType<typeof makeStorage>; secure: ReturnType<typeof makeStorage> } | undefined;

/** COOKIE_SECURE=auto: Secure cookies only when the request came over https. */
function storageFor(request: Request) {
  storages ??= { plain: makeStorage(false), secure: makeStorage(true) };
  const setting = env().COOKIE_SECURE;
  const https =
    new URL(request.url).protocol === "https:" ||
    request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
  const secure = setting === "true" || (setting === "auto" && https);
  return secure ? storages.secure : storages.plain;
}

export async function getSession(request: Request) {
  return storageFor(request).getSession(request.headers.get("Cookie"));
}

export async function commitSession(request: Request, session: Session<SessionData, FlashData>) {
  return storageFor(request).commitSession(session);
}

/**
 * Signing in always gets a brand-new session id (no fixation): the old
 * session row is deleted and a fresh one is created with the merged data.
 */
export async function startSession(request: Request, data: SessionData) {
  const storage = storageFor(request);
  const old = await storage.getSession(request.headers.get("Cookie"));
  const fresh = await storage.getSession();
  const admin = data.adminId || data.helperId ? { adminId: data.adminId, helperId: data.helperId, signedInAt: new Date().toISOString(), agent: agentOf(request) } : {
    adminId: old.get("adminId"), helperId: old.get("helperId"), signedInAt: old.get("signedInAt"), agent: old.get("agent"),
  };
  const merged: SessionData = { ...admin, guest: data.guest ?? old.get("guest") };
  // One admin person per session: signing in as the owner ends a helper's sign-in in it, and back.
  for (const key of ["adminId", "helperId", "signedInAt", "agent"] as const) if (merged[key]) fresh.set(key, merged[key]);
  if (merged.guest) fresh.set("guest", merged.guest);
  const headers = new Headers();
  if (old.id) await storage.destroySession(old);
  headers.append("Set-Cookie", await storage.commitSession(fresh));
  return headers;
}

/** Ends one role's sign-in; when nothing is left the session row is deleted. */
export async function endSession(request: Request, role: "admin" | "guest") {
  const storage = storageFor(request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (role === "admin") for (const key of ["adminId", "helperId", "signedInAt", "agent"] as const) session.unset(key);
  else session.unset("guest");
  const headers = new Headers();
  if (!session.get("adminId") && !session.get("helperId") && !session.get("guest")) {
    headers.append("Set-Cookie", await storage.destroySession(session));
  } else {
    headers.append("Set-Cookie", await storage.commitSession(session));
  }
  return headers;
}

/** The browser a session was opened from, short, for "Your account". */
function agentOf(request: Request) {
  return (request.headers.get("user-agent") ?? "").slice(0, 160) || undefined;
}

/**
 * The admin person signed in on this request (issue 27), or null: the owner,
 * or a helper still enabled. Read from the database on every request, so a
 * disabled helper's very next request is refused. The person is also handed
 * to the activity log for this request (acting-person.server.ts).
 */
export async function getAdminPerson(request: Request, given?: Session<SessionData, FlashData>): Promise<(AdminPerson & { sessionId: string }) | null> {
  const session = given ?? (await getSession(request));
  const person = personOfSession({ adminId: session.get("adminId"), helperId: session.get("helperId") });
  if (!person) return null;
  setActingPerson(person);
  return { ...person, sessionId: session.id };
}

/** The id of the signed-in admin person (owner or helper), or null. */
export async function getAdminId(request: Request) {
  return (await getAdminPerson(request))?.id ?? null;
}

/** 403 with the role's message when the person may not make this request (app/models/roles.server.ts decides). */
function assertRoleAllows(person: AdminPerson, request: Request) {
  const refusal = refusalFor(person, request.method, matchedRouteId());
  if (refusal) throw new ForbiddenError(refusal);
}

/** The session's guest, unless it signed in with a code that has since been replaced (issue 15). */
function currentGuest(guest: GuestIdentity | undefined) {
  return guest && sessionCodeIsCurrent(guest) ? guest : null;
}

export async function getGuestIdentity(request: Request) {
  return currentGuest((await getSession(request)).get("guest"));
}

/** For /api routes: 401 without an admin session; 403 when the person's role may not make this request. */
export async function requireAdmin(request: Request) {
  return (await requireAdminPerson(request)).id;
}

/** requireAdmin, answering the whole person (owner or helper, role, session). */
export async function requireAdminPerson(request: Request) {
  const person = await getAdminPerson(request);
  if (!person) throw new UnauthorizedError();
  assertRoleAllows(person, request);
  return person;
}

/**
 * For /admin pages: an HTTP redirect to the login without an admin session;
 * a request the role may not make is a thrown 403 page with the role's
 * message (the admin layout's error boundary shows it).
 */
export async function requireAdminPage(request: Request) {
  return (await requireAdminPagePerson(request)).id;
}

export async function requireAdminPagePerson(request: Request) {
  const person = await getAdminPerson(request);
  if (!person) throw redirect("/admin");
  const refusal = refusalFor(person, request.method, matchedRouteId());
  if (refusal) throw Response.json({ message: refusal }, { status: 403 });
  return person;
}

export type Caller = { role: "admin"; adminId: string; person: AdminPerson } | { role: "guest"; guest: GuestIdentity };

/** Guest or admin; 401 for nobody; an admin whose role may not make this request, 403. */
export async function requireCaller(request: Request): Promise<Caller> {
  const session = await getSession(request);
  const person = await getAdminPerson(request, session);
  if (person) {
    assertRoleAllows(person, request);
    return { role: "admin", adminId: person.id, person };
  }
  const guest = currentGuest(session.get("guest"));
  if (guest) return { role: "guest", guest };
  throw new UnauthorizedError();
}

/**
 * A guest may only touch its own party or itself (403 otherwise); an admin
 * may touch anything. `owner` is what the target belongs to.
 */
export async function requireGuestFor(request: Request, owner: { partyId?: string | null; guestId?: string | null }) {
  const caller = await requireCaller(request);
  if (caller.role === "admin") return caller;
  const { guest } = caller;
  const ok =
    (guest.type === "party" && owner.partyId != null && owner.partyId === guest.id) ||
    (guest.type === "guest" && owner.guestId != null && owner.guestId === guest.id);
  if (!ok) throw new ForbiddenError();
  return caller;
}

/** Puts a toast in the session for the next page (works without JavaScript). */
export async function flashToast(request: Request, toast: FlashToast) {
  const storage = storageFor(request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.flash("toast", toast);
  return storage.commitSession(session);
}

export async function redirectWithToast(request: Request, url: string, toast: FlashToast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashToast(request, toast));
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the flash toast; the cookie must be re-committed. */
export async function takeToast(request: Request) {
  const storage = storageFor(request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await storage.commitSession(session) : null };
}
