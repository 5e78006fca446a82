import type { Route } from "./+types/guests-export";
import { listGuests } from "~/models/guests.server";
import { guestFiltersSchema } from "~/schemas/admin-guest";
import { requireAdminPage } from "~/session.server";
import { csvDownload, type CsvValue } from "~/utils/csv.server";

const RSVP_LABEL = { pending: "Pending", attending: "Attending", declined: "Declined" } as const;

// The guest list as the host filtered it, for a spreadsheet. Its columns
// read back in through the import (RSVP and dietary columns are ignored there).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const filters = guestFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const guests = listGuests({ search: filters.q, partyId: filters.party, ageCategory: filters.age, rsvpStatus: filters.rsvp });
  const rows: CsvValue[][] = [
    ["First Name", "Last Name", "Party", "Email", "Phone", "Age Category", "RSVP", "Dietary Restrictions"],
    ...guests.map((g) => [
      g.firstName,
      g.lastName,
      g.partyName,
      g.email,
      g.phone,
      g.ageCategory,
      RSVP_LABEL[g.rsvpStatus],
      g.dietaryRestrictions,
    ]),
  ];
  return csvDownload(request, rows, "guests.csv");
}
