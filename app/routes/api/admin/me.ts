import type { Route } from "./+types/me";
import { getAdmin } from "~/models/admin.server";
import { getAdminId } from "~/session.server";
import { handleApi, json } from "~/utils/api.server";

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const adminId = await getAdminId(request);
    const admin = adminId ? getAdmin({ id: adminId }) : null;
    // CONTRACT.md 4 names {authenticated: false}; section 2 wants every error to carry a message: both.
    if (!admin) return json({ authenticated: false, message: "Authentication required" }, 401);
    return json({ authenticated: true, username: admin.username });
  });
}
