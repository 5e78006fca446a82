import { env } from "../env.server";

/** The site's own address for links in messages: PUBLIC_URL when set, else the address this request came to. */
export function publicOrigin(request: Request) {
  const configured = env().PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const url = new URL(request.url);
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (proto === "https" || proto === "http") url.protocol = `${proto}:`;
  return url.origin;
}
