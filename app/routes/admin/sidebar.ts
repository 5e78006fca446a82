import { redirect } from "react-router";
import type { Route } from "./+types/sidebar";
import { sidebarCookie } from "~/components/admin/sidebar-state";
import { requireAdminPage } from "~/session.server";
import { safeRedirect } from "~/utils/safe-redirect";

// The sidebar toggle without JavaScript: the form posts here, the cookie is
// set and the host lands back on the page they were on.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  throw redirect("/admin/dashboard");
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const form = await request.formData();
  const open = form.get("open") !== "false";
  return redirect(safeRedirect(form.get("redirectTo"), "/admin/dashboard"), {
    headers: { "Set-Cookie": sidebarCookie(open) },
  });
}
