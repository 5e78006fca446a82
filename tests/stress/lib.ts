// Shared helpers for the stress suite (tests/stress) and the security tests
// (tests/integration/security-*.test.ts): fixtures made through the API, a
// raw HTTP client that can choose its source address, and direct DB reads.
import Database from "better-sqlite3";
import http from "node:http";
import { Client } from "../support/http";
import type { TestServer } from "../support/server";

export { Client };

let counter = 0;
export const unique = (prefix: string) => `${prefix}${++counter}-${Math.random().toString(36).slice(2, 7)}`;

function must<T = any>(res: { status: number; text: string; json: any }, status: number | number[], what: string): T {
  const ok = Array.isArray(status) ? status.includes(res.status) : res.status === status;
  if (!ok) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text.slice(0, 300)}`);
  return res.json as T;
}

export type Party = { id: string; authCode: string; name: string; memberIds: string[] };

export async function makeParty(admin: Client, members = 1, extra: Record<string, unknown> = {}): Promise<Party> {
  const party = must(await admin.post("/api/parties", { name: unique("Party "), ...extra }), 201, "create party");
  const memberIds: string[] = [];
  for (let i = 0; i < members; i++) {
    const m = must(
      await admin.post(`/api/parties/${party.id}/members`, { firstName: `Member${i}`, lastName: party.name, ageCategory: "adult" }),
      201,
      "add member",
    );
    memberIds.push(m.id);
  }
  return { id: party.id, authCode: party.authCode, name: party.name, memberIds };
}

export async function makeGuest(admin: Client, extra: Record<string, unknown> = {}) {
  return must<{ id: string; customCode: string }>(
    await admin.post("/api/guests", { firstName: "Solo", lastName: unique("Guest"), customCode: unique("SOLO-"), ...extra }),
    201,
    "create guest",
  );
}

export async function makeRoomType(admin: Client, extra: Record<string, unknown> = {}) {
  return must<{ id: string; totalUnits: number }>(
    await admin.post("/api/room-types", {
      name: unique("Room "),
      location: "Main House",
      category: "Room",
      areaSqM: 28,
      areaSqFt: 301,
      maxOccupancyAdults: 2,
      totalUnits: 5,
      pricePerNight: 300,
      ...extra,
    }),
    201,
    "create room type",
  );
}

export async function assignRoom(admin: Client, partyId: string, roomTypeId: string, quantity = 1, extra: Record<string, unknown> = {}) {
  return must<{ id: string }>(
    await admin.post("/api/room-assignments", { partyId, roomTypeId, quantity, paymentDeadline: "2026-04-30", ...extra }),
    201,
    "assign room",
  );
}

export async function makeEvent(admin: Client, extra: Record<string, unknown> = {}) {
  return must<{ id: string }>(
    await admin.post("/api/events", { title: unique("Event "), date: "Saturday, June 13, 2026", timeFrom: "7:30 PM", timeTo: "10:00 PM", ...extra }),
    201,
    "create event",
  );
}

/** A browser signed in by an invitation code (a party's, or a guest's own). */
export async function signIn(base: string, code: string) {
  const c = new Client(base);
  must(await c.post("/api/party-auth", { authCode: code }), 200, `sign in ${code}`);
  return c;
}

/** Opens the test database directly (read-only unless asked). */
export function openDb(server: TestServer | string, readonly = true) {
  return new Database(typeof server === "string" ? server : server.dbPath, { readonly, fileMustExist: true });
}

export function query<T = Record<string, any>>(server: TestServer | string, sql: string, ...params: unknown[]): T[] {
  const db = openDb(server);
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * A raw HTTP request with a chosen source address: the server sees
 * `localAddress` as the client (127.0.0.0/8 all route to loopback on Linux).
 */
export function rawRequest(
  base: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; json: any }> {
  const url = new URL(opts.path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: opts.method ?? "GET",
        headers: { ...(opts.body !== undefined ? { "content-length": String(Buffer.byteLength(opts.body)) } : {}), ...opts.headers },
        localAddress: opts.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: any;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export const postJson = (base: string, path: string, body: unknown, extra: { headers?: Record<string, string>; localAddress?: string } = {}) =>
  rawRequest(base, {
    method: "POST",
    path,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...extra.headers },
    localAddress: extra.localAddress,
  });

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A figure line every stress test prints, easy to grep from a CI log. */
export function figure(label: string, value: unknown) {
  const line = `[figure] ${label}: ${typeof value === "string" ? value : JSON.stringify(value)}`;
  console.log(line);
  return line;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
