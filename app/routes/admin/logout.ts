import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession, requireAdminPage } from "~/session.server";

// Signing out is a POST only: a GET (a prefetch, a stray link) changes nothing.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  throw redirect("/admin/dashboard");
}

export async function action({ request }: Route.ActionArgs) {
  return redirect("/admin", { headers: await endSession(request, "admin") });
}
