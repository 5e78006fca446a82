import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { changeOwnPassword, endOwnSession, sessionsOf } from "~/models/team.server";
import { accountFormSchema } from "~/schemas/team";
import { redirectWithToast, requireAdminPagePerson } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { passwordChangeGuesses } from "~/utils/rate-limit.server";

/** "Your account" (issue 27): anyone's own password and sessions, whatever their role. */
export async function accountLoader(request: Request) {
  const person = await requireAdminPagePerson(request);
  return { me: { name: person.name, role: person.role }, sessions: sessionsOf(person, person.sessionId) };
}

export async function accountAction(request: Request, context: unknown) {
  const person = await requireAdminPagePerson(request);
  const submission = parseWithZod(await request.formData(), { schema: accountFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["current", "next"] }) }, { status: 400 });
  const v = submission.value;
  try {
    if (v.intent === "password") {
      await changeOwnPassword(person, v, passwordChangeGuesses(context), person.sessionId);
      return redirectWithToast(request, "/admin/account", { type: "success", title: "Password changed", description: "Your other sessions were signed out." });
    }
    endOwnSession(person, v.id);
    return redirectWithToast(request, "/admin/account", { type: "success", title: "Session ended", description: "That browser is signed out." });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message], fieldErrors: error.errors, hideFields: ["current", "next"] }) }, { status: error.status === 401 ? 400 : error.status, headers: error.headers });
  }
}
