import type { Route } from "./+types/guest-auth-verify";
import { verifyEmailCode } from "~/models/email-sign-in.server";
import { verifyCodeSchema } from "~/schemas/guest-auth";
import { handleApi, methodNotAllowed, readJson } from "~/utils/api.server";
import { now } from "~/utils/clock.server";
import { UnauthorizedError } from "~/utils/errors";
import { clientAddress, guestSignInLimiter } from "~/utils/rate-limit.server";
import { answerSignIn } from "./sign-in.server";

/**
 * POST /api/guest-auth/verify {identifier, code}: the one-time code from the
 * sign-in mail (issue 15). Answers as /api/guest-auth does (the party or
 * guest, and the session); 401 for a wrong, expired, used or dead code.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    // Counted before the body is read and the code checked, so parallel tries
    // cannot pass the limit together (issue 22.3); given back unless refused.
    const attempt = guestSignInLimiter.reserve(clientAddress(context));
    let identity;
    try {
      const { identifier, code } = await readJson(request, verifyCodeSchema);
      identity = verifyEmailCode({ email: identifier, code, now: now() });
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) attempt.release();
      throw error;
    }
    attempt.release();
    return answerSignIn(request, identity);
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
