import { z } from "zod";
import { calendarDate, idField, optionalId, optionalPhone, optionalText, requiredText } from "./fields";

/* Issue 26: the travel settings, points, a guest's travel answer and shuttle runs, as the API takes them. */

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_MESSAGE = "Enter the time as HH:MM (24-hour), e.g. 14:05";
export const timeField = z.string({ error: TIME_MESSAGE }).trim().max(5, { message: TIME_MESSAGE, abort: true }).regex(TIME_PATTERN, TIME_MESSAGE);
const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });
const minutes = (name: string, max: number) =>
  z.number({ error: `${name} must be a number of minutes` }).int(`${name} must be a whole number`).min(0, `${name} must be 0 or more`).max(max, `${name} must be at most ${max}`);
const seatsField = (name = "seats") => z.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(1, `${name} must be at least 1`).max(99, `${name} must be at most 99`);
const optionalDate = calendarDate().nullish().transform((v) => v ?? null);

export const plannerSettingsSchema = z.object({
  bufferMinutes: minutes("bufferMinutes", 600).optional(),
  maxWaitMinutes: minutes("maxWaitMinutes", 1440).optional(),
  seats: seatsField().optional(),
  leadMinutes: minutes("leadMinutes", 1440).optional(),
});

export const travelSettingsSchema = plannerSettingsSchema.extend({
  enabled: flag("enabled").optional(),
  windowStart: optionalDate.optional(),
  windowEnd: optionalDate.optional(),
  deadline: optionalDate.optional(),
});
export type TravelSettingsInput = z.output<typeof travelSettingsSchema>;

export const travelPointSchema = z.object({
  name: requiredText("Please enter the point's name", 120),
  namePt: optionalText(120),
  kind: z.enum(["airport", "station", "other"], { error: 'kind must be "airport", "station" or "other"' }),
  transfer: flag("transfer"),
  driveMinutes: minutes("driveMinutes", 1440),
});
export type TravelPointInput = z.output<typeof travelPointSchema>;
/** PATCH /api/travel-points/{id}: the same fields, any subset. */
export const travelPointPatchSchema = travelPointSchema.partial();

export const legSchema = z
  .object({
    date: calendarDate(),
    time: timeField,
    pointId: idField("Choose where you arrive or leave from"),
    number: optionalText(40),
  })
  .nullable();
export type LegInput = z.output<typeof legSchema>;

export const myTravelSchema = z.object({
  arrival: legSchema,
  departure: legSchema,
  transfer: z.object({ arrival: flag("transfer.arrival"), departure: flag("transfer.departure"), seats: seatsField("transfer.seats") }),
  members: z
    .array(z.object({ guestId: idField("members.guestId is required"), arrival: legSchema, departure: legSchema }))
    .max(50, "Too many members")
    .optional(),
});
export type MyTravelInput = z.output<typeof myTravelSchema>;

export const runFields = {
  direction: z.enum(["arrival", "departure"], { error: 'direction must be "arrival" or "departure"' }),
  date: calendarDate(),
  time: timeField,
  fromPointId: optionalId,
  toPointId: optionalId,
  seats: seatsField(),
  vehicle: optionalText(120),
  driverPhone: optionalPhone,
  note: optionalText(500),
  locked: flag("locked"),
  partyIds: z.array(idField("Unknown party")).max(200, "Too many parties"),
};
export const shuttleRunSchema = z.object(runFields);
export const shuttleRunPatchSchema = z.object(runFields).partial();
export type ShuttleRunInput = z.output<typeof shuttleRunSchema>;

/**
 * POST /api/shuttle-runs/apply: a proposal's runs (id: a saved run kept,
 * locked or not), in the saved runs' shape (fromPointId/toPointId). The old
 * `pointId` (the run's point on its side) is read for one release. Vehicle,
 * driver's phone and note: left out, a kept run keeps its own.
 */
export const applySchema = z.object({
  runs: z
    .array(
      z.object({
        id: optionalId,
        direction: runFields.direction,
        fromPointId: optionalId,
        toPointId: optionalId,
        pointId: optionalId,
        date: runFields.date,
        time: runFields.time,
        seats: runFields.seats,
        vehicle: runFields.vehicle.optional(),
        driverPhone: runFields.driverPhone.optional(),
        note: runFields.note.optional(),
        partyIds: runFields.partyIds,
        locked: flag("locked").optional(),
      }),
    )
    .max(500, "Too many runs"),
});
export type ApplyInput = z.output<typeof applySchema>;
