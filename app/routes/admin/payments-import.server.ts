import { data, redirect } from "react-router";
import { env } from "~/env.server";
import { importBankStatement, NeedsMappingError, readStatement, type ImportReport } from "~/models/bank-statements.server";

const NEW_LAYOUT = new NeedsMappingError({ headers: [], sample: [], suggested: {} }).message;
import type { CsvMapping } from "~/models/bank-csv";
import { csvMappingSchema } from "~/schemas/bank";
import { decodeCsvBytes } from "~/utils/csv.server";
import { AppError, PayloadTooLargeError, ValidationError } from "~/utils/errors";
import { readBankForm, readStatementForm } from "./bank-upload.server";

export type ImportActionData =
  | { kind: "report"; report: ImportReport; fileName: string | null }
  | { kind: "mapping"; headers: string[]; sample: string[][]; suggested: CsvMapping; content: string; fileName: string | null; error?: string }
  | { kind: "error"; message: string };

/** The mapping chosen in the page's selects (`map.date`, `map.amount`...); an empty select maps nothing. */
function mappingFrom(formData: FormData) {
  const raw: Record<string, string> = {};
  for (const [key, value] of formData) if (key.startsWith("map.") && typeof value === "string") raw[key.slice(4)] = value;
  const parsed = csvMappingSchema.safeParse(raw);
  if (!parsed.success) throw new ValidationError("The column choice could not be read");
  return parsed.data;
}

/**
 * The import page's form, the same model call as POST /api/bank-statements.
 * A new CSV layout comes back with its preview; the mapping form sends the
 * file's text again (a file input cannot be refilled without JavaScript)
 * with the columns chosen, and the mapping is remembered by the import.
 */
export async function answerImport(request: Request) {
  let formData: FormData;
  try {
    formData = await readBankForm(request);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) return data<ImportActionData>({ kind: "error", message: error.message }, { status: error.status });
    return data<ImportActionData>({ kind: "error", message: "The upload could not be read. Choose the file again." }, { status: 400 });
  }
  let content: string | null = null;
  let fileName: string | null = null;
  try {
    let upload: { bytes: Uint8Array; fileName: string | null; mapping: CsvMapping | null };
    if (formData.get("intent") === "map") {
      content = String(formData.get("content") ?? "");
      fileName = String(formData.get("fileName") ?? "") || null;
      upload = { bytes: new TextEncoder().encode(content), fileName, mapping: mappingFrom(formData) };
    } else {
      upload = await readStatementForm(formData);
      fileName = upload.fileName;
    }
    const report = await reportOrProgress(upload);
    if (typeof report === "string") return redirect(`/admin/payments/import?import=${encodeURIComponent(report)}`, 303);
    return data<ImportActionData>({ kind: "report", report, fileName });
  } catch (error) {
    if (error instanceof NeedsMappingError) {
      const file = formData.get("file");
      const text = content ?? (file instanceof File ? decodeCsvBytes(await file.arrayBuffer()) : "");
      const question = error.layout.headers.length && error.message !== NEW_LAYOUT ? { error: error.message } : {};
      return data<ImportActionData>({ kind: "mapping", ...error.layout, content: text, fileName, ...question }, { status: 422 });
    }
    if (!(error instanceof AppError)) throw error;
    if (content !== null) {
      // A mapping the file refuses (no date column...): the same preview again, with the reason.
      return data<ImportActionData>({ kind: "mapping", ...previewAgain(content), content, fileName, error: error.message }, { status: error.status });
    }
    return data<ImportActionData>({ kind: "error", message: error.message }, { status: error.status });
  }
}

/**
 * The import's report when it is done within BANK_PAGE_WAIT_MS; else the id of
 * the import, which goes on storing its batches while the page shows how far
 * it got (decision 076). The same model call as the API's, which waits.
 */
async function reportOrProgress(upload: Parameters<typeof importBankStatement>[0]): Promise<ImportReport | string> {
  let importId: string | null = null;
  let batchesStarted = () => {};
  const started = new Promise<null>((resolve) => (batchesStarted = () => resolve(null)));
  const importing = importBankStatement(upload, "admin", (id) => {
    importId = id;
    batchesStarted();
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<null>((resolve) => (timer = setTimeout(resolve, env().BANK_PAGE_WAIT_MS, null)));
  try {
    const done = await Promise.race([importing, waited]);
    if (done) return done;
  } finally {
    clearTimeout(timer);
  }
  // Still reading the file: the page answers when its batches start (or it is done, or refused).
  const done = await Promise.race([importing, started]);
  if (done || importId === null) return done ?? importing;
  // A failure now is the page's "stopped" (the record keeps what was stored); logged here, as nobody awaits it any more.
  importing.catch((error) => console.error("A bank statement import stopped half way:", error));
  return importId;
}

function previewAgain(content: string) {
  try {
    readStatement(new TextEncoder().encode(content), null); // reads only, stores nothing
  } catch (error) {
    if (error instanceof NeedsMappingError) return error.layout;
  }
  return { headers: [], sample: [], suggested: {} };
}
