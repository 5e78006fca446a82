// Issue 22, findings 0 and 4: no input ends the process (a control character in
// a redirect's Location once did), and every body has a size limit (413 as the
// route speaks, read no further than the limit).
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
import { Client, query, rawRequest } from "../stress/lib";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await new Client(server.url).loginAdmin();
}, 60_000);
afterAll(async () => server?.stop());

const CONTROL = [...Array(0x20).keys(), 0x7f].map((c) => String.fromCharCode(c));
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  rawRequest(server.url, { method: "POST", path, body, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });

async function healthy() {
  const res = await rawRequest(server.url, { path: "/healthz" });
  expect(res.status).toBe(200);
}

describe("a redirect built from input", () => {
  it("POST /lang with every control character in redirectTo, no session: a redirect home, and the server stays up", async () => {
    for (const ch of CONTROL) {
      for (const redirectTo of [`/my-rsvp${ch}`, `/${ch}/evil.example`]) {
        const res = await post("/lang", form({ lang: "pt", redirectTo }));
        expect(res.status, JSON.stringify(redirectTo)).toBe(302);
        expect(res.headers.location).toBe("/");
      }
    }
    await healthy();
  });

  it("the vertical tab of the finding, sent as the browser would, answers a redirect and /healthz still answers", async () => {
    const res = await post("/lang", "lang=pt&redirectTo=%2Fmy-rsvp%0B");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
    await healthy();
  });

  it("the guest sign-out and the admin sidebar switch refuse the same characters", async () => {
    for (const ch of CONTROL) {
      const out = await post("/sign-out", form({ redirectTo: `/rsvp${ch}` }));
      expect(out.status).toBe(302);
      expect(out.headers.location).toBe("/rsvp");
      const side = await post("/admin/sidebar", form({ open: "false", redirectTo: `/admin/guests${ch}` }), { cookie: admin.cookieHeader });
      expect(side.status).toBe(302);
      expect(side.headers.location).toBe("/admin/dashboard");
    }
    await healthy();
  });

  it("POST /lang with redirectTo=/%C4%80, as the finding sent it: a redirect to the encoded path, never 500 (issue 33)", async () => {
    const res = await post("/lang", "lang=pt&redirectTo=%2F%C4%80");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/%C4%80");
    await healthy();
  });

  it("characters above U+00FF, emoji and a lone surrogate: every Location is printable ASCII on this site (issue 33)", async () => {
    const cases: Array<[string, string]> = [
      ["/\u0100", "/%C4%80"],
      ["/\u{1F389}", "/%F0%9F%8E%89"],
      ["/rsvp?q=\u4e2d\u6587#\u00e9", "/rsvp?q=%E4%B8%AD%E6%96%87#%C3%A9"],
      ["/p\u00e3o", "/p%C3%A3o"],
    ];
    for (const [redirectTo, location] of cases) {
      const lang = await post("/lang", form({ lang: "en", redirectTo }));
      expect(lang.status, JSON.stringify(redirectTo)).toBe(302);
      expect(lang.headers.location).toBe(location);
      const out = await post("/sign-out", form({ redirectTo }));
      expect(out.status).toBe(302);
      expect(out.headers.location).toBe(location);
      const side = await post("/admin/sidebar", form({ open: "true", redirectTo }), { cookie: admin.cookieHeader });
      expect(side.status).toBe(302);
      expect(side.headers.location).toBe(location);
    }
    // A lone surrogate has no UTF-8 form; the form encoder sends U+FFFD, a raw body sends its bytes as they are.
    const raw = await post("/lang", "lang=en&redirectTo=%2F%ED%A0%80");
    expect(raw.status).toBe(302);
    expect(raw.headers.location).toMatch(/^\/[\u0021-\u007e]*$/);
    await healthy();
  });

  it("a same-site path still works, with its query", async () => {
    const res = await post("/lang", form({ lang: "pt", redirectTo: "/rsvp?method=email" }));
    expect(res.headers.location).toBe("/rsvp?method=email");
  });
});

/**
 * Streams `total` bytes of chunked body over a raw socket, reading while it
 * writes (Node's own client drops an answer that comes before the body ends);
 * resolves with the answer and how much was written before the socket closed.
 */
function streamBody(path: string, total: number, contentType: string) {
  return new Promise<{ status: number; text: string; written: number }>((resolve) => {
    const url = new URL(server.url);
    const socket = net.connect(Number(url.port), url.hostname);
    let got = "";
    let written = 0;
    socket.on("data", (d) => (got += d));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const [head = "", text = ""] = got.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), text, written });
    });
    socket.write(`POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (written < total && !socket.destroyed) {
        written += chunk.length;
        if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)) return void socket.once("drain", pump);
      }
    };
    pump();
  });
}

describe("body size limits", () => {
  it("a declared 60 MB form to /lang, no session: 413 HTML before a byte is read", async () => {
    const res = await new Promise<{ status: number; text: string; type: string }>((resolve, reject) => {
      const url = new URL("/lang", server.url);
      const req = http.request(
        { host: url.hostname, port: url.port, path: "/lang", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(60 * 1024 * 1024) }, agent: false },
        (r) => {
          let text = "";
          r.on("data", (c) => (text += c));
          r.on("end", () => resolve({ status: r.statusCode ?? 0, text, type: String(r.headers["content-type"]) }));
        },
      );
      req.on("error", reject);
      req.write("lang=pt&redirectTo=");
    });
    expect(res.status).toBe(413);
    expect(res.type).toContain("text/html");
    expect(res.text).toContain("Request too large");
    await healthy();
  });

  it("a JSON body with no length, streamed on and on: 413 JSON, and the server cuts the connection before the sender is done", async () => {
    const total = 40 * 1024 * 1024;
    const res = await streamBody("/api/rsvps", total, "application/json");
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ message: "The request is larger than 512 KB." });
    expect(res.written).toBeLessThan(total);
    await healthy();
  });

  it("a body a little over the limit is answered 413 on a connection that closes cleanly, so the client's next request works", async () => {
    for (let i = 0; i < 5; i++) {
      const refused = await admin.post("/api/parties", { name: "Too long", notes: "x".repeat(700 * 1024) });
      expect(refused.status).toBe(413);
      expect(refused.json).toEqual({ message: "The request is larger than 512 KB." });
      expect((await admin.get("/api/admin/me")).status).toBe(200);
    }
  });

  it("an admin form over the limit stores nothing", async () => {
    const before = query(server, "SELECT count(*) AS n FROM parties")[0]!.n;
    const big = form({ intent: "create", name: "Too Big", notes: "x".repeat(600 * 1024) });
    const refused = await post("/admin/parties", big, { cookie: admin.cookieHeader });
    expect(refused.status).toBe(413);
    expect(query(server, "SELECT count(*) AS n FROM parties")[0]!.n).toBe(before);
    await healthy();
  });

  it("an upload route keeps the upload limit: 2 MB of multipart is read (and judged as an image), not refused as too large", async () => {
    const body = new FormData();
    body.append("files", new Blob([Buffer.alloc(2 * 1024 * 1024, 1)], { type: "image/png" }), "big.png");
    const res = await admin.request("POST", "/api/upload/images", body);
    expect(res.status).not.toBe(413);
    expect(res.status).toBe(400);
  });

  it("a page's form sent with JavaScript (to its .data address) keeps the page's upload limit: 700 KB reaches the page, the same over a form's 512 KB elsewhere is 413", async () => {
    for (const path of ["/admin/room-types.data", "/admin/event.data", "/admin/guests/import.data", "/album.data"]) {
      const body = new FormData();
      body.append("intent", "nothing-known");
      body.append("file", new Blob([Buffer.alloc(700 * 1024, 1)], { type: "image/png" }), "big.png");
      const res = await admin.request("POST", path, body);
      expect(res.status, path).not.toBe(413);
      expect(res.status, path).toBeLessThan(500);
    }
    const body = new FormData();
    body.append("file", new Blob([Buffer.alloc(700 * 1024, 1)], { type: "image/png" }), "big.png");
    expect((await admin.request("POST", "/admin/parties.data", body)).status).toBe(413);
    await healthy();
  });
});
