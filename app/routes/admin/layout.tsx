import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell } from "~/components/admin/admin-shell";
import { readSidebarOpen } from "~/components/admin/sidebar-state";
import { requireAdminPage } from "~/session.server";

// Every /admin page but the login sits here. The layout's check covers page
// renders only: each page's own loader and action check the session too,
// because a data request or a POST runs them without this loader.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { sidebarOpen: readSidebarOpen(request.headers.get("Cookie")) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell initialOpen={loaderData.sidebarOpen}>
      <Outlet />
    </AdminShell>
  );
}
