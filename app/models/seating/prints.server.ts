import { menuByGuest } from "../answers.server";
import { loadPlan } from "./plan.server";

/*
 * Issue 37: the saved plan on paper: the table plan, the alphabetical "find
 * your table" list for the entrance, the place cards (name, table, menu), and
 * each table's menu counts for the caterer. Guests no longer coming are not printed.
 */

const byName = new Intl.Collator("en", { sensitivity: "base" });

export function seatingPrints(eventId: string, lang: "en" | "pt" = "en") {
  const plan = loadPlan(eventId);
  const menus = menuByGuest(eventId, lang);
  const guest = new Map(plan.coming.map((g) => [g.id, g]));
  const tables = plan.tables.map((t) => {
    const guests = plan.seats
      .filter((s) => s.tableId === t.id)
      .map((s) => ({ id: s.guestId, name: guest.get(s.guestId)!.name, menu: (menus.get(s.guestId) ?? []).join(", ") }))
      .sort((a, b) => byName.compare(a.name, b.name));
    const counts = new Map<string, number>();
    for (const g of guests) if (g.menu) counts.set(g.menu, (counts.get(g.menu) ?? 0) + 1);
    return { id: t.id, name: t.name, note: t.note, seats: t.seats, guests, menuCounts: [...counts].map(([menu, count]) => ({ menu, count })).sort((a, b) => byName.compare(a.menu, b.menu)) };
  });
  const list = tables.flatMap((t) => t.guests.map((g) => ({ name: g.name, table: t.name, menu: g.menu }))).sort((a, b) => byName.compare(a.name, b.name));
  return { tables, list };
}

/** The prints as CSV rows: `plan` (table, guest, menu), `list` (guest, table), `cards` (name, table, menu). */
export function seatingCsvRows(eventId: string | null, view: string) {
  const { tables, list } = eventId ? seatingPrints(eventId) : { tables: [], list: [] };
  if (view === "list") return [["Guest", "Table"], ...list.map((r) => [r.name, r.table])];
  if (view === "cards") return [["Name", "Table", "Menu"], ...list.map((r) => [r.name, r.table, r.menu])];
  return [["Table", "Guest", "Menu"], ...tables.flatMap((t) => t.guests.map((g) => [t.name, g.name, g.menu]))];
}

/** The caterer's per-table menu counts (tables without menus left out). */
export function tableMenuCounts(eventId: string, lang: "en" | "pt" = "en") {
  return seatingPrints(eventId, lang).tables.filter((t) => t.menuCounts.length).map((t) => ({ table: t.name, menus: t.menuCounts }));
}
