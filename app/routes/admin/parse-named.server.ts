import type { z } from "zod";
import { parseWith } from "~/utils/api.server";
import { fieldNamed } from "~/utils/field-named";

/** Validates a page's form like the /api routes: a 400 names its field first (issues 26, 37). */
export function parseNamed<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  try {
    return parseWith(schema, data);
  } catch (error) {
    throw fieldNamed(error);
  }
}
