import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdminPage } from "~/session.server";

// Every /admin page but the login sits here: the session is checked on the server.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
