import http from "node:http";
import { TEST_ADMIN_PASSWORD } from "./server";

/** A tiny cookie-keeping client, so a test can act as one browser. */
export class Client {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { ...headers }, redirect: "manual" };
    const h = init.headers as Record<string, string>;
    if (this.cookies.size) h.cookie = this.cookieHeader;
    if (body !== undefined) {
      if (typeof body === "string" || body instanceof FormData || body instanceof URLSearchParams) init.body = body as BodyInit;
      else {
        init.body = JSON.stringify(body);
        h["content-type"] = "application/json";
      }
    }
    const res = await fetch(this.base + path, init);
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(c) || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  get = (path: string, headers?: Record<string, string>) => this.request("GET", path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request("POST", path, body ?? {}, headers);
  patch = (path: string, body?: unknown) => this.request("PATCH", path, body ?? {});
  delete = (path: string) => this.request("DELETE", path);

  async loginAdmin(password = TEST_ADMIN_PASSWORD) {
    const res = await this.post("/api/admin/login", { password });
    if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
    return this;
  }
}

/** One GET over node:http: the body exactly as sent on the wire (still compressed). */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}
