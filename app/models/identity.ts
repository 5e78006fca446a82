/**
 * Who a guest is once signed in: a party (signed in by its code or a member's
 * contact) or an individual guest. The domain's own type: sessions store it,
 * models take it.
 */
export type GuestIdentity = { type: "party" | "guest"; id: string };
