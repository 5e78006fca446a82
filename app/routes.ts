import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // --- public (foundation) ---
  index("routes/home.tsx"),
  route("lang", "routes/lang.ts"),
  route("healthz", "routes/healthz.ts"),

  // --- guest pages (guest journey) ---
  route("rsvp", "routes/rsvp/route.tsx"),
  route("my-rsvp", "routes/my-rsvp/route.tsx"),
  route("my-rsvp/calendar.ics", "routes/my-rsvp/calendar.ts"),
  // Issue 40: giving to the host's funds, a page of its own.
  route("my-rsvp/gifts", "routes/my-rsvp/gifts.tsx"),
  route("sign-out", "routes/sign-out.ts"),
  // Issue 39: the album every guest adds to.
  route("album", "routes/album/route.tsx"),
  route("album/slideshow", "routes/album/slideshow.tsx"),
  route("album/:id", "routes/album/photo.tsx"),
  route("album/photos/:id/:variant", "routes/album/file.ts"),
  // Issue 38: the guest's weekend on the phone, and a shuttle run's list for its driver (no session).
  route("my-weekend", "routes/my-weekend/route.tsx"),
  route("driver/:token", "routes/driver/route.tsx"),

  // --- admin login (admin part 1) ---
  route("admin", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/sidebar", "routes/admin/sidebar.ts"),

  // Issue 13: the printed cards are a sheet of their own (no sidebar); a message's HTML part is served alone.
  route("admin/invitations/print", "routes/admin/invitations/print.tsx"),
  route("admin/messages/:id/html", "routes/admin/message-html.ts"),
  // Issue 37: the seating prints are sheets of their own too.
  route("admin/seating/print", "routes/admin/seating-print.tsx"),
  // Issue 27: a helper accepts an invitation (no session); a supplier opens a shared list (no session).
  route("admin/accept", "routes/admin/accept.tsx"),
  route("shared/:token.csv", "routes/shared/list-csv.ts"),
  route("shared/:token", "routes/shared/list.tsx"),

  layout("routes/admin/layout.tsx", [
    ...prefix("admin", [
      // --- admin pages part 1 ---
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("guests", "routes/admin/guests.tsx"),
      route("guests/import", "routes/admin/guests-import.tsx"),
      route("guests/export", "routes/admin/guests-export.ts"),
      route("parties", "routes/admin/parties.tsx"),
      route("parties/:partyId", "routes/admin/party.tsx"),
      route("invitations", "routes/admin/invitations/route.tsx"),
      route("invitations/whatsapp", "routes/admin/invitations/whatsapp.ts"),
      route("announcements", "routes/admin/announcements/route.tsx"),
      route("announcements/whatsapp", "routes/admin/announcements/whatsapp.ts"),
      route("messages", "routes/admin/messages.tsx"),
      route("rsvps", "routes/admin/rsvps.tsx"),
      route("rsvps/export", "routes/admin/rsvps-export.ts"),
      route("activity", "routes/admin/activity.tsx"),
      route("rooming-list", "routes/admin/rooming-list.tsx"),
      route("rooming-list.csv", "routes/admin/rooming-list-csv.ts"),
      route("caterer-list", "routes/admin/caterer-list.tsx"),
      route("caterer-list.csv", "routes/admin/caterer-list-csv.ts"),
      route("event", "routes/admin/event.tsx"),
      route("auth-settings", "routes/admin/auth-settings.tsx"),

      // --- admin pages part 2 ---
      route("room-types", "routes/admin/room-types.tsx"),
      route("room-assignments", "routes/admin/room-assignments.tsx"),
      route("payments", "routes/admin/payments.tsx"),
      route("payments.csv", "routes/admin/payments-csv.ts"),
      route("payments/import", "routes/admin/payments-import.tsx"),
      route("payments/review", "routes/admin/payments-review.tsx"),
      route("events", "routes/admin/events.tsx"),
      route("event-rsvps", "routes/admin/event-rsvps.tsx"),
      route("event-rsvps/export", "routes/admin/event-rsvps-export.ts"),
      // Issue 24: the host's own questions.
      route("questions", "routes/admin/questions.tsx"),
      route("answers", "routes/admin/answers.tsx"),
      route("answers.csv", "routes/admin/answers-csv.ts"),
      // Issue 26: travel and shuttles.
      route("travel", "routes/admin/travel.tsx"),
      route("travel/lists", "routes/admin/travel-lists.tsx"),
      route("travel/lists.csv", "routes/admin/travel-lists-csv.ts"),
      route("event/travel", "routes/admin/event-travel.ts"),
      route("travel/runs/:runId", "routes/admin/travel-run.tsx"),
      // Issue 27: the team (owner only) and each person's own account.
      route("team", "routes/admin/team.tsx"),
      route("account", "routes/admin/account.tsx"),
      // Issue 40: gift funds, after Payment Status in the sidebar.
      route("gifts", "routes/admin/gifts.tsx"),
      route("gifts.csv", "routes/admin/gifts-csv.ts"),
      // Issue 37: the dinner's seating, its prints and CSVs.
      route("seating", "routes/admin/seating.tsx"),
      route("seating.csv", "routes/admin/seating-csv.ts"),
      // Issue 39: the album's photos and settings.
      route("album", "routes/admin/album.tsx"),

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
    route("auth/session", "routes/api/auth-session.ts"),
    route("guest-auth", "routes/api/guest-auth.ts"),
    route("guest-auth/logout", "routes/api/guest-logout.ts"),
    route("guest-auth/verify", "routes/api/guest-auth-verify.ts"),
    route("party-auth", "routes/api/party-auth.ts"),
    route("events", "routes/api/events.ts"),
    route("events/:id", "routes/api/event.ts"),
    route("event-rsvps", "routes/api/event-rsvps.ts"),
    route("rsvps", "routes/api/rsvps.ts"),
    route("activity", "routes/api/activity.ts"),
    route("parties", "routes/api/parties.ts"),
    route("parties-with-rsvps", "routes/api/parties-with-rsvps.ts"),
    route("parties/:id", "routes/api/party.ts"),
    route("parties/:id/members", "routes/api/party-members.ts"),
    route("parties/:id/members/:memberId", "routes/api/party-member.ts"),
    route("parties/:id/room-assignments", "routes/api/party-room-assignments.ts"),
    route("parties/:id/event-rsvps", "routes/api/party-event-rsvps.ts"),
    route("parties/:id/regenerate-code", "routes/api/party-regenerate-code.ts"),
    route("guests", "routes/api/guests.ts"),
    route("guests/:id", "routes/api/guest.ts"),
    route("guests/:id/event-rsvps", "routes/api/guest-event-rsvps.ts"),
    route("guests/:id/regenerate-code", "routes/api/guest-regenerate-code.ts"),
    route("room-assignments", "routes/api/room-assignments.ts"),
    route("room-assignments/:id", "routes/api/room-assignment.ts"),
    route("room-assignments/:id/confirm", "routes/api/room-assignment-confirm.ts"),
    route("room-assignments/:id/decline", "routes/api/room-assignment-decline.ts"),
    route("room-assignments/:id/mark-paid", "routes/api/room-assignment-mark-paid.ts"),
    route("room-types", "routes/api/room-types.ts"),
    route("room-types/:id", "routes/api/room-type.ts"),
    route("room-types/:id/inventory", "routes/api/room-type-inventory.ts"),
    route("room-types-inventory", "routes/api/room-types-inventory.ts"),
    route("upload/images", "routes/api/upload-images.ts"),
    route("invitations", "routes/api/invitations.ts"),
    route("messages", "routes/api/messages.ts"),
    // Issue 23: news from the host.
    route("announcements", "routes/api/announcements.ts"),
    route("announcements/:id", "routes/api/announcement.ts"),
    route("my-announcements", "routes/api/my-announcements.ts"),
    // Issue 24: the host's own questions.
    route("questions", "routes/api/questions.ts"),
    route("questions/:id", "routes/api/question.ts"),
    route("answers", "routes/api/answers.ts"),
    route("my-questions", "routes/api/my-questions.ts"),
    // issue 25: the ledger
    route("ledger", "routes/api/ledger.ts"),
    route("my-ledger", "routes/api/my-ledger.ts"),
    route("parties/:id/ledger", "routes/api/party-ledger.ts"),
    route("parties/:id/charges", "routes/api/party-charges.ts"),
    route("parties/:id/payments", "routes/api/party-payments.ts"),
    route("charges/:id", "routes/api/charge.ts"),
    route("payments/:id", "routes/api/payment.ts"),
    // issue 25 item 4: bank statements
    route("bank-statements", "routes/api/bank-statements.ts"),
    route("bank-transactions", "routes/api/bank-transactions.ts"),
    route("bank-transactions/:id/book", "routes/api/bank-transaction-book.ts"),
    route("bank-transactions/:id/ignore", "routes/api/bank-transaction-ignore.ts"),
    route("bank-transactions/:id/undo", "routes/api/bank-transaction-undo.ts"),
    route("bank-transactions/:id/dismiss-reversal", "routes/api/bank-transaction-dismiss-reversal.ts"),
    // issue 26: getting there
    route("travel-points", "routes/api/travel-points.ts"),
    route("travel-points/:id", "routes/api/travel-point.ts"),
    route("travel-settings", "routes/api/travel-settings.ts"),
    route("my-travel", "routes/api/my-travel.ts"),
    route("travel", "routes/api/travel.ts"),
    route("shuttle-runs", "routes/api/shuttle-runs.ts"),
    route("shuttle-runs/propose", "routes/api/shuttle-runs-propose.ts"),
    route("shuttle-runs/apply", "routes/api/shuttle-runs-apply.ts"),
    route("shuttle-runs/:id", "routes/api/shuttle-run.ts"),
    // issue 37: the dinner's tables and seating plan
    route("tables", "routes/api/tables.ts"),
    route("tables/:id", "routes/api/table.ts"),
    route("seating", "routes/api/seating.ts"),
    route("seating/propose", "routes/api/seating-propose.ts"),
    route("seating/apply", "routes/api/seating-apply.ts"),
    route("seating/rules", "routes/api/seating-rules.ts"),
    route("seating/rules/:id", "routes/api/seating-rule.ts"),
    // issue 38: the days themselves
    route("my-weekend", "routes/api/my-weekend.ts"),
    route("shuttle-runs/:id/driver-links", "routes/api/shuttle-run-driver-links.ts"),
    route("shuttle-runs/:id/boarding", "routes/api/shuttle-run-boarding.ts"),
    route("shuttle-runs/:id/messages", "routes/api/shuttle-run-messages.ts"),
    route("driver-links", "routes/api/driver-links.ts"),
    route("driver-links/:id", "routes/api/driver-link.ts"),
    route("driver/:token", "routes/api/driver.ts"),
    route("driver/:token/boarded", "routes/api/driver-boarded.ts"),
    // issue 27: the team, each person's password and sessions, and live share links
    route("team", "routes/api/team.ts"),
    route("team/accept", "routes/api/team-accept.ts"),
    route("team/:id", "routes/api/team-member.ts"),
    route("team/:id/invitation", "routes/api/team-invitation.ts"),
    route("admin/password", "routes/api/admin/password.ts"),
    route("admin/sessions", "routes/api/admin/sessions.ts", { id: "api-admin-sessions" }),
    route("admin/sessions/:id", "routes/api/admin/sessions.ts", { id: "api-admin-session" }),
    route("share-links", "routes/api/share-links.ts"),
    route("share-links/:id", "routes/api/share-link.ts"),
    // issue 40: gifts without fees
    route("gift-funds", "routes/api/gift-funds.ts"),
    route("gift-funds/:id", "routes/api/gift-fund.ts"),
    route("gifts", "routes/api/gifts.ts"),
    route("gifts/:id", "routes/api/gift.ts"),
    route("my-gifts", "routes/api/my-gifts.ts"),
    // issue 39: the album (uploads: the tus endpoint, an upload by its id)
    route("album/uploads", "routes/api/album-uploads.ts", { id: "api-album-uploads" }),
    route("album/uploads/:id", "routes/api/album-uploads.ts", { id: "api-album-upload" }),
    route("album", "routes/api/album.ts"),
    route("album/events", "routes/api/album-events.ts"),
    route("album/photos", "routes/api/album-photos.ts"),
    route("album/photos/:id", "routes/api/album-photo.ts"),
    route("album/settings", "routes/api/album-settings.ts"),
    route("album/download", "routes/api/album-download.ts"),
    route("admin/album", "routes/api/admin-album.ts"),

    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
