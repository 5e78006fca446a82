import { redirect } from "react-router";
import type { Route } from "./+types/event-travel";
import { createTravelPoint, deleteTravelPoint, updateTravelPoint, updateTravelSettings } from "~/models/travel-settings.server";
import { travelPointSchema, travelSettingsSchema } from "~/schemas/travel";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { parseWith } from "~/utils/api.server";
import { isAppError } from "~/utils/errors";

const BACK = "/admin/event#travel";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  throw redirect(BACK);
}

const num = (v: FormDataEntryValue | null) => (v === null || v === "" ? undefined : Number(v));
const text = (v: FormDataEntryValue | null) => (v === null ? undefined : String(v) || null);

/** Event Configuration's Travel panel (issue 26): its forms post here and land back on the panel with a message. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const point = () =>
    parseWith(travelPointSchema, {
      name: String(form.get("name") ?? ""),
      namePt: text(form.get("namePt")),
      kind: String(form.get("kind") ?? ""),
      transfer: form.get("transfer") === "on",
      driveMinutes: num(form.get("driveMinutes")) ?? 0,
    });
  try {
    if (intent === "settings") {
      updateTravelSettings(
        parseWith(travelSettingsSchema, {
          enabled: form.get("enabled") === "on",
          windowStart: text(form.get("windowStart")),
          windowEnd: text(form.get("windowEnd")),
          deadline: text(form.get("deadline")),
          bufferMinutes: num(form.get("bufferMinutes")),
          maxWaitMinutes: num(form.get("maxWaitMinutes")),
          seats: num(form.get("seats")),
          leadMinutes: num(form.get("leadMinutes")),
        }),
      );
      return redirectWithToast(request, BACK, { type: "success", title: "Travel settings saved" });
    }
    if (intent === "point-add") createTravelPoint(point());
    else if (intent === "point-save") updateTravelPoint(String(form.get("id")), point());
    else if (intent === "point-delete") deleteTravelPoint(String(form.get("id")));
    else throw redirect(BACK);
    return redirectWithToast(request, BACK, { type: "success", title: intent === "point-delete" ? "Travel point deleted" : "Travel point saved" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(request, BACK, { type: "error", title: "Not saved", description: error.message });
  }
}
