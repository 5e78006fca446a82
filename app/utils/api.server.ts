import type { z } from "zod";
import { AppError, ValidationError, type FieldErrors } from "./errors";

/** JSON answer with the API's error shape for typed errors. */
export function toErrorResponse(error: AppError) {
  const body: { message: string; errors?: FieldErrors } = { message: error.message };
  if (error.errors) body.errors = error.errors;
  return Response.json(body, { status: error.status, headers: error.headers });
}

/**
 * Wraps an /api loader or action: typed errors become CONTRACT.md statuses,
 * thrown Responses pass through, anything else is a logged 500 with no details.
 */
export async function handleApi(fn: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof AppError) return toErrorResponse(error);
    console.error(JSON.stringify({ level: "error", msg: "api failure", error: String((error as Error)?.stack ?? error) }));
    return Response.json({ message: "Something went wrong on our side. Please try again." }, { status: 500 });
  }
}

/** Field errors from a zod error, keyed by dotted path ("" for the root). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Validates data against a schema, throwing a 400 with the first message. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ValidationError(result.error.issues[0]?.message ?? "Invalid input", zodFieldErrors(result.error));
  }
  return result.data;
}

const MAX_JSON_BYTES = 256 * 1024;

/** The body as text, refused as soon as it passes `max` bytes (never buffered whole first). */
async function readLimitedText(request: Request, max: number) {
  const tooLarge = () => new ValidationError("Request body is too large");
  if (Number(request.headers.get("content-length")) > max) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads a JSON body (400 when malformed, too large or not an object) and validates it. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const text = await readLimitedText(request, MAX_JSON_BYTES);
  let data: unknown = {};
  if (text.trim() !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ValidationError("Malformed JSON body");
    }
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new ValidationError("The body must be a JSON object");
  }
  return parseWith(schema, data);
}

export const json = (data: unknown, init?: number | ResponseInit) =>
  Response.json(data, typeof init === "number" ? { status: init } : init);

/** Only these methods may reach an API action; others get 405 JSON. */
export function methodNotAllowed(allowed: string[]) {
  return Response.json({ message: "Method not allowed" }, { status: 405, headers: { Allow: allowed.join(", ") } });
}
