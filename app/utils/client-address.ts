import { isIP } from "node:net";

/*
 * Which address the rate limits count a request against (issue 22.5,
 * decision 057). By default the socket's: X-Forwarded-For is anyone's to
 * write. Behind a reverse proxy every request comes from the proxy, so one
 * guest's failures would lock out all: TRUST_PROXY says which hops to trust,
 * and the client is the right-most address in X-Forwarded-For that was not
 * written by the client itself:
 *   - a count N: the N proxies each appended the address they saw, so the
 *     client is the Nth from the right (the left-most if there are fewer);
 *   - a list of the proxies' own IP addresses: if the socket is one of them,
 *     skip trusted addresses from the right; the first other one is the client.
 */

export type TrustProxy = { hops: number } | { addresses: ReadonlySet<string> } | null;

export const TRUST_PROXY_HELP = 'must be "0", a number of proxies (e.g. "1") or a comma-separated list of their IP addresses (e.g. "10.0.0.2,::1")';

/** "::ffff:10.0.0.2" (an IPv4 address on an IPv6 socket) and "10.0.0.2" are the same client. */
function normal(address: string) {
  const a = address.trim().toLowerCase();
  return a.startsWith("::ffff:") && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

/** TRUST_PROXY's text, or an error message (env.server.ts stops the start with it). */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const text = (value ?? "").trim();
  if (text === "" || text === "0" || text === "false") return null;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 20 ? { hops } : { error: TRUST_PROXY_HELP };
  }
  const parts = text.split(",").map((p) => p.trim());
  if (parts.some((p) => isIP(p) === 0)) return { error: TRUST_PROXY_HELP };
  return { addresses: new Set(parts.map(normal)) };
}

/** The client a request counts as, from the socket's address and X-Forwarded-For. */
export function clientAddressOf(peer: string, forwardedFor: string | null | undefined, trust: TrustProxy): string {
  const socket = normal(peer);
  if (!trust || !forwardedFor) return socket;
  const hops = forwardedFor.split(",").map(normal).filter(Boolean);
  if (!hops.length) return socket;
  if ("hops" in trust) return hops[Math.max(0, hops.length - trust.hops)]!.slice(0, 64);
  if (!trust.addresses.has(socket)) return socket;
  for (let i = hops.length - 1; i >= 0; i--) if (!trust.addresses.has(hops[i]!)) return hops[i]!.slice(0, 64);
  return hops[0]!.slice(0, 64);
}
