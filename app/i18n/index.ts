import { useRouteLoaderData } from "react-router";
import { messages, type Messages } from "./messages";

export { fmt } from "./define";
export type { Messages };

export const LANGS = ["en", "pt"] as const;
export type Lang = (typeof LANGS)[number];
export const isLang = (v: unknown): v is Lang => v === "en" || v === "pt";

export const LOCALES: Record<Lang, string> = { en: "en-US", pt: "pt-PT" };

export function messagesFor(lang: Lang): Messages {
  return messages[lang];
}

/** The page's language, from the root loader. */
export function useLang(): Lang {
  const data = useRouteLoaderData("root") as { lang?: Lang } | undefined;
  return data?.lang ?? "en";
}

export function useT(): Messages {
  return messagesFor(useLang());
}
