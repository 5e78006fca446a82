/** How a guest session was opened; `code` is the invitation code used (sessions.server.ts ends these on regeneration). */
export type SignInVia = "code" | "email" | "phone";

/**
 * Who a guest is once signed in: a party (signed in by its code or a member's
 * contact) or an individual guest, and how. The domain's own type: sessions
 * store it, models take it.
 */
export type GuestIdentity = { type: "party" | "guest"; id: string; via?: SignInVia; code?: string };
