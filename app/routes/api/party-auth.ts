import type { Route } from "./+types/party-auth";
import { partyAuthSchema } from "~/schemas/guest-auth";
import { handleApi, methodNotAllowed, readJson } from "~/utils/api.server";
import { signInGuest } from "./sign-in.server";

/** POST /api/party-auth {authCode}: signs in by invitation code (a party's, or a guest's own code). */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { authCode } = await readJson(request, partyAuthSchema);
    return signInGuest(request, context, "code", authCode);
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
