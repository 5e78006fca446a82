import { z } from "zod";
import type { Route } from "./+types/login";
import { authenticateAdminPassword, authenticateHelper } from "~/auth.server";
import { startSession } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { UnauthorizedError } from "~/utils/errors";
import { adminLoginLimiter, clientAddress, ownerAccountLimiter, reserveHelperAccount, type Attempt } from "~/utils/rate-limit.server";

// {password}: the owner, as ever; {email, password}: a helper (issue 27).
const loginSchema = z.object({
  email: z.string().max(320, "Invalid credentials. Please try again.").optional(),
  password: z.string({ error: "Please enter the password" }),
});

export function loader() {
  return methodNotAllowed(["POST"]);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    // Counted before the password is checked: parallel guesses cannot all
    // pass the limit while the first are still hashing (issue 22.3).
    // The address's count first; the account's once the body says whose it is.
    const byAddress = adminLoginLimiter.reserve(clientAddress(context));
    let body: z.output<typeof loginSchema>;
    let account: Attempt;
    try {
      body = await readJson(request, loginSchema);
      account = body.email !== undefined ? reserveHelperAccount(body.email) : ownerAccountLimiter.reserve("owner");
    } catch (error) {
      byAddress.release(); // a malformed body is no guess (and a refused account gives the address's count back)
      throw error;
    }
    const attempt: Attempt = { release: () => (account.release(), byAddress.release()) };
    if (body.email !== undefined) {
      // A helper: the same limits, counted on the helper's account instead of the owner's.
      let helper;
      try {
        helper = await authenticateHelper(body.email, body.password);
      } catch (error) {
        throw new UnauthorizedError(error instanceof Error ? error.message : "Invalid credentials. Please try again.");
      }
      attempt.release();
      const headers = await startSession(request, { helperId: helper.id });
      return json({ authenticated: true, name: helper.name, role: helper.role }, { headers });
    }
    let admin;
    try {
      admin = await authenticateAdminPassword(request, body.password);
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
