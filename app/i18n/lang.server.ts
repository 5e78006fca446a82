import { createCookie } from "react-router";
import { isLang, type Lang } from "./index";

export const langCookie = createCookie("lang", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 60 * 60 });

function fromAcceptLanguage(header: string | null): Lang {
  if (!header) return "en";
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
  return "en";
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

/** The address's `?lang=` first, then the visitor's choice (cookie), else their browser's Accept-Language. */
export async function getLang(request: Request): Promise<Lang> {
  const asked = langFromUrl(request.url);
  if (asked) return asked;
  const chosen = await langCookie.parse(request.headers.get("Cookie"));
  return isLang(chosen) ? chosen : fromAcceptLanguage(request.headers.get("Accept-Language"));
}
