import { describe, expect, it } from "vitest";
import { clientAddressOf, parseTrustProxy, type TrustProxy } from "./client-address";

const trust = (value: string) => parseTrustProxy(value) as TrustProxy;

describe("TRUST_PROXY", () => {
  it("is off when unset, empty, 0 or false", () => {
    for (const v of [undefined, "", "0", "false", " 0 "]) expect(parseTrustProxy(v)).toBeNull();
  });
  it("takes a count of proxies or a list of their IP addresses", () => {
    expect(parseTrustProxy("2")).toEqual({ hops: 2 });
    expect(parseTrustProxy("10.0.0.2, ::1")).toEqual({ addresses: new Set(["10.0.0.2", "::1"]) });
  });
  it("refuses anything else with a message", () => {
    for (const v of ["true", "yes", "-1", "21", "1.5", "10.0.0.0/8", "10.0.0.2,proxy.local", "10.0.0.2,"]) {
      expect(parseTrustProxy(v), v).toHaveProperty("error", expect.stringMatching(/number of proxies/));
    }
  });
});

describe("the client address of a request", () => {
  it("is the socket's when TRUST_PROXY is off, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("10.0.0.2", "1.2.3.4", null)).toBe("10.0.0.2");
  });
  it("with a count N, is the Nth address from the right of X-Forwarded-For (the left-most if fewer)", () => {
    expect(clientAddressOf("10.0.0.2", "6.6.6.6, 1.2.3.4", trust("1"))).toBe("1.2.3.4");
    expect(clientAddressOf("10.0.0.2", "6.6.6.6, 1.2.3.4, 10.0.0.3", trust("2"))).toBe("1.2.3.4");
    expect(clientAddressOf("10.0.0.2", "1.2.3.4", trust("2"))).toBe("1.2.3.4");
    expect(clientAddressOf("10.0.0.2", "", trust("1"))).toBe("10.0.0.2");
  });
  it("with a list, skips trusted addresses from the right, and trusts the header only from a listed proxy", () => {
    const t = trust("10.0.0.2,10.0.0.3");
    expect(clientAddressOf("10.0.0.2", "6.6.6.6, 1.2.3.4, 10.0.0.3", t)).toBe("1.2.3.4");
    expect(clientAddressOf("::ffff:10.0.0.2", "1.2.3.4", t)).toBe("1.2.3.4");
    expect(clientAddressOf("5.5.5.5", "1.2.3.4", t)).toBe("5.5.5.5");
    expect(clientAddressOf("10.0.0.2", "10.0.0.3", t)).toBe("10.0.0.3");
  });
});
