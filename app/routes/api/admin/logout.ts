import type { Route } from "./+types/logout";
import { endSession } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    return json({ success: true }, { headers: await endSession(request, "admin") });
  });
}
