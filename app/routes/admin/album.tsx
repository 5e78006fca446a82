import { data, Form, Link } from "react-router";
import type { Route } from "./+types/album";
import { useActionToast } from "~/components/admin/action-toast";
import { useCanWrite } from "~/components/admin/admin-role";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { PhotoThumb } from "~/components/album/photo-grid";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { countByStatus, getAlbumSettings, listPhotosForHost, type AlbumStatus } from "~/models/album.server";
import { pageParam } from "~/schemas/album";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { albumFormAction, toLisbonInput } from "./album-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Album | Party Admin" }];

const TABS: { status: AlbumStatus; label: string }[] = [
  { status: "waiting", label: "Waiting" },
  { status: "shown", label: "Shown" },
  { status: "hidden", label: "Hidden" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status: AlbumStatus = asked === "shown" || asked === "hidden" ? asked : "waiting";
  const page = pageParam(url.searchParams.get("page"));
  const { photos, pages, total } = listPhotosForHost(status, page);
  const s = getAlbumSettings();
  return {
    status,
    page,
    pages,
    total,
    counts: countByStatus(),
    photos: photos.map((p) => ({ id: p.id, takenDay: p.takenDay, sharedBy: p.sharedBy, width: p.width, height: p.height, ready: p.copies === "ready", failed: p.copies === "failed", format: p.format, bytes: p.bytes })),
    settings: { approval: s.approval, opensAt: toLisbonInput(s.opensAt), closesAt: toLisbonInput(s.closesAt), quotaGb: Math.round((s.quotaBytes / 1024 ** 3) * 100) / 100, keepLocation: s.keepLocation },
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const form = await request.formData();
  try {
    const done = await albumFormAction(form);
    if (!done) return data({ error: "Unknown action" }, { status: 400 });
    return redirectWithToast(request, request.url, { type: "success", title: done });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: error.message, toast: { type: "error" as const, title: "Not saved", description: error.message } }, { status: error.status });
  }
}

const MOVES: Record<AlbumStatus, { to: AlbumStatus; label: string }[]> = {
  waiting: [{ to: "shown", label: "Approve" }, { to: "hidden", label: "Hide" }],
  shown: [{ to: "hidden", label: "Hide" }],
  hidden: [{ to: "shown", label: "Restore" }],
};

/** /admin/album (issue 39): what waits, shows or is hidden; approve, hide, restore, delete; when the album opens and closes. */
export default function AdminAlbum({ loaderData, actionData }: Route.ComponentProps) {
  const { status, photos, counts, page, pages, total, settings } = loaderData;
  useActionToast(actionData);
  const canWrite = useCanWrite();
  return (
    <>
      <PageHeader
        title="Album"
        description="The guests' photos. Each waits for your approval unless you show them at once."
        actions={
          <>
            <Link to="/album" className="text-sm text-primary underline-offset-4 hover:underline">
              Open the album
            </Link>
            <a href="/api/album/download" className={buttonVariants({ variant: "outline", size: "sm" })} download>
              Download all shown (ZIP)
            </a>
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <nav aria-label="Photo states" className="flex flex-wrap gap-2">
          {TABS.map((tab) => (
            <Link key={tab.status} to={`?status=${tab.status}`} aria-current={tab.status === status ? "page" : undefined} className={buttonVariants({ size: "sm", variant: tab.status === status ? "default" : "outline" })}>
              {tab.label} ({counts[tab.status]})
            </Link>
          ))}
        </nav>
        <Panel title={`${TABS.find((x) => x.status === status)!.label} photos`}>
          {photos.length === 0 ? <p className="text-sm text-muted-foreground">No photos here.</p> : null}
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-label="Photos">
            {photos.map((p) => (
              <li key={p.id} className="flex flex-col gap-2 text-sm">
                <a href={`/album/photos/${p.id}/original`} className="block overflow-hidden rounded-md">
                  <PhotoThumb tile={p} alt={`Photo shared by ${p.sharedBy}`} />
                </a>
                <span>
                  {p.sharedBy} · {p.takenDay}
                  {p.failed ? " · could not be read" : ""}
                </span>
                {canWrite ? (
                  <div className="flex flex-wrap gap-2">
                    {MOVES[status].map((m) => (
                      <Form method="post" key={m.to}>
                        <input type="hidden" name="intent" value="status" />
                        <input type="hidden" name="id" value={p.id} />
                        <input type="hidden" name="status" value={m.to} />
                        <Button type="submit" size="sm" variant={m.to === "shown" ? "default" : "outline"} aria-label={`${m.label} the photo from ${p.sharedBy}`}>
                          {m.label}
                        </Button>
                      </Form>
                    ))}
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={p.id} />
                      <Button type="submit" size="sm" variant="destructive" aria-label={`Delete the photo from ${p.sharedBy}`}>
                        Delete
                      </Button>
                    </Form>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Photo pages" className="mt-4 flex items-center justify-between text-sm">
              {page > 1 ? <Link to={`?status=${status}&page=${page - 1}`}>Previous</Link> : <span />}
              <span>
                Page {page} of {pages} ({total} photos)
              </span>
              {page < pages ? <Link to={`?status=${status}&page=${page + 1}`}>Next</Link> : <span />}
            </nav>
          ) : null}
        </Panel>
        <Panel title="Settings">
          <Form method="post" className="grid max-w-xl gap-4">
            <input type="hidden" name="intent" value="settings" />
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">New photos</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="approval" value="host" defaultChecked={settings.approval === "host"} /> Wait for my approval
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="approval" value="at-once" defaultChecked={settings.approval === "at-once"} /> Show at once
              </label>
            </fieldset>
            <label className="grid gap-1 text-sm">
              Guests see the album from (Lisbon time; empty: now)
              <Input type="datetime-local" name="opensAt" defaultValue={settings.opensAt} />
            </label>
            <label className="grid gap-1 text-sm">
              New photos until (Lisbon time; empty: no end)
              <Input type="datetime-local" name="closesAt" defaultValue={settings.closesAt} />
            </label>
            <label className="grid gap-1 text-sm">
              Space per invitation (GB)
              <Input type="number" name="quotaGb" min="0.01" max="100" step="0.01" defaultValue={settings.quotaGb} />
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="keepLocation" defaultChecked={settings.keepLocation} /> Keep where photos were taken in the downloaded originals
            </label>
            {canWrite ? (
              <Button type="submit" className="w-fit">
                Save settings
              </Button>
            ) : null}
          </Form>
        </Panel>
      </div>
    </>
  );
}
