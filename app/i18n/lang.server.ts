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

/** The visitor's choice (cookie) first, else their browser's Accept-Language. */
export async function getLang(request: Request): Promise<Lang> {
  const chosen = await langCookie.parse(request.headers.get("Cookie"));
  return isLang(chosen) ? chosen : fromAcceptLanguage(request.headers.get("Accept-Language"));
}
