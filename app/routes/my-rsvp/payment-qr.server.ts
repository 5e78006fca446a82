import QRCode from "qrcode";

/** The EPC payload as an SVG QR code (error correction M, as EPC069-12 requires), inline as a data URI. */
export async function epcQrDataUri(payload: string) {
  const svg = await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#000000", light: "#ffffff" } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
