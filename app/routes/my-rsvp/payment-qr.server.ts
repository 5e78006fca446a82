import QRCode from "qrcode";

// A party's payload changes only with its balance: the last few hundred are
// kept, so a guest's reloads do not redraw the code (0.8 ms of CPU each).
const drawn = new Map<string, string>();
const KEPT = 300;

/** The EPC payload as an SVG QR code (error correction M, as EPC069-12 requires), inline as a data URI. */
export async function epcQrDataUri(payload: string) {
  const known = drawn.get(payload);
  if (known) return known;
  const svg = await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#000000", light: "#ffffff" } });
  const uri = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value!);
  drawn.set(payload, uri);
  return uri;
}
