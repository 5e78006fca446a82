import type { seatingBoard } from "~/models/seating/board.server";

/** What /admin/seating's loader sends of the board (the guests are in the parties). */
export type SeatingBoard = Omit<ReturnType<typeof seatingBoard>, "guests">;
