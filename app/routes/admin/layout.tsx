import { isRouteErrorResponse, Link, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell } from "~/components/admin/admin-shell";
import { readSidebarOpen } from "~/components/admin/sidebar-state";
import { messagesFor } from "~/i18n/messages";
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
 * whose message the page shows ("Your role can't change this."); anything
 * else reads as the site's own error page (root.tsx) does.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = messagesFor("en").common;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const refused = status === 403;
  const title = refused ? "Not allowed" : status === 404 ? t.notFoundTitle : t.errorTitle;
  const message = refused && isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : status === 404 ? t.notFoundText : t.errorText;
  return (
    <main className="mx-auto flex min-h-svh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${title} | Party Admin`}</title>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p role={refused ? "alert" : undefined} className="text-muted-foreground">
        {message}
      </p>
      <Link to="/admin/dashboard" className="text-primary underline underline-offset-4">
        Back to the dashboard
      </Link>
    </main>
  );
}
