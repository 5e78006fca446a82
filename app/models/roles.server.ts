/**
 * Issue 27: who of the admins may do what, decided in one place for every
 * admin page and /api route (app/session.server.ts asks here on each request,
 * so routes added later are covered without knowing about roles).
 *
 * - owner: everything (today's password-only admin).
 * - co-host: everything but the owner-only areas below.
 * - viewer: reads everything a co-host reads; any request that is not GET or
 *   HEAD is refused, except on the person's own account.
 */
export type AdminRole = "owner" | "co-host" | "viewer";
export type AdminPerson = { kind: "owner" | "helper"; id: string; name: string; role: AdminRole };

export const ROLE_REFUSED = "Your role can't change this.";
export const OWNER_ONLY_REFUSED = "Only the owner can open this.";

/** The owner's areas: the team and the auth settings, as pages and as /api routes (any method). */
export const OWNER_ONLY_PATHS = ["/admin/team", "/admin/auth-settings", "/api/team", "/api/auth-settings"] as const;

/** Writes every signed-in person may make whatever the role: their own account, signing out, the sidebar's cookie. */
export const OWN_ACCOUNT_PATHS = ["/admin/account", "/admin/logout", "/admin/sidebar", "/api/admin/password", "/api/admin/logout", "/api/admin/sessions"] as const;

const READ_METHODS = new Set(["GET", "HEAD"]);

/** "/admin/team" covers "/admin/team", "/admin/team/x", "/admin/team.data" but not "/admin/teams". */
function under(pathname: string, prefixes: readonly string[]) {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return prefixes.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`));
}

/** The refusal's message, or null when `person` may make this request. */
export function refusalFor(person: Pick<AdminPerson, "role">, method: string, pathname: string): string | null {
  if (person.role === "owner") return null;
  if (under(pathname, OWNER_ONLY_PATHS)) return OWNER_ONLY_REFUSED;
  if (person.role === "viewer" && !READ_METHODS.has(method.toUpperCase()) && !under(pathname, OWN_ACCOUNT_PATHS)) return ROLE_REFUSED;
  return null;
}

/** "Host" for the owner (as the log always said), "Ana, co-host" for a helper. */
export const actorLabel = (person: AdminPerson) => (person.kind === "owner" ? "Host" : `${person.name}, ${person.role}`);
