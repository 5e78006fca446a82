import { z } from "zod";

export const MAX_IMPORT_BYTES = 1024 * 1024;
const NOTHING = "Choose a CSV file or paste the guest list.";

/** Step 1 sends a file or pasted text to preview; step 2 sends the previewed text back to save. */
export const previewImportSchema = z
  .object({
    intent: z.literal("preview"),
    file: z
      .instanceof(File, { message: NOTHING })
      .optional()
      .refine((f) => !f || f.size <= MAX_IMPORT_BYTES, "The file is larger than 1 MB."),
    csv: z.string().max(MAX_IMPORT_BYTES, "The text is longer than 1 MB.").optional(),
  })
  .refine((v) => (v.file && v.file.size > 0) || v.csv?.trim(), { message: NOTHING, path: ["file"] });

export const confirmImportSchema = z.object({
  intent: z.literal("import"),
  csv: z.string({ error: NOTHING }).min(1, NOTHING).max(MAX_IMPORT_BYTES, "The text is longer than 1 MB."),
});

export const importActionSchema = z.discriminatedUnion("intent", [previewImportSchema, confirmImportSchema]);
