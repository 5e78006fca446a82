// Characters a Location header may not carry (Node refuses them outright, and a
// vertical tab once ended the process: issue 22) or that browsers drop from a
// URL before resolving it ("/\t/evil.example" becomes "//evil.example").
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029\ufeff]/;

/**
 * Only a same-site path: "/x", "/x?y#z", never "//evil.example", "/\evil",
 * "/\t/evil.example", a scheme, or anything with a control character.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || UNSAFE.test(to)) return fallback;
  // The URL parser is the browser's judge: what it resolves must stay on this origin.
  try {
    const base = "http://convite.invalid";
    if (new URL(to, base).origin !== base) return fallback;
  } catch {
    return fallback;
  }
  return to;
}
