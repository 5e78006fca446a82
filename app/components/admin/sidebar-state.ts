/** SPEC.md 9: the sidebar's state lives in this cookie for 7 days. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_SHORTCUT = "b";

/** "true" (expanded, the default) or "false" (collapsed), as shadcn/ui writes it. */
export function readSidebarOpen(cookieHeader: string | null) {
  const match = cookieHeader?.match(/(?:^|;\s*)sidebar_state=(true|false)(?:;|$)/);
  return match ? match[1] === "true" : true;
}

export function sidebarCookie(open: boolean) {
  return `${SIDEBAR_COOKIE}=${open}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}
