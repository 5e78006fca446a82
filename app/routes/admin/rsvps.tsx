import { Link } from "react-router";
import type { Route } from "./+types/rsvps";
import { DataTable } from "~/components/admin/data-table";
import { formatDate } from "~/components/admin/format";
import { PageHeader } from "~/components/admin/page-header";
import { CsvLinks } from "~/components/admin/csv-links";
import { RsvpBadge } from "~/components/admin/status-badge";
import { pageOf, Pagination } from "~/components/admin/pagination";
import { SearchForm } from "~/components/admin/search-form";
import { buttonVariants } from "~/components/ui/button";
import { rsvpTracking } from "~/models/admin-views.server";
import { RSVP_STATUSES, rsvpFilterSchema } from "~/schemas/admin-rsvps";
import { requireAdminPage } from "~/session.server";
import { cn } from "~/utils/cn";

export const meta: Route.MetaFunction = () => [{ title: "RSVP Tracking | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const { status, q } = rsvpFilterSchema.parse(Object.fromEntries(url.searchParams));
  // The search narrows every figure; the status buttons count over all it found.
  const found = rsvpTracking({ search: q });
  const counts = Object.fromEntries(RSVP_STATUSES.map((s) => [s, found.filter((r) => r.status === s).length])) as Record<
    (typeof RSVP_STATUSES)[number],
    number
  >;
  const listed = status ? found.filter((r) => r.status === status) : found;
  const attendingGuests = listed.reduce((sum, r) => sum + r.guestCount, 0);
  // 50 a page (issue 16): every party at once was ~480 KB of HTML at 300 parties.
  const { rows, pagination } = pageOf(listed, url);
  return { status: status ?? null, q: q ?? "", counts, total: found.length, attendingGuests, rows, pagination };
}

export default function Rsvps({ loaderData }: Route.ComponentProps) {
  const { status, q, counts, total, attendingGuests, rows, pagination } = loaderData;
  const filters = [{ label: "All", value: null, count: total }, ...RSVP_STATUSES.map((s) => ({ label: s, value: s, count: counts[s] }))];
  const query = (extra: Record<string, string | null>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries({ q: q || null, status: status?.toLowerCase() ?? null, ...extra })) if (v) params.set(k, v);
    const text = params.toString();
    return text ? `?${text}` : ".";
  };
  return (
    <>
      <PageHeader
        title="RSVP Tracking"
        description={`Every invitation and its answer. ${attendingGuests} ${attendingGuests === 1 ? "guest" : "guests"} attending${status || q ? ` in this list` : ""}.`}
        actions={
          <CsvLinks href={`/admin/rsvps/export${query({}) === "." ? "" : query({})}`} />
        }
      />
      <SearchForm id="rsvp-search" label="Search invitations" placeholder="Name, contact, email or phone" value={q} keep={{ status: status?.toLowerCase() }} />
      <nav aria-label="Filter by status" className="mb-4 flex flex-wrap gap-2">
        {filters.map((f) => {
          const active = f.value === status;
          return (
            <Link
              key={f.label}
              to={query({ status: f.value?.toLowerCase() ?? null })}
              aria-current={active ? "page" : undefined}
              className={cn(
                buttonVariants({ variant: active ? "default" : "outline", size: "sm" }),
                "gap-2",
              )}
            >
              {f.label}
              <span className={cn("rounded-full px-1.5 text-xs tabular-nums", active ? "bg-white/20" : "bg-muted")}>{f.count}</span>
            </Link>
          );
        })}
      </nav>
      <DataTable
        caption={status ? `${status} RSVPs` : "All RSVPs"}
        rows={rows}
        rowKey={(r) => `${r.type}-${r.id}`}
        empty={q ? "No invitations match this search." : status ? `No ${status.toLowerCase()} invitations.` : "No invitations yet."}
        columns={[
          {
            header: "Name",
            cell: (r) =>
              r.type === "Party" ? (
                <Link to={`/admin/parties/${r.id}`} className="row-link">
                  {r.name}
                </Link>
              ) : (
                <span className="font-medium">{r.name}</span>
              ),
          },
          { header: "Type", cell: (r) => r.type },
          { header: "Status", cell: (r) => <RsvpBadge status={r.status} /> },
          {
            header: "Guests",
            cell: (r) =>
              r.status === "Attending" ? (
                <span className="flex flex-col tabular-nums">
                  <span className="font-medium">{r.guestCount}</span>
                  <span className="text-xs text-muted-foreground">
                    {r.adults} adults, {r.kids} kids, {r.babies} babies
                  </span>
                </span>
              ) : (
                <span className="text-muted-foreground">-</span>
              ),
          },
          { header: "Dietary restrictions", cell: (r) => r.dietaryRestrictions || <span className="text-muted-foreground">-</span>, className: "md:max-w-48" },
          {
            header: "Message",
            cell: (r) => (r.messageToHost ? <span className="whitespace-pre-line">{r.messageToHost}</span> : <span className="text-muted-foreground">-</span>),
            className: "md:max-w-64",
          },
          { header: "Answered", cell: (r) => formatDate(r.respondedAt), className: "whitespace-nowrap" },
        ]}
      />
      <Pagination pagination={pagination} label="Invitations" />
    </>
  );
}
