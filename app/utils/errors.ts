/**
 * Typed errors thrown by models and helpers. Routes never build error
 * responses by hand: `toErrorResponse` (api.server.ts) maps these to
 * CONTRACT.md section 2's statuses.
 */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, errors?: FieldErrors) {
    super(400, message, errors);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = "Authentication required") {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = "You are not allowed to do this") {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = "Not found") {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, errors?: FieldErrors) {
    super(409, message, errors);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
/** Issue 39: a file that is an image, but one the server will not decode (too many pixels). */
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number, message = "Too many attempts. Please try again later.") {
    super(429, message, undefined, { "Retry-After": String(retryAfterSeconds) });
  }
}

/** Issue 39: the server holds as many of something as it will (open event streams); try again later. */
export class BusyError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message, undefined, { "Retry-After": String(retryAfterSeconds) });
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Issue 14: a guest's change after the RSVP deadline (403, the message word for word). */
export class DeadlinePassedError extends ForbiddenError {
  constructor() {
    super("The RSVP deadline has passed. Please contact the host to make changes.");
  }
}
