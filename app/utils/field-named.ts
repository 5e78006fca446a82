import { ValidationError } from "./errors";

/** A 400 whose message starts with the field it refuses ("arrival.time: Enter the time as HH:MM"), as issue 26 asks; other errors as they are. */
export function fieldNamed(error: unknown): unknown {
  if (!(error instanceof ValidationError) || !error.errors) return error;
  const field = Object.keys(error.errors)[0];
  if (!field || error.message.startsWith(field)) return error;
  return new ValidationError(`${field}: ${error.message}`, error.errors);
}
