// Issue 25 item 4: kill -9 during a large bank statement import. A CAMT.053
// of 2,000 credits, each naming one of 20 parties' references, is posted and
// the server is killed with SIGKILL at a random moment, several times, then
// restarted (the last kill right after the answer). The import is stored in
// batches of 500 lines (decision 076: one transaction held the server), so a
// kill may leave some batches: after each kill the database is intact and
// every credit stored is booked exactly once; after a last re-import (which
// stores the rest, the stored lines known by their keys) every credit is
// booked exactly once: no booked payment lost, none twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
import { Client, figure, makeParty, openDb, sleep } from "./lib";

const KILLS = Number(process.env.STRESS_BANK_KILLS ?? 4);
const ENTRIES = 2_000;
const PARTIES = 20;

let server: TestServer;
let admin: Client;
let statement: string;
let expectedTotal = 0;

beforeAll(async () => {
  server = await startServer();
  admin = await new Client(server.url).loginAdmin();
  const references: string[] = [];
  for (let i = 0; i < PARTIES; i++) {
    const party = await makeParty(admin, 1);
    references.push((await admin.get(`/api/parties/${party.id}/ledger`)).json.reference);
  }
  const entries: string[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    const cents = 100 + (i % 997);
    expectedTotal += cents;
    const amount = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    entries.push(
      `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-${String(1 + (i % 28)).padStart(2, "0")}</Dt></BookgDt>` +
        `<AcctSvcrRef>KILL-${i}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Payer ${i}</Nm></Dbtr></RltdPties>` +
        `<RmtInf><Ustrd>Quarto ${references[i % PARTIES]}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    );
  }
  statement = `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>${entries.join("\n")}</Stmt></BkToCstmrStmt></Document>`;
}, 180_000);
afterAll(async () => server?.stop().catch(() => {}));

function post(base: string) {
  const form = new FormData();
  form.append("file", new Blob([statement], { type: "application/xml" }), "large.xml");
  return new Client(base).request("POST", "/api/bank-statements", form, { cookie: admin.cookieHeader });
}

/** What a killed server left: integrity, and the bank's rows against the payments they made. */
function state(dbPath: string) {
  const db = openDb(dbPath);
  try {
    const one = <T>(sql: string) => db.prepare(sql).get() as T;
    return {
      integrity: db.pragma("integrity_check", { simple: true }),
      transactions: one<{ n: number }>("select count(*) n from bank_transactions").n,
      stored: one<{ s: number }>("select coalesce(sum(amount), 0) s from bank_transactions").s,
      booked: one<{ n: number }>("select count(*) n from bank_transactions where status = 'booked'").n,
      bookings: one<{ n: number }>("select count(*) n from bank_bookings").n,
      payments: one<{ n: number }>("select count(*) n from payments where method = 'bank-transfer'").n,
      paid: one<{ s: number }>("select coalesce(sum(amount), 0) s from payments where method = 'bank-transfer'").s,
      // a booked transaction with other than exactly one payment of its own amount
      wrong: one<{ n: number }>(`select count(*) n from bank_transactions t where t.status = 'booked' and
        (select count(*) from bank_bookings b join payments p on p.id = b.payment_id where b.transaction_id = t.id and p.amount = t.amount) != 1`).n,
      imports: one<{ n: number }>("select count(*) n from bank_imports").n,
    };
  } finally {
    db.close();
  }
}

describe("kill -9 during a bank statement import", () => {
  it(`loses no booked payment and books none twice through ${KILLS} SIGKILLs and a re-import`, async () => {
    let acknowledged = false;
    let killedMidImport = 0;
    let committedBeforeKill = 0;
    let partBeforeKill = 0;
    for (let k = 0; k < KILLS; k++) {
      const sent = post(server.url).then(
        (res) => {
          if (res.status === 201) acknowledged = true;
          return res.status;
        },
        () => "cut" as const,
      );
      // The last kill comes right after the import's answer: an acknowledged import must survive it.
      if (k === KILLS - 1) await sent;
      else await sleep(200 + Math.floor(Math.random() * 2_000));
      await server.kill();
      const answer = await sent;
      const s = state(server.dbPath);
      expect(s.integrity, `integrity_check after kill ${k + 1}`).toBe("ok");
      // Whole batches: never more than the file, each credit stored booked once.
      expect(s.transactions).toBeLessThanOrEqual(ENTRIES);
      expect(s.booked).toBe(s.transactions);
      expect(s.bookings).toBe(s.booked);
      expect(s.payments).toBe(s.bookings);
      expect(s.wrong).toBe(0);
      expect(s.paid).toBe(s.stored);
      if (s.transactions === ENTRIES) expect(s.paid).toBe(expectedTotal);
      if (acknowledged) expect(s.transactions).toBe(ENTRIES);
      if (answer === "cut") killedMidImport++;
      if (s.transactions === ENTRIES) committedBeforeKill++;
      else if (s.transactions) partBeforeKill++;
      server = await startServer({ dbPath: server.dbPath, uploadDir: server.uploadDir });
      admin = await new Client(server.url).loginAdmin();
    }
    const before = state(server.dbPath);
    const started = performance.now();
    const res = await post(server.url);
    const importMs = Math.round(performance.now() - started);
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    expect(res.json.read).toBe(ENTRIES);
    expect(res.json.new + res.json.duplicates).toBe(ENTRIES);
    expect(res.json.new).toBe(ENTRIES - before.transactions);
    expect(acknowledged).toBe(true);
    const after = state(server.dbPath);
    expect(after).toMatchObject({ integrity: "ok", transactions: ENTRIES, booked: ENTRIES, bookings: ENTRIES, payments: ENTRIES, wrong: 0, paid: expectedTotal });
    figure("bank import kill -9: SIGKILLs", KILLS);
    figure("bank import kill -9: kills that cut the import before its answer", killedMidImport);
    figure("bank import kill -9: kills after the import had committed", committedBeforeKill);
    figure("bank import kill -9: kills that left some batches stored", partBeforeKill);
    figure("bank import kill -9: the re-import of 2,000 credits, the stored ones duplicates (ms)", importMs);
    figure("bank import kill -9: credits booked exactly once after the re-import", `${after.booked}/${ENTRIES}`);
  }, 600_000);
});
