import { z } from "zod";
import { optionalText, requiredText } from "./fields";

/* SPEC.md 5, "Event": a side event. Date and times are free text ("Saturday, June 13", "6:00 PM"). */
const eventFields = {
  title: requiredText("Title is required"),
  date: requiredText("Date is required", 100),
  timeFrom: requiredText("Start time is required", 50),
  timeTo: requiredText("End time is required", 50),
  description: optionalText(2000),
  hotelGuestsOnly: z.boolean({ error: "hotelGuestsOnly must be true or false" }),
  // Issue 18: the Portuguese texts, optional (empty: guests read the English).
  titlePt: optionalText(200),
  datePt: optionalText(100),
  timeFromPt: optionalText(50),
  timeToPt: optionalText(50),
  descriptionPt: optionalText(2000),
};

/** POST /api/events and the event dialog (a switch that is off sends nothing: false). */
export const eventSchema = z.object({ ...eventFields, hotelGuestsOnly: eventFields.hotelGuestsOnly.default(false) });
export type EventValues = z.output<typeof eventSchema>;

/** PATCH /api/events/{id}: any subset. */
export const eventPatchSchema = z.object(eventFields).partial();
