import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { endSession } from "~/session.server";
import { safeRedirect } from "~/utils/safe-redirect";

/** Ends the guest's sign-in (an admin signed in in the same browser stays signed in). POST only. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const to = safeRedirect(form.get("redirectTo"), "/rsvp");
  return redirect(to, { headers: await endSession(request, "guest") });
}

/** Visiting the address signs nobody out: no change on GET. */
export function loader() {
  return redirect("/");
}
