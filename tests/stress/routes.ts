// Every /api route of SPEC.md section 7 (plus the few reads and the guest
// sign-out the API adds), with who may call it (CONTRACT.md 3) and the body
// fields it takes. The fuzzer and the permission matrix are both driven by it.

export type Access = "public" | "guest" | "admin";
export type RouteSpec = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** with {party}, {member}, {guest}, {assignment}, {event}, {roomType}, {announcement}, {question}, {charge}, {payment}, {transaction}, {run}, {helper}, {shareLink}, {session}, {fund}, {gift}, {table}, {rule}, {photo}, {upload}, {driverLink}, {token} placeholders */
  path: string;
  access: Access;
  fields: string[];
  /** in SPEC.md section 7 (false: an extra the API adds) */
  spec: boolean;
  multipart?: boolean;
  /** issue 39: a tus (resumable upload) request: its headers are fuzzed, its body is bytes */
  tus?: boolean;
  /** the route changes who is signed in (sign-in, sign-out) */
  session?: boolean;
  /** issue 27: the owner's only (the team, the auth settings): 403 for a co-host or viewer */
  ownerOnly?: boolean;
};

const giftFundFields = ["title", "titlePt", "text", "textPt", "imageId", "goal", "showTotal", "showNames", "opensAt", "closesAt"];
const member = ["firstName", "lastName", "email", "phone", "ageCategory", "partyId"];
const guestFields = ["firstName", "lastName", "email", "phone", "customCode", "partyId", "ageCategory", "dateOfBirth", "notes", "language"];
const partyFields = ["name", "primaryContactName", "primaryEmail", "primaryPhone", "authCode", "notes", "language"];
const roomTypeFields = [
  "name", "location", "category", "areaSqM", "areaSqFt", "maxOccupancyAdults", "maxOccupancyChildren",
  "totalUnits", "pricePerNight", "description", "facilities", "imageUrls",
  // issue 18: Portuguese texts
  "namePt", "locationPt", "descriptionPt", "facilitiesPt",
];
const eventFields = [
  "title", "date", "timeFrom", "timeTo", "description", "hotelGuestsOnly",
  // issue 18: Portuguese texts
  "titlePt", "datePt", "timeFromPt", "timeToPt", "descriptionPt",
];
const configFields = [
  "eventTitle", "eventDate", "eventTime", "welcomeMessage", "venueName", "venueAddress", "venueDirections",
  "venueLatitude", "venueLongitude", "dressCode", "roomConfirmationMessage", "rsvpDeadline", "hostEmail",
  // Not notifyHost nor reminderDaysBeforeDeadline: they let the digest and reminder clocks write in the
  // background while the fuzz compares the database around a rejected request (their own tests cover them).
  // issue 18: Portuguese texts, payment instructions, landing schedule and gallery
  "eventTitlePt", "eventDatePt", "eventTimePt", "welcomeMessagePt", "venueNamePt", "venueAddressPt", "venueDirectionsPt",
  "dressCodePt", "roomConfirmationMessagePt", "payment", "schedule", "gallery",
];
const rsvpFields = [
  "partyId", "guestId", "attending", "guestCount", "adultsCount", "kidsCount", "babiesCount",
  "dietaryRestrictions", "messageToHost", "roomsConfirmed", "roomConfirmationDecisions", "memberAttendance",
  // issue 24: answers to the host's questions
  "answers",
];
const questionFields = [
  "text", "textPt", "help", "helpPt", "type", "choices", "per", "eventId", "required", "showIf", "hostOnly", "min", "max", "position", "retired",
];

const travelSettingsFields = ["enabled", "windowStart", "windowEnd", "deadline", "bufferMinutes", "maxWaitMinutes", "seats", "leadMinutes"];
const travelPointFields = ["name", "namePt", "kind", "transfer", "driveMinutes"];
const tableFields = ["eventId", "name", "shape", "seats", "note", "locked"];
const shuttleRunFields = ["date", "time", "fromPointId", "toPointId", "direction", "seats", "vehicle", "driverPhone", "note", "locked", "partyIds"];

const announcementFields = ["subject", "body", "subjectPt", "bodyPt", "audience"];

const r = (method: RouteSpec["method"], path: string, access: Access, fields: string[] = [], extra: Partial<RouteSpec> = {}): RouteSpec => ({
  method,
  path,
  access,
  fields,
  spec: true,
  ...extra,
});

export const ROUTES: RouteSpec[] = [
  // public and guest
  r("GET", "/api/event-config", "public"),
  r("GET", "/api/auth-settings", "public"),
  r("GET", "/api/auth/session", "public"),
  r("POST", "/api/guest-auth", "public", ["type", "identifier"], { session: true }),
  r("POST", "/api/party-auth", "public", ["authCode"], { session: true }),
  r("GET", "/api/events", "guest"),
  r("GET", "/api/parties/{party}/members", "guest"),
  r("POST", "/api/parties/{party}/members", "guest", member),
  r("PATCH", "/api/guests/{member}", "guest", member),
  r("DELETE", "/api/parties/{party}/members/{member}", "guest"),
  r("GET", "/api/parties/{party}/room-assignments", "guest"),
  r("POST", "/api/rsvps", "guest", rsvpFields),
  r("POST", "/api/event-rsvps", "guest", ["eventId", "partyId", "guestId", "attending"]),
  r("GET", "/api/parties/{party}/event-rsvps", "guest"),
  r("GET", "/api/guests/{guest}/event-rsvps", "guest"),
  r("POST", "/api/room-assignments/{assignment}/confirm", "guest"),
  r("POST", "/api/room-assignments/{assignment}/decline", "guest", ["reason"]),
  // admin
  r("POST", "/api/admin/login", "public", ["password", "email"], { session: true }),
  r("POST", "/api/admin/logout", "public", [], { session: true }),
  r("GET", "/api/admin/me", "public"),
  r("GET", "/api/parties-with-rsvps", "admin"),
  r("GET", "/api/guests", "admin"),
  r("POST", "/api/guests", "admin", guestFields),
  r("DELETE", "/api/guests/{guest}", "admin"),
  r("GET", "/api/parties", "admin"),
  r("POST", "/api/parties", "admin", partyFields),
  r("GET", "/api/parties/{party}", "admin"),
  r("PATCH", "/api/parties/{party}", "admin", partyFields),
  r("DELETE", "/api/parties/{party}", "admin"),
  r("POST", "/api/parties/{party}/room-assignments", "admin", ["roomTypeId", "quantity", "paymentDeadline"]),
  r("GET", "/api/room-assignments", "admin"),
  r("POST", "/api/room-assignments", "admin", ["partyId", "roomTypeId", "quantity", "paymentDeadline", "confirmationStatus", "declineReason"]),
  r("PATCH", "/api/room-assignments/{assignment}", "admin", ["quantity", "paymentDeadline", "confirmationStatus", "isPaid", "declineReason"]),
  r("DELETE", "/api/room-assignments/{assignment}", "admin"),
  r("POST", "/api/room-assignments/{assignment}/mark-paid", "admin", ["isPaid"]),
  r("GET", "/api/room-types-inventory", "admin"),
  r("GET", "/api/room-types", "admin"),
  r("POST", "/api/room-types", "admin", roomTypeFields),
  r("PATCH", "/api/room-types/{roomType}", "admin", roomTypeFields),
  r("DELETE", "/api/room-types/{roomType}", "admin"),
  r("GET", "/api/room-types/{roomType}/inventory", "admin"),
  r("PATCH", "/api/event-config", "admin", configFields),
  r("PATCH", "/api/auth-settings", "admin", ["emailEnabled", "phoneEnabled", "customCodeEnabled", "emailCodeRequired"]),
  r("POST", "/api/events", "admin", eventFields),
  r("PATCH", "/api/events/{event}", "admin", eventFields),
  r("DELETE", "/api/events/{event}", "admin"),
  r("GET", "/api/event-rsvps", "admin"),
  r("GET", "/api/activity", "admin", ["partyId", "kind", "limit"]),
  r("POST", "/api/upload/images", "admin", ["files"], { multipart: true }),
  // extras the API adds beside SPEC.md's list
  r("GET", "/api/guests/{member}", "guest", [], { spec: false }),
  r("POST", "/api/guest-auth/logout", "public", [], { spec: false, session: true }),
  r("GET", "/api/events/{event}", "admin", [], { spec: false }),
  r("GET", "/api/room-types/{roomType}", "admin", [], { spec: false }),
  r("GET", "/api/room-assignments/{assignment}", "admin", [], { spec: false }),
  // issue 13: invitations out
  r("POST", "/api/invitations", "admin", ["kind", "partyIds", "guestIds", "force"], { spec: false }),
  r("GET", "/api/messages", "admin", [], { spec: false }),
  // issue 15: the e-mail code's second step, and taking back a leaked code
  r("POST", "/api/guest-auth/verify", "public", ["identifier", "code"], { spec: false, session: true }),
  r("POST", "/api/parties/{party}/regenerate-code", "admin", [], { spec: false }),
  r("POST", "/api/guests/{guest}/regenerate-code", "admin", [], { spec: false }),
  // issue 23: announcements (the host's news) and the guest's own
  r("POST", "/api/announcements", "admin", announcementFields, { spec: false }),
  r("GET", "/api/announcements", "admin", [], { spec: false }),
  r("GET", "/api/announcements/{announcement}", "admin", [], { spec: false }),
  r("PATCH", "/api/announcements/{announcement}", "admin", ["subject", "body", "subjectPt", "bodyPt", "resend"], { spec: false }),
  r("DELETE", "/api/announcements/{announcement}", "admin", [], { spec: false }),
  r("GET", "/api/my-announcements", "guest", [], { spec: false }),
  // issue 24: the host's own questions and the answers
  r("GET", "/api/questions", "admin", [], { spec: false }),
  r("POST", "/api/questions", "admin", questionFields, { spec: false }),
  r("PATCH", "/api/questions/{question}", "admin", questionFields, { spec: false }),
  r("DELETE", "/api/questions/{question}", "admin", [], { spec: false }),
  r("GET", "/api/answers", "admin", ["questionId", "eventId"], { spec: false }),
  r("PUT", "/api/answers", "guest", ["partyId", "guestId", "answers"], { spec: false }),
  r("GET", "/api/my-questions", "guest", [], { spec: false }),
  // issue 25: the ledger (amounts in cents)
  r("GET", "/api/ledger", "admin", [], { spec: false }),
  r("GET", "/api/parties/{party}/ledger", "admin", [], { spec: false }),
  r("POST", "/api/parties/{party}/charges", "admin", ["label", "amount"], { spec: false }),
  r("DELETE", "/api/charges/{charge}", "admin", [], { spec: false }),
  r("POST", "/api/parties/{party}/payments", "admin", ["amount", "date", "method", "note"], { spec: false }),
  r("DELETE", "/api/payments/{payment}", "admin", [], { spec: false }),
  r("GET", "/api/my-ledger", "guest", [], { spec: false }),
  // issue 25 item 4: bank statements (admin)
  r("POST", "/api/bank-statements", "admin", ["file", "mapping"], { spec: false, multipart: true }),
  r("GET", "/api/bank-transactions", "admin", ["status", "limit", "offset"], { spec: false }),
  r("POST", "/api/bank-transactions/{transaction}/book", "admin", ["partyId", "split"], { spec: false }),
  r("POST", "/api/bank-transactions/{transaction}/ignore", "admin", ["reason"], { spec: false }),
  r("POST", "/api/bank-transactions/{transaction}/undo", "admin", [], { spec: false }),
  r("POST", "/api/bank-transactions/{transaction}/dismiss-reversal", "admin", [], { spec: false }),
  // issue 26: getting there (travel answers, shuttle runs)
  r("GET", "/api/travel-points", "guest", [], { spec: false }),
  r("GET", "/api/my-travel", "guest", [], { spec: false }),
  r("PUT", "/api/my-travel", "guest", ["arrival", "departure", "transfer", "members"], { spec: false }),
  r("GET", "/api/travel", "admin", [], { spec: false }),
  r("GET", "/api/shuttle-runs", "admin", [], { spec: false }),
  r("POST", "/api/shuttle-runs", "admin", shuttleRunFields, { spec: false }),
  r("PATCH", "/api/shuttle-runs/{run}", "admin", shuttleRunFields, { spec: false }),
  r("DELETE", "/api/shuttle-runs/{run}", "admin", [], { spec: false }),
  r("POST", "/api/shuttle-runs/propose", "admin", ["bufferMinutes", "maxWaitMinutes", "seats", "leadMinutes"], { spec: false }),
  r("POST", "/api/shuttle-runs/apply", "admin", ["runs"], { spec: false }),
  // the host's travel settings and points, as the Travel panel changes them ({point}: a travel point's id)
  r("GET", "/api/travel-settings", "admin", [], { spec: false }),
  r("PATCH", "/api/travel-settings", "admin", travelSettingsFields, { spec: false }),
  r("POST", "/api/travel-points", "admin", travelPointFields, { spec: false }),
  r("GET", "/api/travel-points/{point}", "admin", [], { spec: false }),
  r("PATCH", "/api/travel-points/{point}", "admin", travelPointFields, { spec: false }),
  r("DELETE", "/api/travel-points/{point}", "admin", [], { spec: false }),
  // issue 27: the owner's team, each person's own password and sessions, live share links
  r("GET", "/api/team", "admin", [], { spec: false, ownerOnly: true }),
  r("POST", "/api/team", "admin", ["name", "email", "role"], { spec: false, ownerOnly: true }),
  r("GET", "/api/team/{helper}", "admin", [], { spec: false, ownerOnly: true }),
  r("PATCH", "/api/team/{helper}", "admin", ["role", "disabled"], { spec: false, ownerOnly: true }),
  r("DELETE", "/api/team/{helper}", "admin", [], { spec: false, ownerOnly: true }),
  r("POST", "/api/team/{helper}/invitation", "admin", [], { spec: false, ownerOnly: true }),
  r("POST", "/api/team/accept", "public", ["token", "password"], { spec: false }),
  r("POST", "/api/admin/password", "admin", ["current", "next"], { spec: false }),
  r("GET", "/api/admin/sessions", "admin", [], { spec: false }),
  r("DELETE", "/api/admin/sessions/{session}", "admin", [], { spec: false }),
  r("GET", "/api/share-links", "admin", [], { spec: false }),
  r("POST", "/api/share-links", "admin", ["list", "eventId", "label", "expiresAt"], { spec: false }),
  r("DELETE", "/api/share-links/{shareLink}", "admin", [], { spec: false }),
  // issue 40: gift funds ({fund}), gifts ({gift}), a guest's own gifts (amounts in cents)
  r("GET", "/api/gift-funds", "admin", [], { spec: false }),
  r("POST", "/api/gift-funds", "admin", giftFundFields, { spec: false }),
  r("GET", "/api/gift-funds/{fund}", "admin", [], { spec: false }),
  r("PATCH", "/api/gift-funds/{fund}", "admin", giftFundFields, { spec: false }),
  r("DELETE", "/api/gift-funds/{fund}", "admin", [], { spec: false }),
  r("GET", "/api/gifts", "admin", ["fundId"], { spec: false }),
  r("PATCH", "/api/gifts/{gift}", "admin", ["thanked", "note"], { spec: false }),
  r("GET", "/api/my-gifts", "guest", [], { spec: false }),
  r("POST", "/api/my-gifts", "guest", ["fundId", "amount", "message"], { spec: false }),
  // issue 37: the dinner's tables and seating plan ({table}, {rule}: a table's and a rule's id; GETs take ?eventId=)
  r("GET", "/api/tables", "admin", [], { spec: false }),
  r("POST", "/api/tables", "admin", tableFields, { spec: false }),
  r("GET", "/api/tables/{table}", "admin", [], { spec: false }),
  r("PATCH", "/api/tables/{table}", "admin", tableFields.filter((f) => f !== "eventId"), { spec: false }),
  r("DELETE", "/api/tables/{table}", "admin", [], { spec: false }),
  r("GET", "/api/seating", "admin", [], { spec: false }),
  r("PATCH", "/api/seating", "admin", ["eventId", "published"], { spec: false }),
  r("POST", "/api/seating/propose", "admin", ["eventId", "keepLocked"], { spec: false }),
  r("POST", "/api/seating/apply", "admin", ["eventId", "assignments"], { spec: false }),
  r("GET", "/api/seating/rules", "admin", [], { spec: false }),
  r("POST", "/api/seating/rules", "admin", ["eventId", "kind", "guestIds", "partyIds", "tableId", "ages"], { spec: false }),
  r("DELETE", "/api/seating/rules/{rule}", "admin", [], { spec: false }),
  // issue 39: the album; the tus endpoint's requests carry the protocol's headers (fuzz.test.ts tusBody)
  r("POST", "/api/album/uploads", "guest", [], { spec: false, tus: true }),
  r("PATCH", "/api/album/uploads/{upload}", "guest", [], { spec: false, tus: true }),
  r("DELETE", "/api/album/uploads/{upload}", "guest", [], { spec: false, tus: true }),
  r("GET", "/api/album", "guest", [], { spec: false }),
  // the slideshow's push channel: the fuzz sends no Accept: text/event-stream, so it reads the JSON answer, never the endless stream
  r("GET", "/api/album/events", "guest", [], { spec: false }),
  r("GET", "/api/album/photos", "guest", [], { spec: false }),
  r("POST", "/api/album/photos", "guest", ["file"], { spec: false, multipart: true }),
  r("PATCH", "/api/album/photos/{photo}", "admin", ["status"], { spec: false }),
  r("DELETE", "/api/album/photos/{photo}", "guest", [], { spec: false }),
  r("GET", "/api/admin/album", "admin", [], { spec: false }),
  r("GET", "/api/album/settings", "guest", [], { spec: false }),
  r("PATCH", "/api/album/settings", "admin", ["opensAt", "closesAt", "approval", "quotaBytes", "keepLocation"], { spec: false }),
  r("GET", "/api/album/download", "guest", [], { spec: false }),
  // issue 38: the days themselves (My weekend, the driver's list, day-of messages)
  r("GET", "/api/my-weekend", "guest", [], { spec: false }),
  r("GET", "/api/shuttle-runs/{run}/driver-links", "admin", [], { spec: false }),
  r("POST", "/api/shuttle-runs/{run}/driver-links", "admin", ["label", "expiresAt"], { spec: false }),
  r("DELETE", "/api/driver-links/{driverLink}", "admin", [], { spec: false }),
  r("GET", "/api/driver-links", "admin", [], { spec: false }),
  r("POST", "/api/driver-links", "admin", ["day", "label", "expiresAt"], { spec: false }),
  r("GET", "/api/shuttle-runs/{run}/boarding", "admin", [], { spec: false }),
  r("POST", "/api/shuttle-runs/{run}/messages", "admin", ["text", "textPt"], { spec: false }),
  r("GET", "/api/driver/{token}", "public", [], { spec: false }),
  r("POST", "/api/driver/{token}/boarded", "public", ["guestId", "boarded", "at", "clientId", "runId"], { spec: false }),
];

export const label = (route: RouteSpec) => `${route.method} ${route.path}`;
