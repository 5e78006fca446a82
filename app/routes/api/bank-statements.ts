import type { Route } from "./+types/bank-statements";
import { readStatementUpload } from "~/routes/admin/bank-upload.server";
import { importBankStatement, NeedsMappingError } from "~/models/bank-statements.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/**
 * POST /api/bank-statements (admin), multipart `file` (CSV, CAMT.053 XML or
 * MT940, at most 10 MB) and optional `mapping` JSON naming the CSV columns:
 * {read, new, duplicates, booked, proposed, unmatched, ignored, errors}; 422
 * {needsMapping: {headers, sample}} for a CSV layout not seen before.
 */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    const upload = await readStatementUpload(request);
    try {
      const { importId: _, format: __, ...report } = await importBankStatement(upload);
      return json(report, 201);
    } catch (error) {
      if (!(error instanceof NeedsMappingError)) throw error;
      return json({ message: error.message, needsMapping: error.layout }, 422);
    }
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
