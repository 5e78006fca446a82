// Issue 33, finding 2: a question guests see may not depend ("only if") on a
// host-only question, through the API or the Questions page; a question may
// not become host-only while such a question depends on it; a condition stored
// before the rule is removed at the next start, with an activity item; and
// until then no guest answer names the host-only question, nor does whether a
// guest's answer is kept turn on the host's answer. The finding's own case: a
// host-only "VIP table" yes/no and a guest question asked only if yes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { count, makeParty, query, writeDb } from "./api-fixtures";

let server: TestServer;
let admin: Client;
let vip: { id: string; yes: string; no: string };
const GUEST_ON_HOST_ONLY = "A question guests see cannot depend on a host-only question: its condition would tell them the host's answer.";
const HOST_ONLY_WITH_DEPENDENTS = "Questions guests see are asked only if this one is answered: change their condition before making this one host-only.";
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

const questionCount = () => count(server, "questions");
const wineQuestion = (extra: Record<string, unknown> = {}) => ({ text: "Which wine at your table?", type: "text", per: "invitation", ...extra });

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  const made = await admin.post("/api/questions", {
    text: "VIP table",
    type: "choice",
    per: "invitation",
    hostOnly: true,
    choices: [{ label: "Yes" }, { label: "No" }],
  });
  expect(made.status, made.text).toBe(201);
  vip = { id: made.json.id, yes: made.json.choices[0].id, no: made.json.choices[1].id };
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

describe("a question guests see cannot depend on a host-only one (400 naming showIf)", () => {
  it("POST /api/questions: the finding's guest question asked only if the host-only VIP table is yes is refused, nothing stored", async () => {
    const before = questionCount();
    const res = await admin.post("/api/questions", wineQuestion({ showIf: { questionId: vip.id, choiceIds: [vip.yes] } }));
    expect(res.status, res.text).toBe(400);
    expect(res.json.message).toBe(GUEST_ON_HOST_ONLY);
    expect(res.json.errors).toEqual({ showIf: [GUEST_ON_HOST_ONLY] });
    expect(questionCount()).toBe(before);
  });

  it("the same question, host-only itself, may depend on it", async () => {
    const res = await admin.post("/api/questions", wineQuestion({ hostOnly: true, showIf: { questionId: vip.id, choiceIds: [vip.yes] } }));
    expect(res.status, res.text).toBe(201);
    expect(res.json.showIf).toEqual({ questionId: vip.id, choiceIds: [vip.yes] });
  });

  it("the Questions page's form: 400 with the message at the condition, nothing stored", async () => {
    const before = questionCount();
    const form = new URLSearchParams({ intent: "create", text: "Which wine at your table?", type: "text", per: "invitation", showIf: `${vip.id}:${vip.yes}` });
    const res = await admin.post("/admin/questions?new=1", form, formHeaders);
    expect(res.status).toBe(400);
    expect(res.text).toContain("A question guests see cannot depend on a host-only question");
    expect(questionCount()).toBe(before);
  });

  it("PATCH: a condition added to a guest question, or hostOnly taken off a question with such a condition, is refused; nothing changes", async () => {
    const plain = await admin.post("/api/questions", wineQuestion());
    const added = await admin.patch(`/api/questions/${plain.json.id}`, { showIf: { questionId: vip.id, choiceIds: [vip.yes, vip.no] } });
    expect(added.status).toBe(400);
    expect(added.json.errors).toEqual({ showIf: [GUEST_ON_HOST_ONLY] });
    expect((await admin.get(`/api/questions/${plain.json.id}`)).json.showIf).toBeNull();

    const hidden = await admin.post("/api/questions", wineQuestion({ hostOnly: true, showIf: { questionId: vip.id, choiceIds: [vip.yes] } }));
    const shown = await admin.patch(`/api/questions/${hidden.json.id}`, { hostOnly: false });
    expect(shown.status).toBe(400);
    expect(shown.json.errors).toEqual({ showIf: [GUEST_ON_HOST_ONLY] });
    expect((await admin.get(`/api/questions/${hidden.json.id}`)).json.hostOnly).toBe(true);
    // Taking the condition off in the same change is fine.
    const both = await admin.patch(`/api/questions/${hidden.json.id}`, { hostOnly: false, showIf: null });
    expect(both.status, both.text).toBe(200);
    expect(both.json).toMatchObject({ hostOnly: false, showIf: null });
  });

  it("a question guests' questions depend on cannot become host-only (400 naming hostOnly), through the API or the page", async () => {
    const menu = await admin.post("/api/questions", { text: "Menu", type: "choice", per: "person", choices: [{ label: "Fish" }, { label: "Meat" }] });
    const wine = await admin.post("/api/questions", wineQuestion({ showIf: { questionId: menu.json.id, choiceIds: [menu.json.choices[0].id] } }));
    expect(wine.status, wine.text).toBe(201);
    const res = await admin.patch(`/api/questions/${menu.json.id}`, { hostOnly: true });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(HOST_ONLY_WITH_DEPENDENTS);
    expect(res.json.errors).toEqual({ hostOnly: [HOST_ONLY_WITH_DEPENDENTS] });
    const form = new URLSearchParams({ intent: "update", id: menu.json.id, text: "Menu", type: "choice", per: "person", hostOnly: "on" });
    for (const c of menu.json.choices) {
      form.append("choiceId", c.id);
      form.append("choiceLabel", c.label);
      form.append("choiceLabelPt", "");
    }
    const page = await admin.post(`/admin/questions?edit=${menu.json.id}`, form, formHeaders);
    expect(page.status).toBe(400);
    expect(page.text).toContain("Questions guests see are asked only if this one is answered");
    expect((await admin.get(`/api/questions/${menu.json.id}`)).json.hostOnly).toBe(false);
    // Once the dependent is host-only too, it may.
    expect((await admin.patch(`/api/questions/${wine.json.id}`, { hostOnly: true })).status).toBe(200);
    expect((await admin.patch(`/api/questions/${menu.json.id}`, { hostOnly: true })).status).toBe(200);
  });
});

describe("a condition stored before the rule (issue 33)", () => {
  let wineId: string;
  let party: Awaited<ReturnType<typeof makeParty>>;

  it("tells the guest nothing: GET /api/my-questions names no host-only id or choice, and the guest's answer is kept whatever the host answered", async () => {
    const wine = await admin.post("/api/questions", wineQuestion());
    wineId = wine.json.id;
    writeDb(server, "update questions set show_if_question_id = ?, show_if_choice_ids = ? where id = ?", vip.id, JSON.stringify([vip.yes]), wineId);
    party = await makeParty(admin, ["adult"]);
    const guest = new Client(server.url);
    expect((await guest.post("/api/party-auth", { authCode: party.authCode })).status).toBe(200);
    expect((await guest.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBe(201);

    const answers: unknown[] = [];
    for (const [hostAnswer, value] of [[vip.no, "Douro red"], [vip.yes, "Alvarinho"], [null, "Port"]] as const) {
      const host = await admin.request("PUT", "/api/answers", { partyId: party.id, answers: [{ questionId: vip.id, value: hostAnswer }] });
      expect(host.status, host.text).toBe(200);
      const mine = await guest.get("/api/my-questions");
      expect(mine.status).toBe(200);
      for (const secret of [vip.id, vip.yes, vip.no, "VIP table"]) expect(mine.text).not.toContain(secret);
      expect(mine.json.questions.find((q: { id: string }) => q.id === wineId)).toMatchObject({ showIf: null, guestIds: [null] });
      const put = await guest.request("PUT", "/api/answers", { partyId: party.id, answers: [{ questionId: wineId, value }] });
      expect(put.status, put.text).toBe(200);
      for (const secret of [vip.id, vip.yes, vip.no]) expect(put.text).not.toContain(secret);
      answers.push(put.json.items.find((a: { questionId: string }) => a.questionId === wineId));
    }
    // Kept every time: the answers do not tell "yes" from "no" or none.
    expect(answers).toEqual(["Douro red", "Alvarinho", "Port"].map((value) => ({ questionId: wineId, partyId: party.id, guestId: null, value })));
    // The page shows it without an "Only if" naming the host's question.
    const page = await guest.get("/my-rsvp");
    expect(page.status).toBe(200);
    for (const secret of [vip.id, vip.yes, vip.no, "VIP table"]) expect(page.text).not.toContain(secret);
  });

  it("is removed at the next start, with an activity item naming the question; a second start changes nothing", async () => {
    const dbPath = server.dbPath;
    await server.stop();
    server = await startServer({ dbPath, env: { RATE_LIMIT_DISABLED: "1" } });
    admin = await new Client(server.url).loginAdmin();
    expect((await admin.get(`/api/questions/${wineId}`)).json.showIf).toBeNull();
    const items = query<{ summary: string; kind: string; actor: string }>(server, "select summary, kind, actor from activity_log where summary like '%host-only question%'");
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: "question", actor: "admin" });
    expect(items[0]!.summary).toContain('"Which wine at your table?"');
    expect(items[0]!.summary).toContain('"VIP table"');
    // The guest's answer is still there and counts for the host.
    expect((await admin.get(`/api/answers?questionId=${wineId}`)).json.items).toEqual([{ questionId: wineId, partyId: party.id, guestId: null, value: "Port", retired: false }]);
    const dbPath2 = server.dbPath;
    await server.stop();
    server = await startServer({ dbPath: dbPath2, env: { RATE_LIMIT_DISABLED: "1" } });
    admin = await new Client(server.url).loginAdmin();
    expect(query(server, "select summary from activity_log where summary like '%host-only question%'")).toHaveLength(1);
  }, 60_000);
});
