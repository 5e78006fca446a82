/**
 * Issue 27, decided per route since issue 33: who of the admins may do what.
 *
 * - owner: everything (today's password-only admin).
 * - co-host: everything but the owner's routes below.
 * - viewer: reads everything a co-host reads, but guests' credentials (see
 *   `mayReadGuestCredentials`); any request that is not GET or HEAD is
 *   refused, except on the person's own account.
 *
 * The rule is looked up by the id of the route React Router matched (the
 * request's scope carries it: app/models/route-scope.server.ts), never by the
 * path's text: the router matches paths without regard to letter case and
 * after percent-decoding, so `/api/Team` and `/api/%74eam` are the route of
 * `/api/team` and must get its rule (issue 33 finding 1). A route missing from
 * the table refuses everyone, so a route added later is closed until it is
 * given a rule (a unit test lists app/routes.ts against this table).
 */
export type AdminRole = "owner" | "co-host" | "viewer";
export type AdminPerson = { kind: "owner" | "helper"; id: string; name: string; role: AdminRole };

export const ROLE_REFUSED = "Your role can't change this.";
export const OWNER_ONLY_REFUSED = "Only the owner can open this.";
export const NO_RULE_REFUSED = "This page has no access rule.";

/**
 * What a route lets an admin person do, whoever else it admits:
 * - "public" / "guest" / "admin": any admin may read; a viewer may not write
 *   (the three are told apart for the reader: who else the route answers);
 * - "owner": the owner only, any method (the team, the sign-in methods);
 * - "own-account": any admin person, any method (their password, sessions,
 *   signing out, the sidebar's cookie).
 */
export type RouteRule = "public" | "guest" | "admin" | "owner" | "own-account";

/** Every route of app/routes.ts by its id (the file without extension, or the id it is given). */
export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  root: "public",
  // public and guest pages
  "routes/home": "public",
  "routes/lang": "public",
  "routes/healthz": "public",
  "routes/rsvp/route": "public",
  "routes/my-rsvp/route": "guest",
  "routes/my-rsvp/calendar": "guest",
  "routes/my-rsvp/gifts": "guest",
  "routes/sign-out": "public",
  // Issue 39: the album's pages and files (a guest's own, any admin's)
  "routes/album/route": "guest",
  "routes/album/slideshow": "guest",
  "routes/album/photo": "guest",
  "routes/album/file": "guest",
  "routes/my-weekend/route": "guest",
  // issue 38: a driver's list opens by its link's token, no session
  "routes/driver/route": "public",
  "routes/not-found": "public",
  // the admin's sign-in, a helper's acceptance, a supplier's shared list
  "routes/admin/login": "public",
  "routes/admin/accept": "public",
  "routes/shared/list-csv": "public",
  "routes/shared/list": "public",
  "routes/admin/logout": "own-account",
  "routes/admin/sidebar": "own-account",
  "routes/admin/account": "own-account",
  // admin pages
  "routes/admin/layout": "admin",
  "routes/admin/invitations/print": "admin",
  "routes/admin/message-html": "admin",
  "routes/admin/dashboard": "admin",
  "routes/admin/guests": "admin",
  "routes/admin/guests-import": "admin",
  "routes/admin/guests-export": "admin",
  "routes/admin/parties": "admin",
  "routes/admin/party": "admin",
  "routes/admin/invitations/route": "admin",
  "routes/admin/invitations/whatsapp": "admin",
  "routes/admin/announcements/route": "admin",
  "routes/admin/announcements/whatsapp": "admin",
  "routes/admin/messages": "admin",
  "routes/admin/rsvps": "admin",
  "routes/admin/rsvps-export": "admin",
  "routes/admin/activity": "admin",
  "routes/admin/rooming-list": "admin",
  "routes/admin/rooming-list-csv": "admin",
  "routes/admin/caterer-list": "admin",
  "routes/admin/caterer-list-csv": "admin",
  "routes/admin/event": "admin",
  "routes/admin/room-types": "admin",
  "routes/admin/room-assignments": "admin",
  "routes/admin/payments": "admin",
  "routes/admin/gifts": "admin",
  "routes/admin/gifts-csv": "admin",
  "routes/admin/payments-csv": "admin",
  "routes/admin/payments-import": "admin",
  "routes/admin/payments-review": "admin",
  "routes/admin/events": "admin",
  "routes/admin/event-rsvps": "admin",
  "routes/admin/event-rsvps-export": "admin",
  "routes/admin/questions": "admin",
  "routes/admin/answers": "admin",
  "routes/admin/answers-csv": "admin",
  "routes/admin/travel": "admin",
  "routes/admin/travel-lists": "admin",
  "routes/admin/travel-lists-csv": "admin",
  "routes/admin/event-travel": "admin",
  "routes/admin/seating": "admin",
  "routes/admin/seating-print": "admin",
  "routes/admin/seating-csv": "admin",
  "routes/admin/travel-run": "admin",
  "routes/admin/team": "owner",
  "routes/admin/auth-settings": "owner",
  "routes/admin/album": "admin",
  // JSON API: public and the admin's own sign-in
  "routes/api/event-config": "admin", // GET is public; PATCH is the admin's
  "routes/api/auth-settings": "owner", // GET is public; PATCH is the owner's
  "routes/api/admin/login": "public",
  "routes/api/admin/me": "own-account",
  "routes/api/admin/logout": "own-account",
  "routes/api/admin/password": "own-account",
  "api-admin-sessions": "own-account",
  "api-admin-session": "own-account",
  "routes/api/team-accept": "public",
  "routes/api/not-found": "public",
  // a guest's own, or any admin's
  "routes/api/auth-session": "guest",
  "routes/api/guest-auth": "public",
  "routes/api/guest-logout": "public",
  "routes/api/guest-auth-verify": "public",
  "routes/api/party-auth": "public",
  "routes/api/events": "guest",
  "routes/api/event-rsvps": "guest",
  "routes/api/rsvps": "guest",
  "routes/api/party-members": "guest",
  "routes/api/party-member": "guest",
  "routes/api/party-room-assignments": "guest",
  "routes/api/party-event-rsvps": "guest",
  "routes/api/guest": "guest",
  "routes/api/guest-event-rsvps": "guest",
  "routes/api/room-assignment-confirm": "guest",
  "routes/api/room-assignment-decline": "guest",
  "routes/api/my-announcements": "guest",
  "routes/api/answers": "guest",
  "routes/api/my-questions": "guest",
  "routes/api/my-ledger": "guest",
  "routes/api/travel-points": "guest",
  "routes/api/my-travel": "guest",
  "routes/api/my-gifts": "guest",
  "routes/api/album": "guest",
  "routes/api/album-events": "guest", // the slideshow's push channel: a guest once the album opens, any admin
  "api-album-uploads": "guest",
  "api-album-upload": "guest",
  "routes/api/album-photos": "guest",
  "routes/api/album-download": "guest",
  "routes/api/album-photo": "guest", // DELETE a guest's own or any; PATCH is the admin's
  "routes/api/album-settings": "admin", // GET any signed-in caller; PATCH the admin's
  "routes/api/admin-album": "admin",
  "routes/api/my-weekend": "guest",
  "routes/api/driver": "public",
  "routes/api/driver-boarded": "public",
  // the admin's
  "routes/api/event": "admin",
  "routes/api/activity": "admin",
  "routes/api/parties": "admin",
  "routes/api/parties-with-rsvps": "admin",
  "routes/api/party": "admin",
  "routes/api/party-regenerate-code": "admin",
  "routes/api/guests": "admin",
  "routes/api/guest-regenerate-code": "admin",
  "routes/api/room-assignments": "admin",
  "routes/api/room-assignment": "admin",
  "routes/api/room-assignment-mark-paid": "admin",
  "routes/api/room-types": "admin",
  "routes/api/room-type": "admin",
  "routes/api/room-type-inventory": "admin",
  "routes/api/room-types-inventory": "admin",
  "routes/api/upload-images": "admin",
  "routes/api/invitations": "admin",
  "routes/api/messages": "admin",
  "routes/api/announcements": "admin",
  "routes/api/announcement": "admin",
  "routes/api/questions": "admin",
  "routes/api/question": "admin",
  "routes/api/ledger": "admin",
  "routes/api/party-ledger": "admin",
  "routes/api/party-charges": "admin",
  "routes/api/party-payments": "admin",
  "routes/api/charge": "admin",
  "routes/api/payment": "admin",
  "routes/api/bank-statements": "admin",
  "routes/api/bank-transactions": "admin",
  "routes/api/bank-transaction-book": "admin",
  "routes/api/bank-transaction-ignore": "admin",
  "routes/api/bank-transaction-undo": "admin",
  "routes/api/bank-transaction-dismiss-reversal": "admin",
  "routes/api/travel-point": "admin",
  "routes/api/travel-settings": "admin",
  "routes/api/travel": "admin",
  "routes/api/shuttle-runs": "admin",
  "routes/api/shuttle-runs-propose": "admin",
  "routes/api/shuttle-runs-apply": "admin",
  "routes/api/shuttle-run": "admin",
  "routes/api/tables": "admin",
  "routes/api/table": "admin",
  "routes/api/seating": "admin",
  "routes/api/seating-propose": "admin",
  "routes/api/seating-apply": "admin",
  "routes/api/seating-rules": "admin",
  "routes/api/seating-rule": "admin",
  "routes/api/share-links": "admin",
  "routes/api/share-link": "admin",
  "routes/api/gift-funds": "admin",
  "routes/api/gift-fund": "admin",
  "routes/api/gifts": "admin",
  "routes/api/gift": "admin",
  "routes/api/shuttle-run-driver-links": "admin",
  "routes/api/shuttle-run-boarding": "admin",
  "routes/api/shuttle-run-messages": "admin",
  "routes/api/driver-link": "admin",
  "routes/api/driver-links": "admin",
  // the owner's
  "routes/api/team": "owner",
  "routes/api/team-member": "owner",
  "routes/api/team-invitation": "owner",
};

const READ_METHODS = new Set(["GET", "HEAD"]);

/** The refusal's message, or null when `person` may make this request on the route `routeId` (null: none matched). */
export function refusalFor(person: Pick<AdminPerson, "role">, method: string, routeId: string | null): string | null {
  const rule = routeId === null ? undefined : Object.hasOwn(ROUTE_RULES, routeId) ? ROUTE_RULES[routeId] : undefined;
  if (rule === undefined) return NO_RULE_REFUSED;
  if (person.role === "owner") return null;
  if (rule === "owner") return OWNER_ONLY_REFUSED;
  if (rule === "own-account") return null;
  if (person.role === "viewer" && !READ_METHODS.has(method.toUpperCase())) return ROLE_REFUSED;
  return null;
}

/**
 * Issue 33 finding 3: invitation codes, invite links, their QR codes and
 * guests' sign-in tokens are keys to act as a guest, so a read-only role never
 * receives them (the fields are left out, not blanked).
 */
export const mayReadGuestCredentials = (person: Pick<AdminPerson, "role">) => person.role !== "viewer";

/** "Host" for the owner (as the log always said), "Ana, co-host" for a helper. */
export const actorLabel = (person: AdminPerson) => (person.kind === "owner" ? "Host" : `${person.name}, ${person.role}`);
