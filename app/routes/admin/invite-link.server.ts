import QRCode from "qrcode";
import { env } from "~/env.server";

/**
 * The party's invite link on the app's own host (SPEC.md 2): PUBLIC_URL when
 * set, else the address this request came to (https when a proxy says so).
 */
export function inviteLink(request: Request, authCode: string) {
  const configured = env().PUBLIC_URL;
  let origin: string;
  if (configured) origin = configured.replace(/\/+$/, "");
  else {
    const url = new URL(request.url);
    const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
    if (proto === "https" || proto === "http") url.protocol = `${proto}:`;
    origin = url.origin;
  }
  return `${origin}/rsvp?code=${encodeURIComponent(authCode)}`;
}

/**
 * The link as a QR code, as an SVG data URI for an <img>: the markup is never
 * inlined into the page, so nothing in it can run.
 */
export async function inviteQrDataUri(link: string) {
  const svg = await QRCode.toString(link, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#1f1a17", light: "#ffffff" } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
