import { useRouteLoaderData } from "react-router";

/** Issue 27: who is signed in, from the admin layout's loader: the pages hide write controls from a viewer. */
export type AdminMe = { name: string; role: "owner" | "co-host" | "viewer" };

export function useAdminMe(): AdminMe {
  const data = useRouteLoaderData("routes/admin/layout") as { me?: AdminMe } | undefined;
  return data?.me ?? { name: "Host", role: "owner" };
}

/** False for a viewer: the server refuses their writes anyway (app/models/roles.server.ts); this only hides the buttons. */
export const useCanWrite = () => useAdminMe().role !== "viewer";
