import { formatDate } from "~/components/admin/format";

/** What the attendance table and its CSV show for one answer (SPEC.md section 2, "Event Attendance"). */
export type AttendanceRow = {
  id: string;
  eventTitle: string;
  eventDate: string;
  name: string;
  type: "Party" | "Individual";
  status: "Attending" | "Not Attending";
  respondedOn: string;
  adults: number | null;
  kids: number | null;
  babies: number | null;
};

type EventRsvp = {
  id: string;
  attending: boolean;
  createdAt: string | null;
  partyId: string | null;
  event: { title: string; date: string };
  party: { name: string } | null;
  guest: { firstName: string; lastName: string } | null;
  mainRsvp: { adultsCount: number; kidsCount: number; babiesCount: number } | null;
};

/** The party's name, else the guest's first and last name, else "Unknown". */
export function responderName(r: Pick<EventRsvp, "party" | "guest">) {
  if (r.party?.name) return r.party.name;
  const guest = [r.guest?.firstName, r.guest?.lastName].filter(Boolean).join(" ").trim();
  return guest || "Unknown";
}

export function toAttendanceRow(r: EventRsvp): AttendanceRow {
  return {
    id: r.id,
    eventTitle: r.event.title,
    eventDate: r.event.date,
    name: responderName(r),
    type: r.partyId ? "Party" : "Individual",
    status: r.attending ? "Attending" : "Not Attending",
    respondedOn: formatDate(r.createdAt),
    adults: r.mainRsvp?.adultsCount ?? null,
    kids: r.mainRsvp?.kidsCount ?? null,
    babies: r.mainRsvp?.babiesCount ?? null,
  };
}
