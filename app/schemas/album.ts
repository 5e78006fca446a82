import { z } from "zod";

/** Issue 39: the host's decision on one photo. */
export const photoStatusSchema = z.object({ status: z.enum(["waiting", "shown", "hidden"], { error: 'status must be "waiting", "shown" or "hidden"' }) }).strict();

const isoOrNull = z.union([z.iso.datetime({ offset: true, error: "Use an ISO date and time, e.g. 2026-06-14T10:00:00Z" }), z.null()]);

/** PATCH /api/album/settings: any of these. The quota is 10 MB to 100 GB per invitation. */
export const albumSettingsSchema = z
  .object({
    opensAt: isoOrNull.optional(),
    closesAt: isoOrNull.optional(),
    approval: z.enum(["host", "at-once"], { error: 'approval must be "host" or "at-once"' }).optional(),
    quotaBytes: z.number().int().min(10 * 1024 * 1024, "The quota is at least 10 MB").max(100 * 1024 ** 3, "The quota is at most 100 GB").optional(),
    keepLocation: z.boolean().optional(),
  })
  .strict();

export const albumStatusQuery = z.enum(["waiting", "shown", "hidden"]);
/** ?page=N, 1 to 10,000; anything else is page 1. */
export const pageParam = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};
