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
import { gifts } from "./catalog/gifts";
import { album } from "./catalog/album";

// Each area keeps its own catalogue file; add new ones here.
const catalogs = { common, landing, guest, rsvp, myRsvp, email, signInCode, invitations, announcements, questions, ledger, travel, gifts, album };

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

/**
 * Texts only the server uses: toasts and errors its actions return, mail and
 * calendar texts (and a few no page reads). Kept out of the texts a page gets
 * (issue 28: ~4.7 KB of every guest page's data); the type makes a component
 * that reads one fail to compile.
 */
const SERVER_ONLY = {
  guest: [
    "signedInAs", "authFailed", "invitationNotFound", "partyInvitationNotFound", "methodDisabled", "contactShared",
    "tooManyAttempts", "tooManyAttemptsText", "roomConfirmed", "roomConfirmedText", "roomDeclined", "roomDeclinedText",
    "roomPendingAgain", "roomPendingAgainText", "confirmRoomFailed", "declineRoomFailed", "roomUnavailable", "payBy",
    "memberAdded", "memberAddedText", "memberUpdated", "memberUpdatedText", "memberRemoved", "memberRemovedText",
    "addMemberFailed", "updateMemberFailed", "removeMemberFailed", "emailTaken", "phoneTaken", "lastMember", "nobodyComing",
  ],
  rsvp: ["submitFailed", "submitFailedText", "eventsFailed", "eventsFailedText"],
  myRsvp: ["rsvpNotFound", "partyRsvpNotFound", "whoIsComingSaved", "whoIsComingSavedText", "eventsUpdated", "eventsUpdatedText", "eventsFailed"],
  signInCode: [
    "mailSubject", "mailIntro", "mailValid", "mailLinkIntro", "mailLinkLabel", "mailIgnore", "newCodeSent", "newCodeSentText",
    "codeInvalid", "codeInvalidText", "tooManyCodes", "tooManyCodesText", "tooManyCodesTodayText", "tooManyTries",
    "tooManyTriesText", "linkInvalid", "linkInvalidText",
  ],
  announcements: ["correctionSubject", "mailLinkIntro", "mailLinkLabel"],
  questions: ["checkAnswers", "answersSaved", "answersSavedText"],
  gifts: ["thanksSubject", "thanksGift", "pledgeFailed"],
  ledger: ["receiptSubject", "receiptLine", "receiptThanks", "receiptLineCredit"],
  travel: [
    "noLeg", "savedText", "pickupWhen", "mailSubject", "mailNew", "mailChanged", "mailRemoved", "mailArrivalWord",
    "mailDepartureWord", "calendarSummaryArrival", "calendarSummaryDeparture",
  ],
} as const satisfies { [K in keyof Messages]?: readonly (keyof Messages[K])[] };

type ServerOnly = typeof SERVER_ONLY;
type PageCatalogs = Exclude<keyof Messages, "email" | "invitations">;

/** What a page's components read (useT): mail, printed-card and server-only texts stay on the server. */
export type ClientMessages = {
  [K in PageCatalogs]: K extends keyof ServerOnly ? Omit<Messages[K], ServerOnly[K][number]> : Messages[K];
};

function pageTexts(lang: "en" | "pt"): ClientMessages {
  const { email: _email, invitations: _invitations, ...rest } = messages[lang];
  const texts: Record<string, Record<string, string>> = {};
  for (const [name, catalog] of Object.entries(rest)) {
    const drop = new Set<string>((SERVER_ONLY as Record<string, readonly string[]>)[name] ?? []);
    texts[name] = Object.fromEntries(Object.entries(catalog as Record<string, string>).filter(([key]) => !drop.has(key)));
  }
  return texts as unknown as ClientMessages;
}

const pageTextsByLang = { en: pageTexts("en"), pt: pageTexts("pt") };

/**
 * Issue 28: the active language's page texts travel in the root loader's data,
 * so the browser gets one language's strings and no catalogue module (both
 * languages' catalogues were 12.5 KB of every guest page's JavaScript).
 */
export function clientMessages(lang: "en" | "pt", pathname = "/"): ClientMessages {
  const texts = pageTextsByLang[lang];
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // a malformed escape: matched as written
  }
  const left = (Object.keys(OWN_PAGES) as (keyof typeof OWN_PAGES)[]).filter((name) => !OWN_PAGES[name].test(path));
  if (!left.length) return texts;
  const copy: Partial<ClientMessages> = { ...texts };
  for (const name of left) delete copy[name];
  return copy as ClientMessages;
}

/**
 * Catalogues only their own pages read, left out of every other page's data
 * (each guest page carries its texts inline: the album's cost /my-rsvp 1.6 KB
 * over its 140 KB budget). The root loader runs on every navigation, so a page
 * reached by a link gets its texts then. Matched as the router does: decoded, any case.
 */
const OWN_PAGES = { album: /^\/album(?:[/.]|$)/i } satisfies Partial<Record<PageCatalogs, RegExp>>;
