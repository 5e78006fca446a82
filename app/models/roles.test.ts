// Issue 27: the one rule for who of the admins may make a request.
import { describe, expect, it } from "vitest";
import { OWNER_ONLY_REFUSED, refusalFor, ROLE_REFUSED } from "./roles.server";

const owner = { role: "owner" } as const;
const coHost = { role: "co-host" } as const;
const viewer = { role: "viewer" } as const;

describe("refusalFor", () => {
  it("lets the owner do anything", () => {
    for (const [m, p] of [["DELETE", "/api/team/x"], ["POST", "/admin/auth-settings"], ["PATCH", "/api/parties/x"]]) expect(refusalFor(owner, m!, p!)).toBeNull();
  });
  it("keeps the team and the auth settings for the owner, by path prefix and page data requests, not by a look-alike", () => {
    for (const p of ["/admin/team", "/admin/team.data", "/api/team", "/api/team/abc", "/api/team/abc/invitation", "/admin/auth-settings", "/api/auth-settings/"]) {
      expect(refusalFor(coHost, "GET", p), p).toBe(OWNER_ONLY_REFUSED);
      expect(refusalFor(viewer, "GET", p), p).toBe(OWNER_ONLY_REFUSED);
    }
    expect(refusalFor(coHost, "GET", "/admin/teams")).toBeNull();
    expect(refusalFor(coHost, "POST", "/api/parties")).toBeNull();
  });
  it("refuses a viewer every method but GET and HEAD, except on their own account", () => {
    for (const m of ["POST", "PUT", "PATCH", "DELETE", "post", "OPTIONS"]) expect(refusalFor(viewer, m, "/api/parties"), m).toBe(ROLE_REFUSED);
    for (const m of ["GET", "HEAD"]) expect(refusalFor(viewer, m, "/admin/parties")).toBeNull();
    for (const p of ["/api/admin/password", "/api/admin/sessions/abc", "/admin/account", "/admin/logout", "/api/admin/logout", "/admin/sidebar"]) {
      expect(refusalFor(viewer, "POST", p), p).toBeNull();
    }
    expect(refusalFor(viewer, "POST", "/admin/accounts")).toBe(ROLE_REFUSED);
  });
});
