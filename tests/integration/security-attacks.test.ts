// Issue 7.5: attacks. Invite-code and admin-password brute force (limits per
// client address, reached and held, the right secret refused while limited),
// cross-site writes, session cookie tampering and fixation, hostile uploads
// (polyglot, SVG with script, decompression bomb, a path in the filename),
// and the invitation codes' entropy. Client addresses: the server sees the
// socket's address, so requests are sent from 127.0.0.2, 127.0.0.3 ... (all
// of 127.0.0.0/8 is loopback on Linux).
import { existsSync, readdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_CODE_ALPHABET, AUTH_CODE_LENGTH, generateAuthCode } from "~/models/auth-code.server";
import { startServer, TEST_ADMIN_PASSWORD, type TestServer } from "../support/server";
import { Client, figure, makeGuest, makeParty, postJson, query, rawRequest, type Party } from "../stress/lib";
import { ROUTES } from "../stress/routes";

let server: TestServer;
let admin: Client;
let party: Party;

beforeAll(async () => {
  server = await startServer(); // rate limits on, as in production
  admin = await new Client(server.url).loginAdmin();
  party = await makeParty(admin, 2, { primaryEmail: "brute@example.com" });
}, 60_000);
afterAll(async () => server?.stop());

const from = (localAddress: string) => ({ localAddress });

describe("invitation-code brute force", () => {
  it("allows 10 failures per address, then 429 with Retry-After, held, even for the right code; other addresses are unaffected", async () => {
    const attacker = "127.0.0.2";
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await postJson(server.url, "/api/party-auth", { authCode: `WRONG-${i}-abcdef` }, from(attacker))).status);
    expect(statuses).toEqual(Array(10).fill(404));

    const limited = await postJson(server.url, "/api/party-auth", { authCode: "WRONG-11-abcdef" }, from(attacker));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800); // the 15-minute window
    expect(limited.json.message).toEqual(expect.any(String));

    // The right code is refused while limited, by every sign-in method, and the limit holds.
    const right = await postJson(server.url, "/api/party-auth", { authCode: party.authCode }, from(attacker));
    expect(right.status).toBe(429);
    expect(right.headers["set-cookie"]).toBeUndefined();
    expect((await postJson(server.url, "/api/guest-auth", { type: "email", identifier: "brute@example.com" }, from(attacker))).status).toBe(429);
    expect((await postJson(server.url, "/api/guest-auth", { type: "code", identifier: party.authCode }, from(attacker))).status).toBe(429);
    // The page form (/rsvp) shares the limit.
    const page = await rawRequest(server.url, {
      method: "POST",
      path: "/rsvp",
      body: new URLSearchParams({ intent: "sign-in", method: "code", identifier: party.authCode, authCode: party.authCode }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      localAddress: attacker,
    });
    expect(page.headers["set-cookie"] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/__session=[^;]+/)]));
    // A forged X-Forwarded-For does not buy a new counter: the socket's address is what counts.
    for (const spoof of ["1.2.3.4", "127.0.0.9", "::1"]) {
      const res = await postJson(server.url, "/api/party-auth", { authCode: party.authCode }, { ...from(attacker), headers: { "x-forwarded-for": spoof, "x-real-ip": spoof } });
      expect(res.status, `spoofed ${spoof}`).toBe(429);
    }
    let held = 0;
    for (let i = 0; i < 20; i++) if ((await postJson(server.url, "/api/party-auth", { authCode: `WRONG-x${i}` }, from(attacker))).status === 429) held++;
    expect(held).toBe(20);

    // Another address has its own counter: the right code works there at once.
    const other = await postJson(server.url, "/api/party-auth", { authCode: party.authCode }, from("127.0.0.3"));
    expect(other.status).toBe(200);
    expect(other.headers["set-cookie"]?.join(";")).toMatch(/__session=/);
    // ... and its own 10 failures (e-mail and phone look-ups count too).
    const third: number[] = [];
    for (let i = 0; i < 12; i++) {
      const body = i % 2 ? { type: "email", identifier: `nobody${i}@example.com` } : { type: "phone", identifier: `+35191000000${i}` };
      third.push((await postJson(server.url, "/api/guest-auth", body, from("127.0.0.4"))).status);
    }
    expect(third.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(third.slice(10)).toEqual([429, 429]);
    figure("brute force (invite codes): failures allowed per address per 15 min before 429", statuses.length);
    figure("brute force (invite codes): attempts refused after the limit, right code included", 1 + 1 + 2 + 3 + held);
  }, 120_000);
});

describe("admin password brute force", () => {
  it("allows 5 failures per address, then 429 even for the right password; another address can still sign in", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await postJson(server.url, "/api/admin/login", { password: `guess-${i}-password` }, from("127.0.0.5"))).status);
    expect(statuses).toEqual(Array(5).fill(401));
    const limited = await postJson(server.url, "/api/admin/login", { password: "guess-6-password" }, from("127.0.0.5"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
    const right = await postJson(server.url, "/api/admin/login", { password: TEST_ADMIN_PASSWORD }, from("127.0.0.5"));
    expect(right.status).toBe(429);
    expect(right.headers["set-cookie"]).toBeUndefined();
    // The login page's form counts against the same limit.
    const form = await rawRequest(server.url, {
      method: "POST",
      path: "/admin",
      body: new URLSearchParams({ password: TEST_ADMIN_PASSWORD }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      localAddress: "127.0.0.5",
    });
    expect(form.status).not.toBe(302);
    expect(String(form.headers["set-cookie"] ?? "")).not.toMatch(/__session=[^;]/);
    const elsewhere = await postJson(server.url, "/api/admin/login", { password: TEST_ADMIN_PASSWORD }, from("127.0.0.6"));
    expect(elsewhere.status).toBe(200);
    figure("brute force (admin): failures allowed per address per 15 min before 429", statuses.length);
  });
});

describe("cross-site requests", () => {
  it("refuses every non-GET API route and page form with a foreign Origin (403 JSON), changing nothing", async () => {
    const writes = ROUTES.filter((r) => r.method !== "GET");
    const origins = ["https://evil.example", "null", `http://127.0.0.1.evil.example`, server.url.replace(/:\d+$/, ":1"), `https://${new URL(server.url).host}.evil.example`];
    const before = query(server, "select (select count(*) from parties) p, (select count(*) from guests) g, (select count(*) from rsvps) r, (select count(*) from sessions) s")[0];
    let refused = 0;
    const paths = writes.map((r) =>
      r.path
        .replace("{party}", party.id)
        .replace("{member}", party.memberIds[0]!)
        .replace("{guest}", party.memberIds[0]!)
        .replace(/\{\w+\}/g, "x"),
    );
    const pages = ["/admin", "/rsvp", "/my-rsvp", "/admin/parties", "/admin/guests", "/sign-out", "/admin/logout", "/lang", "/?index"];
    for (const origin of origins) {
      for (const [i, route] of writes.entries()) {
        const res = await admin.request(route.method, paths[i]!, { name: "Evil", password: TEST_ADMIN_PASSWORD, partyId: party.id, attending: true }, { origin });
        expect(res.status, `${route.method} ${route.path} from ${origin}`).toBe(403);
        expect(res.json?.message).toEqual(expect.any(String));
        refused++;
      }
      for (const page of pages) {
        const res = await admin.request("POST", page, new URLSearchParams({ intent: "delete", password: TEST_ADMIN_PASSWORD }), { origin });
        expect(res.status, `POST ${page} from ${origin}`).toBe(403);
        refused++;
      }
    }
    const after = query(server, "select (select count(*) from parties) p, (select count(*) from guests) g, (select count(*) from rsvps) r, (select count(*) from sessions) s")[0];
    expect(after).toEqual(before);
    // The same requests from the site itself go through (the check is not a blanket refusal).
    expect((await admin.request("POST", "/api/parties", { name: "Same Site" }, { origin: server.url })).status).toBe(201);
    figure("cross-site: foreign-Origin writes refused", `${refused} (${writes.length} API routes + ${pages.length} page forms, x ${origins.length} origins)`);
  }, 120_000);
});

describe("session cookies", () => {
  const session = (c: Client) => c.cookies.get("__session")!;
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

  async function tamperEveryByte(cookie: string, check: (c: Client) => Promise<number>) {
    let signedIn = 0;
    let tried = 0;
    const attempt = async (forged: string) => {
      if (forged === cookie) return;
      const c = new Client(server.url);
      c.cookies.set("__session", forged);
      tried++;
      if ((await check(c)) === 200) signedIn++;
    };
    for (let i = 0; i < cookie.length; i++) {
      // Near neighbours (+1, +2, +3 share the high bits of a base64 digit) and far ones.
      for (const k of [1, 2, 3, 7, 31]) {
        const ch = cookie[i]!;
        const replacement = ALPHABET[(ALPHABET.indexOf(ch) + k + ALPHABET.length) % ALPHABET.length]!;
        await attempt(cookie.slice(0, i) + (replacement === ch ? "Z" : replacement) + cookie.slice(i + 1));
      }
    }
    // Every possible last character of the signature and of the value: base64's spare bits live there.
    const dot = cookie.lastIndexOf(".");
    for (const at of [cookie.length - 1, dot - 1]) {
      for (const ch of `${ALPHABET}+/-_=`) await attempt(cookie.slice(0, at) + encodeURIComponent(ch) + cookie.slice(at + 1));
    }
    return { tried, signedIn };
  }

  it("a cookie with any one byte changed signs nobody in (admin and guest)", async () => {
    const a = await new Client(server.url).loginAdmin();
    const g = new Client(server.url);
    expect((await g.post("/api/party-auth", { authCode: party.authCode })).status).toBe(200);
    const adminCookie = session(a);
    const guestCookie = session(g);
    expect((await a.get("/api/admin/me")).status).toBe(200);

    const adminResult = await tamperEveryByte(adminCookie, async (c) => (await c.get("/api/admin/me")).status);
    const guestResult = await tamperEveryByte(guestCookie, async (c) => (await c.get("/api/auth/session")).status);
    // Spliced: this cookie's signature on another session's value, and the value alone.
    const [valueA, sigA] = [adminCookie.slice(0, adminCookie.lastIndexOf(".")), adminCookie.slice(adminCookie.lastIndexOf(".") + 1)];
    const valueG = guestCookie.slice(0, guestCookie.lastIndexOf("."));
    for (const forged of [`${valueG}.${sigA}`, valueA, `${valueA}.`, `${valueA}.${sigA}${sigA}`, "", "a.b"]) {
      const c = new Client(server.url);
      c.cookies.set("__session", forged);
      expect((await c.get("/api/admin/me")).status).toBe(401);
      expect((await c.get("/api/auth/session")).status).toBe(401);
    }
    figure("cookie tampering: one-byte changes tried", adminResult.tried + guestResult.tried);
    figure("cookie tampering: changed cookies that still signed someone in", adminResult.signedIn + guestResult.signedIn);
    expect(adminResult.signedIn + guestResult.signedIn).toBe(0);
    // The genuine cookies still work (the test did not just break the session).
    expect((await a.get("/api/admin/me")).status).toBe(200);
    expect((await g.get("/api/auth/session")).status).toBe(200);
  }, 180_000);

  it("signing in always issues a new session id: a planted cookie is never promoted (fixation)", async () => {
    // The attacker gets a genuine session of their own and plants its cookie in the victim's browser.
    const attacker = new Client(server.url);
    const other = await makeParty(admin, 1);
    expect((await attacker.post("/api/party-auth", { authCode: other.authCode })).status).toBe(200);
    const planted = session(attacker);

    for (const signIn of [
      (c: Client) => c.post("/api/admin/login", { password: TEST_ADMIN_PASSWORD }),
      (c: Client) => c.post("/api/party-auth", { authCode: party.authCode }),
    ]) {
      const victim = new Client(server.url);
      victim.cookies.set("__session", planted);
      expect((await signIn(victim)).status).toBe(200);
      expect(session(victim)).toBeTruthy();
      expect(session(victim)).not.toBe(planted);
      // The attacker's copy does not ride along into the victim's sign-in.
      const copy = new Client(server.url);
      copy.cookies.set("__session", planted);
      expect((await copy.get("/api/admin/me")).status).toBe(401);
      const who = await copy.get("/api/auth/session");
      expect(who.status === 401 || who.json?.data?.id === other.id).toBe(true);
      expect(who.json?.data?.id).not.toBe(party.id);
    }
    // A made-up cookie value is ignored, and replaced at sign-in.
    const made = new Client(server.url);
    made.cookies.set("__session", "eyJmYWtlIjoxfQ%3D%3D.AAAA");
    expect((await made.get("/api/admin/me")).status).toBe(401);
    await made.loginAdmin();
    expect(session(made)).not.toBe("eyJmYWtlIjoxfQ%3D%3D.AAAA");
  });

  it("cookies are HttpOnly, SameSite=Lax, Path=/, and Secure behind https", async () => {
    const res = await postJson(server.url, "/api/admin/login", { password: TEST_ADMIN_PASSWORD }, { headers: { "x-forwarded-proto": "https" } });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Secure/i);
  });
});

// ---- hostile uploads ----------------------------------------------------------------

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A PNG claiming width x height (1-bit grey) whose pixels all compress to almost nothing. */
function bombPng(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero pixels per row
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

async function upload(files: Array<{ name: string; bytes: Buffer; type: string }>) {
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return admin.request("POST", "/api/upload/images", form);
}

function uploadedFiles() {
  return existsSync(server.uploadDir) ? readdirSync(server.uploadDir) : [];
}

describe("hostile uploads", () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#884422" } }).png().toBuffer();
  });

  async function expectNeutralised(res: Awaited<ReturnType<typeof upload>>, what: string) {
    if (res.status === 400) return "refused";
    expect(res.status, `${what}: ${res.text}`).toBe(201);
    for (const url of res.json.urls as string[]) {
      expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
      const served = await fetch(server.url + url);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(bytes.toString("latin1")).not.toMatch(/<script|<svg|onload|alert\(/i);
    }
    return "re-encoded";
  }

  it("a polyglot (a real PNG carrying HTML and script) is re-encoded: no script survives", async () => {
    const iend = png.lastIndexOf(Buffer.from("IEND", "latin1")) - 4;
    const script = Buffer.from("<html><script>alert(document.cookie)</script></html>", "latin1");
    const polyglot = Buffer.concat([png.subarray(0, iend), chunk("tEXt", Buffer.concat([Buffer.from("Comment\0"), script])), png.subarray(iend), script]);
    const outcome = await expectNeutralised(await upload([{ name: "photo.png", bytes: polyglot, type: "image/png" }]), "polyglot");
    // An image header followed by HTML only is not an image at all.
    const fake = await upload([{ name: "header.gif", bytes: Buffer.concat([Buffer.from("GIF89a"), script]), type: "image/gif" }]);
    expect(fake.status).toBe(400);
    expect(fake.json.message).toBe("Invalid file type - header.gif is not an image file");
    figure("uploads: polyglot PNG", outcome);
  });

  it("an SVG with script is refused or rasterised: no script survives", async () => {
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)"><script>alert(document.cookie)</script><rect width="40" height="40" fill="red"/></svg>`,
    );
    const outcome = await expectNeutralised(await upload([{ name: "logo.svg", bytes: svg, type: "image/svg+xml" }]), "svg");
    figure("uploads: SVG with script", outcome);
  });

  it("a decompression bomb (a small file that claims a huge bitmap) is refused quickly", async () => {
    const bomb = bombPng(30_000, 30_000); // 900 megapixels
    expect(bomb.length).toBeLessThan(1_000_000);
    const before = uploadedFiles().length;
    const started = Date.now();
    const res = await upload([{ name: "bomb.png", bytes: bomb, type: "image/png" }]);
    const ms = Date.now() - started;
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Image too large - bomb.png has more than 40 megapixels.");
    expect(uploadedFiles().length).toBe(before);
    expect((await new Client(server.url).get("/healthz")).status).toBe(200);
    figure("uploads: decompression bomb", `${(bomb.length / 1024).toFixed(0)} KB claiming 30000x30000, refused in ${ms} ms`);
  });

  it("a path in the filename is ignored: stored under a random name inside the upload folder", async () => {
    const marker = `evil-${Date.now()}`;
    const names = [`../../../../tmp/${marker}.png`, `..\\..\\${marker}.png`, `/etc/${marker}.png`, `%2e%2e%2f${marker}.png`];
    const res = await upload(names.map((name) => ({ name, bytes: png, type: "image/png" })));
    expect(res.status, res.text).toBe(201);
    for (const url of res.json.urls as string[]) expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    for (const dir of ["/tmp", "/etc", resolve("tests/.tmp"), resolve(server.uploadDir, ".."), resolve(".")]) {
      expect(readdirSync(dir).some((f) => f.includes(marker)), `${marker} written into ${dir}`).toBe(false);
    }
    expect(uploadedFiles().every((f) => /^[a-f0-9]{32}(-\d+)?\.webp$/.test(f))).toBe(true);
    // And an uploads URL cannot climb out of the folder either.
    for (const path of ["/uploads/../package.json", "/uploads/..%2fpackage.json", "/uploads/%2e%2e/%2e%2e/package.json", `/uploads/..%2f..%2f${basename(server.dbPath)}`]) {
      const served = await rawRequest(server.url, { path });
      expect(served.text, path).not.toContain('"dependencies"');
      expect(served.text, path).not.toContain("SQLite format");
    }
    figure("uploads: traversal filenames", `${names.length} stored as random names, nothing outside ${join("…", basename(server.uploadDir))}`);
  });
});

describe("invitation codes", () => {
  it("are 10 symbols of a 64-symbol alphabet from a cryptographic source: 60 bits, uniform, unique", async () => {
    expect(AUTH_CODE_ALPHABET).toHaveLength(64);
    expect(new Set(AUTH_CODE_ALPHABET).size).toBe(64);
    expect(AUTH_CODE_LENGTH).toBe(10);
    // The codes the server hands out.
    const served: string[] = [];
    for (let i = 0; i < 100; i++) served.push((await admin.post("/api/parties", { name: `Entropy ${i}` })).json.authCode);
    const solo = await makeGuest(admin, { customCode: undefined });
    expect(solo.id).toBeTruthy();
    for (const code of served) expect(code).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(new Set(served).size).toBe(served.length);

    // The generator: 100,000 codes, chi-square per symbol over all positions and per position.
    const N = 100_000;
    const counts = new Map<string, number>();
    const perPosition = Array.from({ length: AUTH_CODE_LENGTH }, () => new Map<string, number>());
    const seen = new Set<string>();
    for (let i = 0; i < N; i++) {
      const code = generateAuthCode();
      seen.add(code);
      [...code].forEach((ch, p) => {
        counts.set(ch, (counts.get(ch) ?? 0) + 1);
        perPosition[p]!.set(ch, (perPosition[p]!.get(ch) ?? 0) + 1);
      });
    }
    const chi = (m: Map<string, number>, total: number) => {
      const expected = total / 64;
      return [...AUTH_CODE_ALPHABET].reduce((s, ch) => s + ((m.get(ch) ?? 0) - expected) ** 2 / expected, 0);
    };
    const overall = chi(counts, N * AUTH_CODE_LENGTH);
    const worstPosition = Math.max(...perPosition.map((m) => chi(m, N)));
    const shannon = -[...counts.values()].reduce((s, n) => s + (n / (N * 10)) * Math.log2(n / (N * 10)), 0);
    // 63 degrees of freedom: chi-square above 130 has a probability under 1e-6 for a uniform source.
    expect(overall).toBeLessThan(130);
    expect(worstPosition).toBeLessThan(130);
    expect(counts.size).toBe(64);
    expect(seen.size).toBe(N);
    expect(shannon).toBeGreaterThan(5.99);

    const bits = AUTH_CODE_LENGTH * Math.log2(64);
    const parties = 300;
    // Guessing: 10 failures per address per 15 minutes = 960 a day per address.
    const yearsFor50 = (2 ** bits / parties / 2 / (960 * 1000)) / 365; // even with 1,000 addresses
    figure("invite codes: entropy", `${AUTH_CODE_LENGTH} symbols x log2(64) = ${bits} bits (measured ${shannon.toFixed(4)} bits/symbol)`);
    figure("invite codes: chi-square (63 dof, limit 130)", `all positions ${overall.toFixed(1)}, worst single position ${worstPosition.toFixed(1)}`);
    figure("invite codes: uniqueness", `${seen.size}/${N} generated, ${served.length}/${served.length} served distinct`);
    figure("invite codes: brute force", `with ${parties} parties and 1,000 attacking addresses at 960 guesses/day each, a 50% chance of one hit takes ~${yearsFor50.toExponential(1)} years`);
  }, 120_000);
});
