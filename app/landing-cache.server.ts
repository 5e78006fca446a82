import { dataVersion } from "./models/database.server";
import { getLang } from "./i18n/lang.server";
import type { Lang } from "./i18n";
import { getEventConfig } from "./models/event-config.server";

/**
 * The landing page depends only on the event configuration and the language,
 * so server.js serves it from a cache keyed by both: any change to the
 * configuration (from the admin or straight in the database) changes the key.
 *
 * The key itself is on the hot path of every landing request, so it is
 * memoised too (issue 8: it cost ~70 µs, more than serving the cached page):
 * the configuration is re-read only when dataVersion() says the database
 * changed, and the language is resolved once per (Cookie, Accept-Language).
 */
let memo: { version: string; config: string; keys: Partial<Record<Lang, string>> } | undefined;
const langs = new Map<string, Lang>();
const LANGS_MAX = 1000;

export async function landingCacheKey(headers: { cookie?: string; acceptLanguage?: string }) {
  const version = dataVersion();
  if (memo?.version !== version) memo = { version, config: JSON.stringify(getEventConfig()), keys: {} };
  const current = memo;
  const seen = `${headers.cookie ?? ""}\n${headers.acceptLanguage ?? ""}`;
  let lang = langs.get(seen);
  if (!lang) {
    const request = new Request("http://localhost/", {
      headers: { Cookie: headers.cookie ?? "", "Accept-Language": headers.acceptLanguage ?? "" },
    });
    lang = await getLang(request);
    if (langs.size >= LANGS_MAX) langs.clear();
    langs.set(seen, lang);
  }
  return (current.keys[lang] ??= `${lang}:${current.config}`);
}
