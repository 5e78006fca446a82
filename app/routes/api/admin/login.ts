import { z } from "zod";
import type { Route } from "./+types/login";
import { authenticateAdminPassword } from "~/auth.server";
import { startSession } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { UnauthorizedError } from "~/utils/errors";
import { adminLoginLimiter, clientAddress } from "~/utils/rate-limit.server";

const loginSchema = z.object({ password: z.string({ error: "Please enter the password" }) });

export function loader() {
  return methodNotAllowed(["POST"]);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const key = clientAddress(context);
    adminLoginLimiter.assertAllowed(key);
    const { password } = await readJson(request, loginSchema);
    try {
      const admin = await authenticateAdminPassword(request, password);
      const headers = await startSession(request, { adminId: admin.id });
      return json({ authenticated: true, username: admin.username }, { headers });
    } catch (error) {
      adminLoginLimiter.recordFailure(key);
      // CONTRACT.md 4: wrong or empty password is 401.
      const message = error instanceof Error ? error.message : "Invalid credentials. Please try again.";
      throw new UnauthorizedError(message);
    }
  });
}
