import {
  BedDoubleIcon,
  CalendarCheckIcon,
  CalendarDaysIcon,
  ClipboardCheckIcon,
  CreditCardIcon,
  HistoryIcon,
  HotelIcon,
  LayoutDashboardIcon,
  MailIcon,
  SendIcon,
  SettingsIcon,
  ShieldCheckIcon,
  UsersIcon,
  UsersRoundIcon,
  type LucideIcon,
} from "lucide-react";

export type AdminNavItem = { label: string; to: string; icon: LucideIcon };

/** SPEC.md 2: the sidebar menu, in its order. */
export const ADMIN_NAV: AdminNavItem[] = [
  { label: "Dashboard", to: "/admin/dashboard", icon: LayoutDashboardIcon },
  { label: "Guest Management", to: "/admin/guests", icon: UsersIcon },
  { label: "Parties", to: "/admin/parties", icon: UsersRoundIcon },
  // Issue 13: the outreach page sits after Parties; Messages (the outbox) is reached from it and from the dashboard.
  { label: "Invitations", to: "/admin/invitations", icon: SendIcon },
  { label: "RSVP Tracking", to: "/admin/rsvps", icon: ClipboardCheckIcon },
  // Issue 14: what changed, by whom.
  { label: "Activity", to: "/admin/activity", icon: HistoryIcon },
  { label: "Payment Status", to: "/admin/payments", icon: CreditCardIcon },
  { label: "Room Types", to: "/admin/room-types", icon: BedDoubleIcon },
  { label: "Room Assignments", to: "/admin/room-assignments", icon: HotelIcon },
  { label: "Events", to: "/admin/events", icon: CalendarDaysIcon },
  { label: "Event Attendance", to: "/admin/event-rsvps", icon: CalendarCheckIcon },
  { label: "Event Configuration", to: "/admin/event", icon: SettingsIcon },
  { label: "Auth Settings", to: "/admin/auth-settings", icon: ShieldCheckIcon },
  { label: "Messages", to: "/admin/messages", icon: MailIcon },
];
