import Database from "better-sqlite3";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { assignRoom, makeGuest, makeParty, makeRoomType } from "./api-fixtures";

/*
 * The confirmation e-mail the success screen promises: queued when the RSVP
 * is saved, sent in the background over SMTP to a real SMTP server started
 * here, in the guest's language; kept in the outbox when there is no SMTP.
 */

type Mail = { to: string[]; raw: string };

function startSmtp({ failFirst = 0 } = {}) {
  const mails: Mail[] = [];
  let failures = failFirst;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (failures > 0) {
          failures--;
          return callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }));
        }
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  return new Promise<{ smtp: SMTPServer; port: number; mails: Mail[] }>((resolve) => {
    smtp.listen(0, "127.0.0.1", () => resolve({ smtp, port: (smtp.server.address() as AddressInfo).port, mails }));
  });
}

/** The decoded text of a MIME message's quoted-printable parts (enough to read what a guest reads). */
const decodeQp = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");

async function waitFor<T>(fn: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = fn();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

function outbox(server: TestServer) {
  const db = new Database(server.dbPath, { readonly: true });
  const rows = db.prepare("select * from outbox order by created_at").all() as {
    to: string;
    subject: string;
    text: string;
    html: string;
    status: string;
    attempts: number;
    last_error: string | null;
  }[];
  db.close();
  return rows;
}

/** A guest browser: opens the invite link (signs in on the server), then posts the RSVP form. */
async function answer(server: TestServer, code: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const guest = new Client(server.url);
  const signIn = await guest.get(`/rsvp?code=${encodeURIComponent(code)}`, headers);
  expect(signIn.status).toBe(302);
  const started = Date.now();
  const res = await guest.request("POST", "/rsvp", new URLSearchParams(form), headers);
  return { guest, res, ms: Date.now() - started };
}

describe("RSVP confirmation e-mail over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    smtp = await startSmtp({ failFirst: 1 });
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Convite <rsvp@convite.test>" } });
    admin = await new Client(server.url).loginAdmin();
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((r) => smtp?.smtp.close(() => r()));
    if (server) removeDb(server.dbPath);
  });

  it("sends the answer, rooms, payment and a link back to the party's e-mail, retrying a refusal", async () => {
    const email = `host-${Date.now()}@party.example`;
    // Issue 18: the host sets the payment instructions; the mail carries them.
    const set = await admin.patch("/api/event-config", { payment: { iban: "PT10003506510000482177305", bankHolder: "Ana", bic: "CGDIPTPL", bankName: "CGD" } });
    expect(set.status, set.text).toBe(200);
    const party = await makeParty(admin, ["adult", "adult", "kid"], { primaryEmail: email });
    const roomType = await makeRoomType(admin, { name: "Olive Suite", pricePerNight: 560 });
    const room = await assignRoom(admin, party.id, roomType.id, 2, { paymentDeadline: "2026-05-15" });

    const { guest, res: confirmed } = await answer(server, party.authCode, { intent: `room-confirm:${room.id}` });
    expect(confirmed.status).toBe(200);
    const submitted = await guest.request(
      "POST",
      "/rsvp",
      new URLSearchParams({ intent: "submit", attending: "yes", dietaryRestrictions: "No shellfish", messageToHost: "Parabéns!" }),
    );
    // Saving never waits for SMTP: the answer is a redirect to the thank-you stage.
    expect(submitted.status).toBe(302);
    expect(submitted.headers.get("location")).toBe("/rsvp?step=done#thanks");

    // The SMTP server refuses the first attempt; the sender tries again.
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(email)));
    const text = decodeQp(mail.raw);
    expect(mail.raw).toContain("Subject: Your RSVP is confirmed: 40th Birthday Celebration");
    expect(mail.raw).toMatch(/From: Convite <rsvp@convite\.test>/);
    expect(mail.raw).toContain("Content-Type: text/html");
    expect(text).toContain("Dear ");
    expect(text).toContain(party.name);
    expect(text).toContain("Attending");
    expect(text).toContain("Guests: 3 (adults: 2, kids: 1, babies: 0)");
    expect(text).toContain("Dietary restrictions: No shellfish");
    expect(text).toContain("2 × Olive Suite: Confirmed");
    expect(text).toContain("2 × Olive Suite: €280.00 per night, €1,120.00 for 2 nights");
    expect(text).toContain("Total accommodation cost: €1,120.00");
    expect(text).toContain("Bank transfer: Ana, IBAN PT10 0035 0651 0000 4821 7730 5, BIC CGDIPTPL, CGD");
    expect(text).toContain("Payment deadline: May 15, 2026");
    expect(text).toContain(`Please include your invitation code ${party.authCode} in the payment reference.`);
    expect(text).toContain(`${server.url}/rsvp?code=${party.authCode}`);

    const row = await waitFor(() => outbox(server).find((r) => r.to === email && r.status === "sent"));
    expect(row.attempts).toBe(2);
    expect(row.last_error).toBeNull();
  });

  it("writes in the guest's language and goes to the guest's own address; a change sends a new one", async () => {
    const email = `solo-${Date.now()}@guest.example`;
    const guestRow = await makeGuest(admin, { email });
    const pt = { "accept-language": "pt-PT,pt;q=0.9" };
    const { guest, res } = await answer(
      server,
      guestRow.customCode,
      { intent: "submit", attending: "yes", individual: "1", adultsCount: "2", kidsCount: "0", babiesCount: "1" },
      pt,
    );
    expect(res.status).toBe(302);
    const first = await waitFor(() => outbox(server).find((r) => r.to === email && r.status === "sent"));
    expect(first.subject).toBe("A sua presença está confirmada: Celebração do 40.º Aniversário");
    expect(first.text).toContain("Convidados: 3 (adultos: 2, crianças: 0, bebés: 1)");
    expect(first.html).toContain("Ver a minha resposta");
    expect(first.html).toContain('lang="pt"');
    await waitFor(() => smtp.mails.find((m) => m.to.includes(email)));

    // Changing the answer (?edit=1) sends a new mail with the new answer.
    const changed = await guest.request("POST", "/rsvp?edit=1", new URLSearchParams({ intent: "submit", attending: "no", individual: "1" }), pt);
    expect(changed.status).toBe(302);
    const second = await waitFor(() => outbox(server).find((r) => r.to === email && r.subject.startsWith("Recebemos a sua resposta")));
    expect(second.text).toContain("Não vai estar presente");
  });

  it("sends the same confirmation whichever door the RSVP comes through: the page or POST /api/rsvps", async () => {
    const byPage = `page-${Date.now()}@party.example`;
    const byApi = `api-${Date.now()}@party.example`;
    const pageParty = await makeParty(admin, ["adult", "adult"], { primaryEmail: byPage });
    const apiParty = await makeParty(admin, ["adult", "adult"], { primaryEmail: byApi });

    const { res } = await answer(server, pageParty.authCode, { intent: "submit", attending: "yes" });
    expect(res.status).toBe(302);

    const guest = new Client(server.url);
    expect((await guest.post("/api/party-auth", { authCode: apiParty.authCode })).status).toBe(200);
    const saved = await guest.post("/api/rsvps", { partyId: apiParty.id, attending: true });
    expect(saved.status, saved.text).toBe(201);

    const mails = await waitFor(() => {
      const page = smtp.mails.find((m) => m.to.includes(byPage));
      const api = smtp.mails.find((m) => m.to.includes(byApi));
      return page && api ? { page, api } : undefined;
    });
    for (const [mail, party] of [[mails.page, pageParty], [mails.api, apiParty]] as const) {
      const text = decodeQp(mail.raw);
      expect(mail.raw).toContain("Subject: Your RSVP is confirmed: 40th Birthday Celebration");
      expect(text).toContain(party.name);
      expect(text).toContain("Guests: 2 (adults: 2, kids: 0, babies: 0)");
    }
  });

  it("keeps the mail in the outbox when nobody has an e-mail address", async () => {
    const party = await makeParty(admin, ["adult"]);
    const { res } = await answer(server, party.authCode, { intent: "submit", attending: "no" });
    expect(res.status).toBe(302);
    const row = outbox(server).find((r) => r.text.includes(party.name));
    expect(row).toMatchObject({ to: "", status: "stored" });
  });
});

describe("without SMTP_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeDb(server.dbPath);
  });

  it("stores the confirmation in the outbox for the host to read", async () => {
    const admin = await new Client(server.url).loginAdmin();
    const email = `stored-${Date.now()}@guest.example`;
    const guestRow = await makeGuest(admin, { email });
    const { res } = await answer(server, guestRow.customCode, { intent: "submit", attending: "yes", individual: "1", adultsCount: "1" });
    expect(res.status).toBe(302);
    const row = outbox(server).find((r) => r.to === email);
    expect(row).toMatchObject({ status: "stored", attempts: 0, subject: "Your RSVP is confirmed: 40th Birthday Celebration" });
    expect(row!.text).toContain("/rsvp?code=");
  });
});
