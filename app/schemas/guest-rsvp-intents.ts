/*
 * The RSVP form's button intents, without zod: the page renders them (every
 * room and member button says "intent:target") and must not pull the schema
 * library into its first load (issue 16). The schema (guest-rsvp-form.ts)
 * re-exports them for the server.
 */

export const ROOM_INTENTS = ["room-confirm", "room-change", "room-decline-open"] as const;
export const OTHER_INTENTS = ["member-open", "member-remove", "close"] as const;

export type RsvpIntent =
  | "submit"
  | "room-decline"
  | "member-save"
  | (typeof ROOM_INTENTS)[number]
  | (typeof OTHER_INTENTS)[number];

export const intentValue = (intent: RsvpIntent, target?: string) => (target ? `${intent}:${target}` : intent);

/** "room-confirm:abc" → intent "room-confirm", target "abc" (a copy; the original is untouched). */
export function splitIntent(formData: FormData) {
  const copy = new FormData();
  for (const [key, value] of formData) if (key !== "intent") copy.append(key, value);
  const raw = String(formData.get("intent") ?? "");
  const at = raw.indexOf(":");
  copy.set("intent", at === -1 ? raw : raw.slice(0, at));
  if (at !== -1) copy.set("target", raw.slice(at + 1));
  return copy;
}
