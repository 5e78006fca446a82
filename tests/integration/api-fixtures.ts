// Shared set-up for the api-*.test.ts files: data is made through the API itself.
import Database from "better-sqlite3";
import { expect } from "vitest";
import { Client } from "../support/http";
import type { TestServer } from "../support/server";

export type Age = "adult" | "kid" | "baby";

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Math.random().toString(36).slice(2, 6)}`;

export async function makeParty(admin: Client, members: Age[] = ["adult"], extra: Record<string, unknown> = {}) {
  const res = await admin.post("/api/parties", { name: unique("Party "), ...extra });
  expect(res.status, res.text).toBe(201);
  const party = res.json as { id: string; authCode: string; name: string };
  const memberIds: string[] = [];
  for (const [i, ageCategory] of members.entries()) {
    const m = await admin.post(`/api/parties/${party.id}/members`, { firstName: `Member${i}`, lastName: party.name, ageCategory });
    expect(m.status, m.text).toBe(201);
    memberIds.push(m.json.id);
  }
  return { ...party, memberIds };
}

export async function makeGuest(admin: Client, extra: Record<string, unknown> = {}) {
  const res = await admin.post("/api/guests", { firstName: "Solo", lastName: unique("Guest"), customCode: unique("SOLO-"), ...extra });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; customCode: string; partyId: string | null };
}

export async function makeRoomType(admin: Client, extra: Record<string, unknown> = {}) {
  const res = await admin.post("/api/room-types", {
    name: unique("Room "),
    location: "Main House",
    category: "Room",
    areaSqM: 28,
    areaSqFt: 301,
    maxOccupancyAdults: 2,
    totalUnits: 5,
    pricePerNight: 300,
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; totalUnits: number; imageUrls: string[] };
}

export async function assignRoom(admin: Client, partyId: string, roomTypeId: string, quantity = 1, extra: Record<string, unknown> = {}) {
  const res = await admin.post("/api/room-assignments", { partyId, roomTypeId, quantity, paymentDeadline: "2026-04-30", ...extra });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; confirmationStatus: string };
}

export async function makeEvent(admin: Client, extra: Record<string, unknown> = {}) {
  const res = await admin.post("/api/events", { title: unique("Event "), date: "Saturday, June 13, 2026", timeFrom: "7:30 PM", timeTo: "10:00 PM", ...extra });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; title: string; hotelGuestsOnly: boolean };
}

/** A browser signed in as a party (by its code) or an individual guest (by its own code). */
export async function signedIn(server: TestServer, code: string) {
  const client = new Client(server.url);
  const res = await client.post("/api/party-auth", { authCode: code });
  expect(res.status, res.text).toBe(200);
  return client;
}

/** Reads the test database directly, to check what was (not) stored. */
export function query<T = Record<string, unknown>>(server: TestServer, sql: string, ...params: unknown[]): T[] {
  const db = new Database(server.dbPath, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Writes the test database directly: a state the API no longer lets anyone make (data from before a rule). */
export function writeDb(server: TestServer, sql: string, ...params: unknown[]) {
  const db = new Database(server.dbPath);
  db.pragma("busy_timeout = 5000");
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

export const count = (server: TestServer, table: string, where = "1 = 1", ...params: unknown[]) =>
  query<{ n: number }>(server, `select count(*) as n from ${table} where ${where}`, ...params)[0]!.n;

/** The Event Configuration page's form as a browser without JavaScript posts it: the required fields, then `values`. */
export const eventConfigForm = (values: Record<string, string>) =>
  new URLSearchParams({
    eventTitle: "40th Birthday Celebration",
    eventDate: "June 12-13, 2026",
    eventTime: "4:30 PM",
    venueName: "Quinta da Videira",
    venueAddress: "Pinhão, Portugal",
    notifyHost: "off",
    ...values,
  });
