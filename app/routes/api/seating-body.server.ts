import { ValidationError } from "~/utils/errors";

/** `?eventId=` of a seating GET: required, 400 naming it (issue 37). */
export function eventIdParam(request: Request) {
  const eventId = new URL(request.url).searchParams.get("eventId")?.trim();
  if (!eventId) throw new ValidationError("eventId: eventId is required", { eventId: ["eventId is required"] });
  return eventId;
}
