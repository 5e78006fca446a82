import { isRouteErrorResponse, Link, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell } from "~/components/admin/admin-shell";
import { readSidebarOpen } from "~/components/admin/sidebar-state";
import { requireAdminPagePerson } from "~/session.server";

// Every /admin page but the login sits here. The layout's check covers page
// renders only: each page's own loader and action check the session too,
// because a data request or a POST runs them without this loader.
export async function loader({ request }: Route.LoaderArgs) {
  const person = await requireAdminPagePerson(request);
  // Issue 27: the pages hide write controls from a viewer (components/admin/admin-role.ts).
  return { sidebarOpen: readSidebarOpen(request.headers.get("Cookie")), me: { name: person.name, role: person.role } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell initialOpen={loaderData.sidebarOpen}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * Issue 27: a page or action the person's role may not use is a thrown 403
 * whose message the page shows ("Your role can't change this."); any other
 * failure says something went wrong.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const refused = isRouteErrorResponse(error) && error.status === 403;
  const message = refused && typeof error.data?.message === "string" ? error.data.message : "Something went wrong. Please try again.";
  return (
    <main className="mx-auto flex min-h-svh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{refused ? "Not allowed | Party Admin" : "Error | Party Admin"}</title>
      <h1 className="text-2xl font-semibold">{refused ? "Not allowed" : "Error"}</h1>
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
      <Link to="/admin/dashboard" className="text-primary underline underline-offset-4">
        Back to the dashboard
      </Link>
    </main>
  );
}
