import type { z } from "zod";
import { readJson } from "~/utils/api.server";
import { ValidationError } from "~/utils/errors";

/** readJson whose 400 message starts with the field it refuses ("arrival.time: Enter the time as HH:MM"), as issue 26 asks. */
export async function readTravelJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  try {
    return await readJson(request, schema);
  } catch (error) {
    if (!(error instanceof ValidationError) || !error.errors) throw error;
    const field = Object.keys(error.errors)[0];
    if (!field || error.message.startsWith(field)) throw error;
    throw new ValidationError(`${field}: ${error.message}`, error.errors);
  }
}
