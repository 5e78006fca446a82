import { databaseAnswers } from "~/models/database.server";

/** For the container's HEALTHCHECK: answers 200 only if the database answers. */
export function loader() {
  if (databaseAnswers()) return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  return Response.json({ status: "error" }, { status: 503 });
}
