import { deletePhoto, setPhotoStatus, updateAlbumSettings } from "~/models/album.server";
import { albumSettingsSchema, photoStatusSchema } from "~/schemas/album";
import { parseWith } from "~/utils/api.server";
import { lisbonTime } from "~/utils/lisbon-time";

/** "2026-06-14T22:30" typed as Lisbon time -> the instant (ISO), or null when left empty. */
export function fromLisbonInput(value: FormDataEntryValue | null) {
  const text = String(value ?? "").trim();
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  return new Date(lisbonTime(m[1]!, Number(m[2])).getTime() + Number(m[3]) * 60_000).toISOString();
}

/** The instant as the form's Lisbon wall clock ("2026-06-14T22:30"). */
export function toLisbonInput(iso: string | null) {
  if (!iso) return "";
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Lisbon", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
    .format(new Date(iso))
    .replace(" ", "T");
}

/** /admin/album's forms: one photo's state, its deletion, the settings. Answers the toast's title. */
export async function albumFormAction(form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  if (intent === "status") {
    const { status } = parseWith(photoStatusSchema, { status: form.get("status") });
    setPhotoStatus(id, status);
    return { shown: "Photo shown in the album", hidden: "Photo hidden", waiting: "Photo back to waiting" }[status];
  }
  if (intent === "delete") {
    await deletePhoto(id, { role: "admin" });
    return "Photo deleted";
  }
  if (intent === "settings") {
    const gb = Number(form.get("quotaGb"));
    const settings = parseWith(albumSettingsSchema, {
      approval: form.get("approval") === "at-once" ? "at-once" : "host",
      opensAt: fromLisbonInput(form.get("opensAt")),
      closesAt: fromLisbonInput(form.get("closesAt")),
      quotaBytes: Number.isFinite(gb) ? Math.round(gb * 1024 ** 3) : NaN,
      keepLocation: form.get("keepLocation") === "on",
    });
    updateAlbumSettings(settings);
    return "Album settings saved";
  }
  return null;
}
