// Characters a Location header may not carry (Node refuses them outright, and a
// vertical tab once ended the process: issue 22) or that browsers drop from a
// URL before resolving it ("/\t/evil.example" becomes "//evil.example").
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029\ufeff]/;
// A header value is bytes: anything beyond printable ASCII made Node throw and the
// answer a 500 ("/Ā", an emoji: issue 33), so only these leave this function.
const PRINTABLE_ASCII = /^[\u0021-\u007e]+$/;
const MAX_LENGTH = 2000;

/** "/pão" -> "/p%C3%A3o", as a browser writes it; a lone surrogate cannot be written at all. */
function encodeNonAscii(to: string) {
  try {
    return to.replace(/[^\u0000-\u007f]+/g, (run) => encodeURIComponent(run));
  } catch {
    return null;
  }
}

/**
 * Only a same-site path: "/x", "/x?y#z", never "//evil.example", "/\evil",
 * "/\t/evil.example", a scheme, or anything with a control character. Other
 * characters beyond ASCII come back percent-encoded.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || to.length > MAX_LENGTH) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || UNSAFE.test(to)) return fallback;
  const encoded = encodeNonAscii(to);
  if (encoded === null || encoded.length > MAX_LENGTH || !PRINTABLE_ASCII.test(encoded)) return fallback;
  // The URL parser is the browser's judge: what it resolves must stay on this origin.
  try {
    const base = "http://convite.invalid";
    if (new URL(encoded, base).origin !== base) return fallback;
  } catch {
    return fallback;
  }
  return encoded;
}
