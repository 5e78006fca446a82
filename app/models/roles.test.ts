// Issue 27, by route since issue 33: the one rule for who of the admins may make a request.
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { NO_RULE_REFUSED, OWNER_ONLY_REFUSED, refusalFor, ROLE_REFUSED, ROUTE_RULES } from "./roles.server";

const owner = { role: "owner" } as const;
const coHost = { role: "co-host" } as const;
const viewer = { role: "viewer" } as const;

type RouteEntry = { id?: string; file: string; children?: RouteEntry[] };
/** The ids React Router gives app/routes.ts's routes: the id given, else the file without its extension. */
function routeIds(entries: RouteEntry[]): string[] {
  return entries.flatMap((e) => [e.id ?? e.file.replace(/\.[jt]sx?$/, ""), ...routeIds(e.children ?? [])]);
}

describe("refusalFor", () => {
  it("has a rule for every route of app/routes.ts, and none for a route that does not exist", () => {
    const ids = routeIds(routes as RouteEntry[]);
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id) => !(id in ROUTE_RULES))).toEqual([]);
    expect(Object.keys(ROUTE_RULES).filter((id) => id !== "root" && !ids.includes(id))).toEqual([]);
  });
  it("refuses everyone, the owner too, on a route with no rule or outside any route", () => {
    for (const person of [owner, coHost, viewer]) {
      expect(refusalFor(person, "GET", "routes/api/made-up")).toBe(NO_RULE_REFUSED);
      expect(refusalFor(person, "GET", null)).toBe(NO_RULE_REFUSED);
      expect(refusalFor(person, "GET", "__proto__")).toBe(NO_RULE_REFUSED);
    }
  });
  it("lets the owner do anything", () => {
    for (const [m, id] of [["DELETE", "routes/api/team-member"], ["POST", "routes/admin/auth-settings"], ["PATCH", "routes/api/party"]]) {
      expect(refusalFor(owner, m!, id!)).toBeNull();
    }
  });
  it("keeps the team and the auth settings for the owner, as pages and API routes", () => {
    for (const id of ["routes/admin/team", "routes/api/team", "routes/api/team-member", "routes/api/team-invitation", "routes/admin/auth-settings", "routes/api/auth-settings"]) {
      expect(refusalFor(coHost, "GET", id), id).toBe(OWNER_ONLY_REFUSED);
      expect(refusalFor(viewer, "GET", id), id).toBe(OWNER_ONLY_REFUSED);
      expect(refusalFor(coHost, "POST", id), id).toBe(OWNER_ONLY_REFUSED);
    }
    expect(refusalFor(coHost, "POST", "routes/api/parties")).toBeNull();
  });
  it("refuses a viewer every method but GET and HEAD, except on their own account", () => {
    for (const m of ["POST", "PUT", "PATCH", "DELETE", "post", "OPTIONS"]) expect(refusalFor(viewer, m, "routes/api/parties"), m).toBe(ROLE_REFUSED);
    for (const m of ["GET", "HEAD"]) expect(refusalFor(viewer, m, "routes/admin/parties")).toBeNull();
    for (const id of ["routes/api/admin/password", "api-admin-session", "routes/admin/account", "routes/admin/logout", "routes/api/admin/logout", "routes/admin/sidebar"]) {
      expect(refusalFor(viewer, "POST", id), id).toBeNull();
    }
  });
});
