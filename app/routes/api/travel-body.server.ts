import type { z } from "zod";
import { readJson } from "~/utils/api.server";
import { fieldNamed } from "~/utils/field-named";

/** readJson whose 400 message starts with the field it refuses (issue 26). */
export async function readTravelJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  try {
    return await readJson(request, schema);
  } catch (error) {
    throw fieldNamed(error);
  }
}
