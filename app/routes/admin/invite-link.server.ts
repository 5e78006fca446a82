import QRCode from "qrcode";
import { inviteLinkFor } from "~/models/invitations.server";
import { publicOrigin } from "~/utils/origin.server";

/**
 * The party's invite link on the site's public address (SPEC.md 2; issue
 * 22.2): the same address every mail, card and QR code uses.
 */
export function inviteLink(authCode: string) {
  return inviteLinkFor(publicOrigin(), authCode);
}

/**
 * The link as a QR code, as an SVG data URI for an <img>: the markup is never
 * inlined into the page, so nothing in it can run.
 */
export async function inviteQrDataUri(link: string) {
  const svg = await QRCode.toString(link, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#1f1a17", light: "#ffffff" } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
