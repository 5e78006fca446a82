import { getLang } from "./i18n/lang.server";
import { getEventConfig } from "./models/event-config.server";

/**
 * The landing page depends only on the event configuration and the language,
 * so server.js serves it from a cache keyed by both: any change to the
 * configuration (from the admin or straight in the database) changes the key.
 */
export async function landingCacheKey(headers: { cookie?: string; acceptLanguage?: string }) {
  const request = new Request("http://localhost/", {
    headers: { Cookie: headers.cookie ?? "", "Accept-Language": headers.acceptLanguage ?? "" },
  });
  const lang = await getLang(request);
  return `${lang}:${JSON.stringify(getEventConfig())}`;
}
