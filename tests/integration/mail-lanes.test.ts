import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";
import { makeParty } from "./api-fixtures";

/*
 * Issue 23, item 1: with 300 invitations queued at the production pace (30 a
 * minute, one every 2 s), a sign-in code and an RSVP confirmation asked for
 * afterwards reach a real SMTP server within 10 s, while the invitations
 * keep their pace. The Messages page and GET /api/messages show each lane.
 */

const INVITATIONS = 300;

describe("two mail lanes at the production pace", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  let admin: Client;
  let slowInvitations = false;

  beforeAll(async () => {
    smtp = await startSmtp({ hold: (raw) => (slowInvitations && raw.includes("Subject: You are invited") ? 6_000 : 0) });
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_RATE_PER_MINUTE: "30", MAIL_FROM: "Convite <rsvp@convite.test>" } });
    admin = await new Client(server.url).loginAdmin();
    expect((await admin.patch("/api/auth-settings", { emailCodeRequired: true })).status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (server) removeDb(server.dbPath);
  });

  it("a code and a confirmation asked for behind 300 invitations arrive within 10 s; the invitations keep 30 a minute", async () => {
    const stamp = Date.now();
    const waiting = await makeParty(admin, ["adult"], { primaryEmail: `code-${stamp}@example.com` });
    const answering = await makeParty(admin, ["adult"], { primaryEmail: `answer-${stamp}@example.com` });
    const guest = new Client(server.url);
    expect((await guest.post("/api/party-auth", { authCode: answering.authCode })).status).toBe(200);

    const ids: string[] = [];
    for (let i = 0; i < INVITATIONS; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, INVITATIONS - i) }, (_, j) => makeParty(admin, [], { primaryEmail: `invitee-${i + j}-${stamp}@example.com` })),
      );
      ids.push(...batch.map((p) => p.id));
    }
    const sent = await admin.post("/api/invitations", { kind: "invitation", partyIds: ids });
    expect(sent.json.queued).toHaveLength(INVITATIONS);
    await waitFor(() => smtp.mails.length >= 1);

    const t0 = Date.now();
    expect((await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: `code-${stamp}@example.com` })).status).toBe(202);
    const answer = await guest.post("/api/rsvps", { partyId: answering.id, attending: true, guestCount: 1 });
    expect(answer.status, answer.text).toBe(201);

    const code = await waitFor(() => smtp.mails.find((m) => m.to.includes(`code-${stamp}@example.com`)), 10_000);
    const confirmation = await waitFor(() => smtp.mails.find((m) => m.to.includes(`answer-${stamp}@example.com`)), 10_000);
    expect(code.at - t0).toBeLessThan(10_000);
    expect(confirmation.at - t0).toBeLessThan(10_000);
    expect(code.raw).toMatch(/Subject: Your sign-in code: \d{6}/);

    // The invitations' pace held: one every 2 s, a priority mail taking a slot rather than adding one.
    await new Promise((r) => setTimeout(r, t0 + 10_000 - Date.now()));
    const invitationsIn = smtp.mails.filter((m) => m.raw.includes("Subject: You are invited") && m.at >= t0 && m.at < t0 + 10_000).length;
    console.log(`[figure] code ${code.at - t0} ms, confirmation ${confirmation.at - t0} ms, invitations in 10 s: ${invitationsIn}`);
    expect(invitationsIn).toBeGreaterThanOrEqual(2);
    expect(invitationsIn).toBeLessThanOrEqual(6);

    const list = (await admin.get("/api/messages")).json as { kind: string; lane: string; status: string }[];
    const lanes = new Map(list.map((m) => [m.kind, m.lane]));
    expect(Object.fromEntries(lanes)).toEqual({ "sign-in-code": "priority", confirmation: "priority", invitation: "bulk" });
    expect(list.filter((m) => m.kind === "invitation" && m.status === "pending").length).toBeGreaterThan(INVITATIONS - 20);
    const page = await admin.get("/admin/messages");
    expect(page.text).toContain(">Lane<");
    expect(page.text).toMatch(/data-lane="priority"[^>]*>Priority</);
    expect(page.text).toMatch(/data-lane="bulk"[^>]*>Bulk</);
  });

  it("an invitation held up by a slow SMTP server does not hold up a code", async () => {
    const email = `slow-${Date.now()}@example.com`;
    await makeParty(admin, ["adult"], { primaryEmail: email });
    slowInvitations = true;
    try {
      await waitFor(() => smtp.holding.count > 0, 5_000); // the bulk lane is stuck in a send
      const t0 = Date.now();
      expect((await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: email })).status).toBe(202);
      const code = await waitFor(() => smtp.mails.find((m) => m.to.includes(email)), 5_000);
      expect(code.at - t0).toBeLessThan(2_000);
      expect(smtp.holding.count).toBeGreaterThan(0);
    } finally {
      slowInvitations = false;
    }
  });
});
