import type { Route } from "./+types/me";
import { getAdmin } from "~/models/admin.server";
import { getAdminPerson } from "~/session.server";
import { handleApi, json } from "~/utils/api.server";

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const person = await getAdminPerson(request);
    // CONTRACT.md 4 names {authenticated: false}; section 2 wants every error to carry a message: both.
    if (!person) return json({ authenticated: false, message: "Authentication required" }, 401);
    // Issue 27: {name, role} beside today's fields; the owner keeps its username.
    const username = person.kind === "owner" ? getAdmin({ id: person.id })?.username : undefined;
    return json({ authenticated: true, ...(username ? { username } : {}), name: person.name, role: person.role });
  });
}
