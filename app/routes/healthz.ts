import { sqlite } from "~/db.server";

/** For the container's HEALTHCHECK: answers 200 only if the database answers. */
export function loader() {
  try {
    sqlite().prepare("select 1").get();
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "error" }, { status: 503 });
  }
}
