import { useRouteLoaderData } from "react-router";
import type { ClientMessages, Messages } from "./messages";

export { fmt } from "./define";
export type { ClientMessages, Messages };

export const LANGS = ["en", "pt"] as const;
export type Lang = (typeof LANGS)[number];
export const isLang = (v: unknown): v is Lang => v === "en" || v === "pt";

export const LOCALES: Record<Lang, string> = { en: "en-US", pt: "pt-PT" };

// Issue 28: this module imports no catalogue, so the browser bundle holds none.
// Server code reads the catalogues with messagesFor from "~/i18n/messages"; a
// page reads the active language's texts from the root loader's data.
type RootData = { lang?: Lang; messages?: ClientMessages | null } | undefined;

/** The page's language, from the root loader. */
export function useLang(): Lang {
  const data = useRouteLoaderData("root") as RootData;
  return data?.lang ?? "en";
}

/** The active language's page texts, sent by the root loader. */
export function useT(): ClientMessages {
  const data = useRouteLoaderData("root") as RootData;
  // The root loader sends them to every page but the host's (/admin, /shared), which use their own texts.
  if (!data?.messages) throw new Error("useT: the root loader sent no messages");
  return data.messages;
}

/** The same texts in a route's meta function (matches[0] is the root route). */
export function messagesOfMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): ClientMessages | undefined {
  return (matches.find((m) => m?.id === "root")?.data as RootData)?.messages ?? undefined;
}
