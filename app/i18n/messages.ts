import { common } from "./catalog/common";
import { landing } from "./catalog/landing";
import { email } from "./catalog/email";
import { guest } from "./catalog/guest";
import { invitations } from "./catalog/invitations";
import { ledger } from "./catalog/ledger";
import { myRsvp } from "./catalog/my-rsvp";
import { questions } from "./catalog/questions";
import { rsvp } from "./catalog/rsvp";
import { signInCode } from "./catalog/sign-in-code";
import { announcements } from "./catalog/announcements";
import { travel } from "./catalog/travel";

// Each area keeps its own catalogue file; add new ones here.
const catalogs = { common, landing, guest, rsvp, myRsvp, email, signInCode, invitations, announcements, questions, ledger, travel };

type Catalogs = typeof catalogs;
export type Messages = { [K in keyof Catalogs]: Catalogs[K]["en"] };

function pick(lang: "en" | "pt"): Messages {
  return Object.fromEntries(Object.entries(catalogs).map(([k, c]) => [k, c[lang]])) as Messages;
}

export const messages = { en: pick("en"), pt: pick("pt") };

/** Server code and admin pages: every catalogue of a language. */
export function messagesFor(lang: "en" | "pt"): Messages {
  return messages[lang];
}

/** What a page's components read (useT): mail and printed-card texts stay on the server. */
export type ClientMessages = Omit<Messages, "email" | "invitations">;

/**
 * Issue 28: the active language's page texts travel in the root loader's data,
 * so the browser gets one language's strings and no catalogue module (both
 * languages' catalogues were 12.5 KB of every guest page's JavaScript).
 */
export function clientMessages(lang: "en" | "pt"): ClientMessages {
  const { email: _email, invitations: _invitations, ...rest } = messages[lang];
  return rest;
}
