import type { Route } from "./+types/guest-auth";
import { guestAuthSchema } from "~/schemas/guest-auth";
import { handleApi, methodNotAllowed, readJson } from "~/utils/api.server";
import { signInGuest } from "./sign-in.server";

/** POST /api/guest-auth {type: email|phone|code, identifier}. */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { type, identifier } = await readJson(request, guestAuthSchema);
    return signInGuest(request, context, type, identifier);
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
