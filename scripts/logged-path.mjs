// What the request log writes of a request's target (issue 27, issue 33).
// Path only: the query string may carry an invitation code. A shared list's
// token is its path, and the router finds that list whatever the letter case
// and after percent-decoding (`/Shared/<token>`, `/%73hared/<token>`), so the
// token is found the same way here: decoded, without regard to case.

/** The path to log: decoded, with any shared list's token replaced. */
export function loggedPath(target) {
  const raw = String(target).split("?")[0].split("#")[0];
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the router answers it 400 or 404; redact what can be read.
    path = raw.replace(/%([0-9a-f]{2})/gi, (m, hex) => String.fromCharCode(parseInt(hex, 16)));
  }
  return path.replace(/(^|\/)shared\/+[^/]+?(\.csv)?(?=\/|$)/gi, (_m, lead, csv) => `${lead}shared/[token]${csv ? ".csv" : ""}`);
}
