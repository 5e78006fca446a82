import { MaxFileSizeExceededError, parseFormData } from "@remix-run/form-data-parser";
import { MAX_STATEMENT_BYTES } from "~/models/bank-statements.server";
import { csvMappingSchema } from "~/schemas/bank";
import { parseWith } from "~/utils/api.server";
import { PayloadTooLargeError, ValidationError } from "~/utils/errors";

/**
 * A bank statement upload (multipart `file`, optional `mapping` JSON), for
 * POST /api/bank-statements and the import page: the file's bytes (at most
 * 10 MB: 413; server.js cuts the body itself a little above that), its name,
 * the mapping, and the form's other fields.
 */
export async function readStatementUpload(request: Request) {
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    throw new ValidationError("Send the statement as multipart/form-data with a `file` field", { file: ["Choose a statement file"] });
  }
  let formData: FormData;
  try {
    formData = await readBankForm(request);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) throw error;
    throw new ValidationError("The upload could not be read", { file: ["Choose a statement file"] });
  }
  return readStatementForm(formData);
}

/**
 * The statement form, read as it arrives (decision 076): the built-in
 * request.formData() parses a 10 MB body in one go, about 300 ms in which
 * the server answers no one.
 */
export async function readBankForm(request: Request) {
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return request.formData();
  try {
    // The page's mapping form sends the file's text back as a field, as big as the file.
    return await parseFormData(request, { maxFileSize: MAX_STATEMENT_BYTES + 1, maxFiles: 1 });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) throw new PayloadTooLargeError("The statement is larger than 10 MB.");
    throw error;
  }
}

/** The statement fields of a form already read. */
export async function readStatementForm(formData: FormData) {
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) throw new ValidationError("Choose a statement file (CSV, CAMT.053 XML or MT940)", { file: ["Choose a statement file"] });
  if (file.size > MAX_STATEMENT_BYTES) throw new PayloadTooLargeError("The statement is larger than 10 MB.");
  const rawMapping = formData.get("mapping");
  let mapping = null;
  if (typeof rawMapping === "string" && rawMapping.trim() !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawMapping);
    } catch {
      throw new ValidationError("mapping must be JSON naming the columns, e.g. {\"date\": \"Date\", \"amount\": \"Amount\"}");
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new ValidationError("mapping must be a JSON object");
    mapping = parseWith(csvMappingSchema, parsed);
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name || null, mapping, formData };
}
