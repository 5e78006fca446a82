import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyAdminLogin } from "./models/admin.server";
import { verifyHelperLogin } from "./models/team.server";
import { recordAdminSignInOrigin } from "./models/site-origin.server";
import { requestOrigin } from "./utils/origin.server";
import { UnauthorizedError, ValidationError } from "./utils/errors";

export const ADMIN_EMPTY_PASSWORD = "Please enter the password";
export const ADMIN_WRONG_PASSWORD = "Invalid credentials. Please try again.";

/** The host's login: one password form strategy (remix-auth). */
export const authenticator = new Authenticator<{ id: string; username: string }>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const password = form.get("password");
    if (typeof password !== "string" || password === "") throw new ValidationError(ADMIN_EMPTY_PASSWORD);
    if (password.length > 1024) throw new UnauthorizedError(ADMIN_WRONG_PASSWORD);
    const admin = await verifyAdminLogin({ password });
    if (!admin) throw new UnauthorizedError(ADMIN_WRONG_PASSWORD);
    return admin;
  }),
  "admin-password",
);

/**
 * Authenticates a password from any source (JSON API or HTML form) through the
 * strategy. On success the address the owner signed in at becomes the one
 * links in mails point to when PUBLIC_URL is not set (issue 22.2): only the
 * owner's own sign-in may set it, never a guest's request.
 */
export async function authenticateAdminPassword(request: Request, password: string) {
  const formRequest = new Request(request.url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ password }),
  });
  const admin = await authenticator.authenticate("admin-password", formRequest);
  recordAdminSignInOrigin({ adminId: admin.id, origin: requestOrigin(request) });
  return admin;
}

/**
 * Issue 27: a helper's sign-in with e-mail and password. Unknown e-mail,
 * wrong password, a disabled helper or one who never accepted: the same 401
 * and message, after the same hashing time. Never moves the mail links' origin.
 */
export async function authenticateHelper(email: string, password: string) {
  if (password === "") throw new ValidationError(ADMIN_EMPTY_PASSWORD);
  if (password.length > 1024 || email.length > 320) throw new UnauthorizedError(ADMIN_WRONG_PASSWORD);
  const helper = await verifyHelperLogin({ email, password });
  if (!helper) throw new UnauthorizedError(ADMIN_WRONG_PASSWORD);
  return helper;
}
