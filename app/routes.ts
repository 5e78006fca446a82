import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // --- public (foundation) ---
  index("routes/home.tsx"),
  route("lang", "routes/lang.ts"),
  route("healthz", "routes/healthz.ts"),

  // --- guest pages (guest journey) ---

  // --- admin login (admin part 1) ---

  layout("routes/admin/layout.tsx", [
    ...prefix("admin", [
      // --- admin pages part 1 ---

      // --- admin pages part 2 ---

    ]),
  ]),

  // --- JSON API ---
  ...prefix("api", [
    route("event-config", "routes/api/event-config.ts"),
    route("auth-settings", "routes/api/auth-settings.ts"),
    route("admin/login", "routes/api/admin/login.ts"),
    route("admin/me", "routes/api/admin/me.ts"),
    route("admin/logout", "routes/api/admin/logout.ts"),
    // --- JSON API (domain) ---

    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
