import { z } from "zod";
import type { Route } from "./+types/login";
import { authenticateAdminPassword } from "~/auth.server";
import { startSession } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { UnauthorizedError } from "~/utils/errors";
import { reserveOwnerSignIn } from "~/utils/rate-limit.server";

const loginSchema = z.object({ password: z.string({ error: "Please enter the password" }) });

export function loader() {
  return methodNotAllowed(["POST"]);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    // Counted before the password is checked: parallel guesses cannot all
    // pass the limit while the first are still hashing (issue 22.3).
    const attempt = reserveOwnerSignIn(context);
    let password: string;
    try {
      ({ password } = await readJson(request, loginSchema));
    } catch (error) {
      attempt.release(); // a malformed body is no guess
      throw error;
    }
    let admin;
    try {
      admin = await authenticateAdminPassword(request, password);
    } catch (error) {
      // CONTRACT.md 4: wrong or empty password is 401, and counts.
      const message = error instanceof Error ? error.message : "Invalid credentials. Please try again.";
      throw new UnauthorizedError(message);
    }
    attempt.release();
    const headers = await startSession(request, { adminId: admin.id });
    return json({ authenticated: true, username: admin.username }, { headers });
  });
}
