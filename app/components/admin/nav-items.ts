import type { SpriteIconName } from "~/components/ui/sprite-icon";

/** `ownerOnly`: shown to the owner only (issue 27; the server refuses the others, app/models/roles.server.ts). */
export type AdminNavItem = { label: string; to: string; icon: SpriteIconName; ownerOnly?: boolean };

/** SPEC.md 2: the sidebar menu, in its order. Icons come from the page's sprite (drawn once). */
export const ADMIN_NAV: AdminNavItem[] = [
  { label: "Dashboard", to: "/admin/dashboard", icon: "dashboard" },
  { label: "Guest Management", to: "/admin/guests", icon: "users" },
  { label: "Parties", to: "/admin/parties", icon: "users-round" },
  // Issue 13: the outreach page sits after Parties; Messages (the outbox) is reached from it and from the dashboard.
  { label: "Invitations", to: "/admin/invitations", icon: "send" },
  // Issue 23: news from the host to chosen guests.
  { label: "Announcements", to: "/admin/announcements", icon: "bell" },
  { label: "RSVP Tracking", to: "/admin/rsvps", icon: "clipboard-check" },
  // Issue 14: what changed, by whom.
  { label: "Activity", to: "/admin/activity", icon: "history" },
  { label: "Payment Status", to: "/admin/payments", icon: "credit-card" },
  // Issue 40: gift funds, after Payment Status.
  { label: "Gifts", to: "/admin/gifts", icon: "gift" },
  { label: "Room Types", to: "/admin/room-types", icon: "bed-double" },
  { label: "Room Assignments", to: "/admin/room-assignments", icon: "hotel" },
  { label: "Events", to: "/admin/events", icon: "calendar-days" },
  // Issue 37: the dinner's tables and seating plan, after Events.
  { label: "Seating", to: "/admin/seating", icon: "users-round" },
  // Issue 24: the host's own questions (menus...), after Events.
  { label: "Questions", to: "/admin/questions", icon: "message-circle" },
  { label: "Event Attendance", to: "/admin/event-rsvps", icon: "calendar-check" },
  // Issue 26: arrivals, departures and shuttle runs, after Event Attendance.
  { label: "Travel", to: "/admin/travel", icon: "list" },
  // Issue 39: the guests' photos, after the weekend.
  { label: "Album", to: "/admin/album", icon: "upload" },
  { label: "Event Configuration", to: "/admin/event", icon: "settings" },
  { label: "Auth Settings", to: "/admin/auth-settings", icon: "shield-check", ownerOnly: true },
  // Issue 27: the owner's helpers, after Auth Settings.
  { label: "Team", to: "/admin/team", icon: "users", ownerOnly: true },
  { label: "Messages", to: "/admin/messages", icon: "mail" },
  // Issue 27: everyone's own password and sessions.
  { label: "Your Account", to: "/admin/account", icon: "settings" },
];
