import { createCookie } from "react-router";
import { isLang, type Lang } from "./index";

export const langCookie = createCookie("lang", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 60 * 60 });

/** The best-ranked of English and Portuguese in Accept-Language, or null when it names neither ("*", "fr", none). */
function fromAcceptLanguage(header: string | null): Lang | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith("pt")) return "pt";
    if (tag.startsWith("en")) return "en";
  }
  return null;
}

/** `?lang=pt` / `?lang=en` in the address (issue 18: a link in an invitation opens its language). */
export function langFromUrl(url: string): Lang | null {
  const query = url.indexOf("?");
  if (query === -1) return null;
  const value = new URLSearchParams(url.slice(query + 1)).get("lang");
  return isLang(value) ? value : null;
}

/** The Set-Cookie that keeps a language asked for in the address, or null. */
export async function langCookieFromUrl(request: Request) {
  const lang = langFromUrl(request.url);
  return lang ? langCookie.serialize(lang) : null;
}

/**
 * The language the request states: the address's `?lang=` first, then the
 * visitor's choice (cookie), then their browser's Accept-Language; null when
 * none names English or Portuguese (e.g. a script's "Accept-Language: *").
 */
export async function requestedLang(request: Request): Promise<Lang | null> {
  const asked = langFromUrl(request.url);
  if (asked) return asked;
  const chosen = await langCookie.parse(request.headers.get("Cookie"));
  return isLang(chosen) ? chosen : fromAcceptLanguage(request.headers.get("Accept-Language"));
}

/** The page's language: the one the request states, else English. */
export async function getLang(request: Request): Promise<Lang> {
  return (await requestedLang(request)) ?? "en";
}

/**
 * The language of a mail a guest asks for through the API (issue 23: the
 * sign-in code, the RSVP confirmation): the one the request states, or
 * undefined, and the model then writes in the invitee's stored language (a
 * script's request often states none). On a page, the mail is in the page's
 * language (getLang): the one the guest is reading.
 */
export async function mailLangOf(request: Request): Promise<Lang | undefined> {
  return (await requestedLang(request)) ?? undefined;
}
