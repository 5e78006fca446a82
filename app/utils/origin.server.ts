import { siteOrigin } from "../models/site-origin.server";

/**
 * The site's own address for links that leave it (mails, WhatsApp texts,
 * printed cards, QR codes): PUBLIC_URL, else where the host last signed in to
 * the admin, else http://localhost:PORT (app/models/site-origin.server.ts).
 * Never the request's Host: a guest could forge it (issue 22.2).
 */
export function publicOrigin() {
  return siteOrigin();
}

/**
 * The address this request came to (https when a proxy says so). Only the
 * owner's successful sign-in records it (auth.server.ts): never use it for a link.
 */
export function requestOrigin(request: Request) {
  const url = new URL(request.url);
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (proto === "https" || proto === "http") url.protocol = `${proto}:`;
  return url.origin;
}
