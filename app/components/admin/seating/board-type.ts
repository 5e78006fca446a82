import type { seatingPageView } from "~/models/seating/board.server";

/** What /admin/seating's loader sends of the board (decision 080: small at 250 guests). */
export type SeatingBoard = ReturnType<typeof seatingPageView>;
