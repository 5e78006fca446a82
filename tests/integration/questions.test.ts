// Issue 24: the host's own questions and the guests' answers, over HTTP: every rule, every 400 with nothing stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { count, makeEvent, makeGuest, makeParty, query, signedIn } from "./api-fixtures";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

const put = (client: Client, body: unknown) => client.request("PUT", "/api/answers", body);

type Q = { id: string; choices: Array<{ id: string; label: string; labelPt: string | null; retired: boolean }>; position: number };

async function makeQuestion(body: Record<string, unknown>) {
  const res = await admin.post("/api/questions", body);
  expect(res.status, res.text).toBe(201);
  return res.json as Q;
}

/** A dinner with a required per-person menu, and "Which cut?" only for those who chose meat. */
async function dinnerSetup() {
  const dinner = await makeEvent(admin, { title: "Dinner" });
  const menu = await makeQuestion({
    text: "Dinner menu",
    textPt: "Menu do jantar",
    type: "choice",
    per: "person",
    eventId: dinner.id,
    required: true,
    choices: [{ label: "Meat", labelPt: "Carne" }, { label: "Fish", labelPt: "Peixe" }, { label: "Vegetarian" }, { label: "Children's menu" }],
  });
  const [meat, fish, veg, kids] = menu.choices.map((c) => c.id) as [string, string, string, string];
  const cut = await makeQuestion({ text: "Which cut?", type: "text", per: "person", eventId: dinner.id, showIf: { questionId: menu.id, choiceIds: [meat] } });
  return { dinner, menu, cut, meat, fish, veg, kids };
}

describe("questions: the host sets them (GET, POST, PATCH, DELETE /api/questions)", () => {
  it("creates a question with its choices in both languages and lists it in order", async () => {
    const q = await makeQuestion({ text: "T-shirt size", textPt: "Tamanho", help: "For the match", type: "choice", choices: [{ label: "S" }, { label: "M", labelPt: "M" }] });
    expect(q).toMatchObject({ text: "T-shirt size", textPt: "Tamanho", help: "For the match", type: "choice", per: "person", eventId: null, required: false, showIf: null, hostOnly: false, retired: false });
    expect(q.choices.map((c) => c.label)).toEqual(["S", "M"]);
    const list = await admin.get("/api/questions");
    expect(list.status).toBe(200);
    expect(list.json.map((x: Q) => x.id)).toContain(q.id);
    const guest = await signedIn(server, (await makeParty(admin)).authCode);
    expect((await guest.get("/api/questions")).status).toBe(401);
    expect((await guest.post("/api/questions", { text: "x", type: "text" })).status).toBe(401);
  });

  it("refuses each bad question with 400 naming the field, storing nothing", async () => {
    const yes = await makeQuestion({ text: "Coming by car?", type: "yesno" });
    const multi = await makeQuestion({ text: "Allergies", type: "multi", choices: [{ label: "Nuts" }] });
    const conditional = await makeQuestion({ text: "Which?", type: "text", showIf: { questionId: multi.id, choiceIds: [multi.choices[0]!.id] } });
    const before = count(server, "questions");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: "text" }, "text"],
      [{ text: "x", type: "date" }, "type"],
      [{ text: "x", type: "choice", choices: [] }, "choices"],
      [{ text: "x", type: "number", min: 10, max: 1 }, "min"],
      [{ text: "x", type: "text", eventId: "nope" }, "eventId"],
      [{ text: "x", type: "text", per: "table" }, "per"],
      [{ text: "x", type: "text", showIf: { questionId: "nope", choiceIds: ["a"] } }, "showIf.questionId"],
      [{ text: "x", type: "text", showIf: { questionId: yes.id, choiceIds: ["a"] } }, "showIf.questionId"],
      [{ text: "x", type: "text", showIf: { questionId: conditional.id, choiceIds: ["a"] } }, "showIf.questionId"],
      [{ text: "x", type: "text", showIf: { questionId: multi.id, choiceIds: ["not-a-choice"] } }, "showIf.choiceIds"],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post("/api/questions", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(count(server, "questions")).toBe(before);
    // A question others depend on cannot become conditional itself (one level).
    const res = await admin.patch(`/api/questions/${multi.id}`, { showIf: { questionId: yes.id, choiceIds: ["x"] } });
    expect(res.status).toBe(400);
  });

  it("reorders: PATCH position moves a question, the others follow", async () => {
    const a = await makeQuestion({ text: "Order A", type: "text" });
    const b = await makeQuestion({ text: "Order B", type: "text" });
    const res = await admin.patch(`/api/questions/${b.id}`, { position: 0 });
    expect(res.status).toBe(200);
    const list = (await admin.get("/api/questions")).json as Q[];
    expect(list[0]!.id).toBe(b.id);
    expect(list.findIndex((q) => q.id === a.id)).toBeGreaterThan(0);
    expect(list.map((q) => q.position)).toEqual(list.map((_, i) => i));
  });

  it("keeps answers safe: no type change (409), no deleting an answered choice (409), rename and retire instead; delete says how many answers go", async () => {
    const { dinner, menu, cut, meat, fish } = await dinnerSetup();
    // Without answers the type may change.
    const free = await makeQuestion({ text: "Free", type: "text" });
    expect((await admin.patch(`/api/questions/${free.id}`, { type: "longtext" })).status).toBe(200);

    const party = await makeParty(admin, ["adult"]);
    await admin.post("/api/event-rsvps", { eventId: dinner.id, partyId: party.id, attending: true });
    const saved = await put(admin, { partyId: party.id, answers: [{ questionId: menu.id, guestId: party.memberIds[0], value: meat }] });
    expect(saved.status, saved.text).toBe(200);

    const typeChange = await admin.patch(`/api/questions/${menu.id}`, { type: "multi" });
    expect(typeChange.status).toBe(409);
    const withoutMeat = menu.choices.filter((c) => c.id !== meat);
    expect((await admin.patch(`/api/questions/${menu.id}`, { choices: withoutMeat })).status).toBe(409);
    expect(count(server, "question_choices", "question_id = ?", menu.id)).toBe(4);
    // An unanswered choice may go; an answered one is renamed and retired.
    const renamed = menu.choices.filter((c) => c.id !== fish).map((c) => (c.id === meat ? { ...c, label: "Beef", retired: true } : c));
    const patched = await admin.patch(`/api/questions/${menu.id}`, { choices: renamed });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.choices.find((c: { id: string }) => c.id === meat)).toMatchObject({ label: "Beef", retired: true });
    expect(patched.json.choices).toHaveLength(3);
    // A retired choice: no longer offered to new answers, the old answer keeps it.
    const other = await makeParty(admin, ["adult"]);
    await admin.post("/api/event-rsvps", { eventId: dinner.id, partyId: other.id, attending: true });
    const refused = await put(admin, { partyId: other.id, answers: [{ questionId: menu.id, guestId: other.memberIds[0], value: meat }] });
    expect(refused.status).toBe(400);
    expect(refused.json.errors["answers.0.value"]).toEqual(["Unknown choice"]);
    expect((await put(admin, { partyId: party.id, answers: [{ questionId: menu.id, guestId: party.memberIds[0], value: meat }] })).status).toBe(200);

    // Delete: 409 while another question depends on it; then the count of answers that went with it.
    expect((await admin.delete(`/api/questions/${menu.id}`)).status).toBe(409);
    expect((await admin.delete(`/api/questions/${cut.id}`)).json).toEqual({ id: cut.id, answersDeleted: 0 });
    const del = await admin.delete(`/api/questions/${menu.id}`);
    expect(del.json).toEqual({ id: menu.id, answersDeleted: 1 });
    expect(count(server, "answers", "question_id = ?", menu.id)).toBe(0);
    expect((await admin.get(`/api/questions/${menu.id}`)).status).toBe(404);
  });

  it("a retired question is no longer asked and keeps its answers", async () => {
    const event = await makeEvent(admin);
    const q = await makeQuestion({ text: "Retire me", type: "yesno", eventId: event.id });
    const party = await makeParty(admin, ["adult"]);
    await admin.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true });
    const guest = await signedIn(server, party.authCode);
    expect((await put(guest, { partyId: party.id, answers: [{ questionId: q.id, guestId: party.memberIds[0], value: true }] })).status).toBe(200);
    expect((await guest.get("/api/my-questions")).json.questions.map((x: Q) => x.id)).toContain(q.id);
    expect((await admin.patch(`/api/questions/${q.id}`, { retired: true })).json.retired).toBe(true);
    expect((await guest.get("/api/my-questions")).json.questions.map((x: Q) => x.id)).not.toContain(q.id);
    expect(count(server, "answers", "question_id = ?", q.id)).toBe(1);
    expect((await put(guest, { partyId: party.id, answers: [{ questionId: q.id, guestId: party.memberIds[0], value: false }] })).status).toBe(400);
  });
});

describe("answers: guests answer with the RSVP or alone; the host reads them", () => {
  it("refuses an RSVP with one bad answer whole (400 naming the field), storing nothing", async () => {
    const { dinner, menu, meat } = await dinnerSetup();
    const table = await makeQuestion({ text: "Table number", type: "number", per: "invitation", hostOnly: true, eventId: dinner.id, min: 1, max: 30 });
    const age = await makeQuestion({ text: "Years at the estate", type: "number", per: "invitation", eventId: dinner.id, min: 0, max: 5 });
    const car = await makeQuestion({ text: "By car?", type: "yesno", per: "invitation", eventId: dinner.id });
    const party = await makeParty(admin, ["adult", "adult", "kid"]);
    const stranger = await makeGuest(admin);
    const guest = await signedIn(server, party.authCode);
    expect((await guest.post("/api/event-rsvps", { eventId: dinner.id, partyId: party.id, attending: true })).status).toBe(201);
    const menus = party.memberIds.map((guestId) => ({ questionId: menu.id, guestId, value: meat }));
    const cases: Array<[unknown[], string, string?]> = [
      [[{ questionId: "nope", value: "x" }], "answers.0.questionId"],
      [[{ questionId: menu.id, guestId: party.memberIds[0], value: "not-a-choice" }], "answers.0.value", "Unknown choice"],
      [[{ questionId: car.id, value: "yes" }], "answers.0.value", "value must be true or false"],
      [[{ questionId: age.id, value: 9 }], "answers.0.value", "value must be between 0 and 5"],
      [[{ questionId: menu.id, guestId: stranger.id, value: meat }], "answers.0.guestId", "guestId is not a member of this party"],
      [[{ questionId: menu.id, value: meat }], "answers.0.guestId"],
      [[{ questionId: table.id, value: 4 }], "answers.0.questionId", "This question is answered by the host only"],
      [menus.slice(0, 2), "answers", "Please choose a dinner menu for Member2"],
    ];
    for (const [bad, field, message] of cases) {
      const answers = field === "answers" ? bad : [...bad, ...menus];
      const res = await guest.post("/api/rsvps", { partyId: party.id, attending: true, answers });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.json.errors), JSON.stringify(bad)).toContain(field);
      if (message) expect(res.json.errors[field]).toContain(message);
      // PUT /api/answers refuses the same (the missing-required case is the RSVP's).
      if (field !== "answers") expect((await put(guest, { partyId: party.id, answers: bad })).status).toBe(400);
    }
    expect(count(server, "rsvps", "party_id = ?", party.id)).toBe(0);
    expect(count(server, "answers", "party_id = ?", party.id)).toBe(0);
    expect(query(server, "select attending from guests where party_id = ?", party.id).every((g) => g.attending === null)).toBe(true);

    const ok = await guest.post("/api/rsvps", { partyId: party.id, attending: true, answers: [...menus, { questionId: age.id, value: 2 }, { questionId: car.id, value: true }] });
    expect(ok.status, ok.text).toBe(201);
    expect(count(server, "answers", "party_id = ?", party.id)).toBe(5);
    // The host fills the host-only one.
    expect((await put(admin, { partyId: party.id, answers: [{ questionId: table.id, value: 7 }] })).status).toBe(200);
    const mine = (await guest.get("/api/my-questions")).json;
    expect(mine.questions.map((q: Q) => q.id)).not.toContain(table.id);
    expect(mine.answers.map((a: { questionId: string }) => a.questionId)).not.toContain(table.id);
    expect(mine.questions.find((q: Q) => q.id === menu.id).guestIds).toEqual(party.memberIds);
    // Changing a clear to a required answer alone is refused too.
    const clear = await put(guest, { partyId: party.id, answers: [{ questionId: menu.id, guestId: party.memberIds[1], value: null }] });
    expect(clear.status).toBe(400);
    expect(clear.json.errors["answers.0.value"]).toEqual(["Please choose a dinner menu for Member1"]);
  });

  it("asks conditional and event questions only where they apply, drops the rest, logs before -> after", async () => {
    const { dinner, menu, cut, meat, fish } = await dinnerSetup();
    const party = await makeParty(admin, ["adult", "adult"]);
    const guest = await signedIn(server, party.authCode);
    const [ana, rui] = party.memberIds as [string, string];
    // Event not ticked: the menu is not asked, so answers to it are dropped, not stored (and not required).
    const noEvent = await guest.post("/api/rsvps", { partyId: party.id, attending: true, answers: [{ questionId: menu.id, guestId: ana, value: meat }] });
    expect(noEvent.status, noEvent.text).toBe(201);
    expect(count(server, "answers", "party_id = ?", party.id)).toBe(0);
    expect((await guest.get("/api/my-questions")).json.questions.map((q: Q) => q.id)).not.toContain(menu.id);

    await guest.post("/api/event-rsvps", { eventId: dinner.id, partyId: party.id, attending: true });
    const res = await guest.post("/api/rsvps", {
      partyId: party.id,
      attending: true,
      answers: [
        { questionId: menu.id, guestId: ana, value: meat },
        { questionId: menu.id, guestId: rui, value: fish },
        { questionId: cut.id, guestId: ana, value: "Sirloin" },
        { questionId: cut.id, guestId: rui, value: "Not asked" },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const stored = query<{ guest_id: string; value: string }>(server, "select guest_id, value from answers where question_id = ?", cut.id);
    expect(stored).toEqual([{ guest_id: ana, value: JSON.stringify("Sirloin") }]);
    const asked = (await guest.get("/api/my-questions")).json.questions;
    expect(asked.find((q: Q) => q.id === cut.id).guestIds).toEqual([ana]);

    const log = query<{ summary: string; kind: string }>(server, "select summary, kind from activity_log where party_id = ? and kind = 'answer'", party.id);
    expect(log.map((l) => l.summary)).toEqual([
      `Answers: Dinner menu (Member0 ${party.name}): (none) -> Meat; Dinner menu (Member1 ${party.name}): (none) -> Fish; Which cut? (Member0 ${party.name}): (none) -> Sirloin`,
    ]);
    await put(guest, { partyId: party.id, answers: [{ questionId: menu.id, guestId: rui, value: meat }] });
    expect(query<{ summary: string }>(server, "select summary from activity_log where party_id = ? and kind = 'answer' order by at desc limit 1", party.id)[0]!.summary).toBe(
      `Answers: Dinner menu (Member1 ${party.name}): Fish -> Meat`,
    );
  });

  it("an individual guest answers per-person questions as themselves; another's party is 403", async () => {
    const { dinner, menu, veg } = await dinnerSetup();
    const solo = await makeGuest(admin);
    const guest = await signedIn(server, solo.customCode);
    await guest.post("/api/event-rsvps", { eventId: dinner.id, guestId: solo.id, attending: true });
    const res = await guest.post("/api/rsvps", { guestId: solo.id, attending: true, answers: [{ questionId: menu.id, value: veg }] });
    expect(res.status, res.text).toBe(201);
    expect(query(server, "select party_id, guest_id from answers where question_id = ?", menu.id)).toEqual([{ party_id: null, guest_id: solo.id }]);
    const other = await makeParty(admin);
    expect((await put(guest, { partyId: other.id, answers: [] })).status).toBe(403);
    expect((await new Client(server.url).request("PUT", "/api/answers", { partyId: other.id, answers: [] })).status).toBe(401);
  });

  it("GET /api/answers: totals per choice match a hand count, and someone no longer coming is left out", async () => {
    const { dinner, menu, meat, fish, veg, kids } = await dinnerSetup();
    const a = await makeParty(admin, ["adult", "adult", "kid"]);
    const b = await makeParty(admin, ["adult", "kid"]);
    for (const p of [a, b]) await admin.post("/api/event-rsvps", { eventId: dinner.id, partyId: p.id, attending: true });
    const answer = (p: typeof a, values: string[]) =>
      admin.post("/api/rsvps", { partyId: p.id, attending: true, answers: values.map((value, i) => ({ questionId: menu.id, guestId: p.memberIds[i], value })) });
    expect((await answer(a, [meat, fish, kids])).status).toBe(201);
    expect((await answer(b, [meat, kids])).status).toBe(201);
    let res = await admin.get(`/api/answers?eventId=${dinner.id}`);
    expect(res.status).toBe(200);
    expect(res.json.totals[menu.id]).toEqual({ [meat]: 2, [fish]: 1, [veg]: 0, [kids]: 2 });
    expect(res.json.items).toHaveLength(5);
    // b's kid stays home: their menu no longer counts.
    expect((await admin.post("/api/rsvps", { partyId: b.id, attending: true, memberAttendance: [{ guestId: b.memberIds[1], attending: false }] })).status).toBe(200);
    res = await admin.get(`/api/answers?questionId=${menu.id}`);
    expect(res.json.totals[menu.id]).toEqual({ [meat]: 2, [fish]: 1, [veg]: 0, [kids]: 1 });
    expect(res.json.items.every((i: { questionId: string }) => i.questionId === menu.id)).toBe(true);
    const guest = await signedIn(server, a.authCode);
    expect((await guest.get("/api/answers")).status).toBe(401);
  });
});

describe("the RSVP deadline", () => {
  it("after it a guest changes no answer (403, nothing stored); the host still can", async () => {
    const q = await makeQuestion({ text: "Deadline song", type: "text", per: "invitation" });
    const party = await makeParty(admin, ["adult"]);
    const guest = await signedIn(server, party.authCode);
    expect((await admin.patch("/api/event-config", { rsvpDeadline: "2020-01-01" })).status).toBe(200);
    try {
      const late = await put(guest, { partyId: party.id, answers: [{ questionId: q.id, value: "Too late" }] });
      expect(late.status).toBe(403);
      expect(late.json.message).toBe("The RSVP deadline has passed. Please contact the host to make changes.");
      expect(count(server, "answers", "question_id = ?", q.id)).toBe(0);
      expect((await put(admin, { partyId: party.id, answers: [{ questionId: q.id, value: "By the host" }] })).status).toBe(200);
      expect(count(server, "answers", "question_id = ?", q.id)).toBe(1);
    } finally {
      await admin.patch("/api/event-config", { rsvpDeadline: null });
    }
  });
});

describe("the Questions page (/admin/questions), forms without JavaScript", () => {
  const page = () => admin.get("/admin/questions");
  const postForm = (values: Array<[string, string]>) => admin.request("POST", "/admin/questions", new URLSearchParams(values));
  const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

  it("creates, edits, reorders, retires and deletes (saying how many answers go), and shows counts per choice with names", async () => {
    const dinner = await makeEvent(admin, { title: "Page dinner" });
    const created = await postForm([
      ["intent", "create"], ["text", "Page menu"], ["textPt", "Menu da página"], ["type", "choice"], ["per", "person"], ["eventId", dinner.id], ["required", "on"],
      ["choiceId", ""], ["choiceLabel", "Meat"], ["choiceLabelPt", "Carne"],
      ["choiceId", ""], ["choiceLabel", "Fish"], ["choiceLabelPt", ""],
      ["choiceId", ""], ["choiceLabel", ""], ["choiceLabelPt", ""],
    ]);
    expect(created.status, created.text).toBe(302);
    const list = (await admin.get("/api/questions")).json as Array<Q & { text: string; textPt: string; required: boolean; eventId: string }>;
    const q = list.find((x) => x.text === "Page menu")!;
    expect(q).toMatchObject({ textPt: "Menu da página", required: true, eventId: dinner.id });
    expect(q.choices.map((c) => [c.label, c.labelPt])).toEqual([["Meat", "Carne"], ["Fish", null]]);

    // A bad one: 400 with the message on the page, nothing stored.
    const before = count(server, "questions");
    const bad = await postForm([["intent", "create"], ["text", "No choices"], ["type", "choice"]]);
    expect(bad.status).toBe(400);
    expect(count(server, "questions")).toBe(before);

    // Two answers: Ana meat, Rui fish.
    const party = await makeParty(admin, ["adult", "adult"]);
    await admin.post("/api/event-rsvps", { eventId: dinner.id, partyId: party.id, attending: true });
    const [meat, fish] = q.choices.map((c) => c.id) as [string, string];
    await put(admin, { partyId: party.id, answers: [{ questionId: q.id, guestId: party.memberIds[0], value: meat }, { questionId: q.id, guestId: party.memberIds[1], value: fish }] });
    const html = decode((await page()).text);
    expect(html).toContain("Page menu");
    expect(html).toMatch(/Meat<\/span>: 1/);
    expect(html).toContain(`Member0 ${party.name}`);

    // Edit: rename Fish, retire Meat (answered: kept), add Vegetarian.
    const edited = await postForm([
      ["intent", "update"], ["id", q.id], ["text", "Page menu"], ["type", "choice"], ["per", "person"], ["eventId", dinner.id], ["required", "on"],
      ["choiceId", meat], ["choiceLabel", "Meat"], ["choiceLabelPt", "Carne"], ["choiceRetired", "0"],
      ["choiceId", fish], ["choiceLabel", "Sea bass"], ["choiceLabelPt", "Robalo"],
      ["choiceId", ""], ["choiceLabel", "Vegetarian"], ["choiceLabelPt", ""],
    ]);
    expect(edited.status, edited.text).toBe(302);
    const after = (await admin.get(`/api/questions/${q.id}`)).json as Q;
    expect(after.choices.map((c) => [c.label, c.retired])).toEqual([["Meat", true], ["Sea bass", false], ["Vegetarian", false]]);
    // Deleting an answered choice from the page: refused (409), the message shown.
    const refused = await postForm([["intent", "update"], ["id", q.id], ["text", "Page menu"], ["type", "choice"], ["choiceId", meat], ["choiceLabel", "Meat"], ["choiceDelete", "0"], ["choiceId", fish], ["choiceLabel", "Sea bass"]]);
    expect(refused.status).toBe(409);

    // Move up to first; retire and ask again.
    const all = (await admin.get("/api/questions")).json as Q[];
    for (let i = all.findIndex((x) => x.id === q.id); i > 0; i--) expect((await postForm([["intent", "move"], ["id", q.id], ["direction", "up"]])).status).toBe(302);
    expect(((await admin.get("/api/questions")).json as Q[])[0]!.id).toBe(q.id);
    await postForm([["intent", "retire"], ["id", q.id]]);
    expect((await admin.get(`/api/questions/${q.id}`)).json.retired).toBe(true);
    await postForm([["intent", "restore"], ["id", q.id]]);
    expect((await admin.get(`/api/questions/${q.id}`)).json.retired).toBe(false);

    // The delete confirmation says how many answers go with it; then they go.
    expect(decode((await admin.get(`/admin/questions?delete=${q.id}`)).text)).toContain(`Are you sure you want to delete "Page menu"? Its 2 answers go with it.`);
    const del = await postForm([["intent", "delete"], ["id", q.id]]);
    expect(del.status).toBe(302);
    expect(count(server, "answers", "question_id = ?", q.id)).toBe(0);
  });
});

describe("the Questions page's Move up and Move down step over retired questions", () => {
  it("one click moves past a retired question listed apart, and back", async () => {
    const postForm = (values: Array<[string, string]>) => admin.request("POST", "/admin/questions", new URLSearchParams(values));
    const a = await makeQuestion({ text: "Order A", type: "text" });
    const retired = await makeQuestion({ text: "Order B (retired)", type: "text" });
    const c = await makeQuestion({ text: "Order C", type: "text" });
    expect((await admin.patch(`/api/questions/${retired.id}`, { retired: true })).status).toBe(200);
    const askedOrder = async () => ((await admin.get("/api/questions")).json as Array<{ id: string; retired: boolean }>).filter((q) => !q.retired && [a.id, c.id].includes(q.id)).map((q) => q.id);
    expect(await askedOrder()).toEqual([a.id, c.id]);
    expect((await postForm([["intent", "move"], ["id", c.id], ["direction", "up"]])).status).toBe(302);
    expect(await askedOrder()).toEqual([c.id, a.id]);
    expect((await postForm([["intent", "move"], ["id", a.id], ["direction", "up"]])).status).toBe(302);
    expect(await askedOrder()).toEqual([a.id, c.id]);
  });
});

describe("guests answer on /rsvp (the form without JavaScript)", () => {
  const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

  it("shows each person's questions with their conditions, refuses a missing menu next to the field in the page's language, stores a whole answer", async () => {
    const { dinner, menu, cut, meat, fish, kids } = await dinnerSetup();
    const party = await makeParty(admin, ["adult", "adult", "kid"], { primaryEmail: "menus@example.com" });
    const guest = await signedIn(server, party.authCode);
    const [ana, rui, kid] = party.memberIds as [string, string, string];
    const page = decode((await guest.get("/rsvp?edit=1")).text);
    expect(page).toContain("A few questions from the host");
    expect(page).toContain("For Member0");
    expect(page).toContain(`name="answer:${menu.id}:${kid}"`);
    expect(page).toContain(`Only if you attend ${dinner.title}`);
    expect(page).toContain(`Only if you answered Meat to “Dinner menu”`);

    const base: Array<[string, string]> = [["intent", "submit"], ["attending", "yes"], ["events", dinner.id], ...party.memberIds.flatMap((id) => [["memberIds", id], ["coming", id]] as Array<[string, string]>)];
    const missing = await guest.request("POST", "/rsvp?edit=1", new URLSearchParams([...base, [`answer:${menu.id}:${ana}`, meat], [`answer:${menu.id}:${rui}`, fish]]));
    expect(missing.status).toBe(400);
    expect(decode(missing.text)).toContain("Please choose a dinner menu for Member2");
    expect(count(server, "rsvps", "party_id = ?", party.id)).toBe(0);
    expect(count(server, "event_rsvps", "party_id = ?", party.id)).toBe(0);
    expect(count(server, "answers", "party_id = ?", party.id)).toBe(0);

    const pt = await guest.request("POST", "/rsvp?edit=1&lang=pt", new URLSearchParams([...base, [`answer:${menu.id}:${ana}`, meat], [`answer:${menu.id}:${rui}`, fish]]));
    expect(pt.status).toBe(400);
    expect(decode(pt.text)).toContain("Escolha uma opção em \"Menu do jantar\" para Member2");

    const ok = await guest.request(
      "POST",
      "/rsvp?edit=1&lang=en",
      new URLSearchParams([
        ...base,
        [`answer:${menu.id}:${ana}`, meat], [`answer:${menu.id}:${rui}`, fish], [`answer:${menu.id}:${kid}`, kids],
        [`answer:${cut.id}:${ana}`, "Rare"], [`answer:${cut.id}:${rui}`, "Not asked: Rui chose fish"],
      ]),
    );
    expect(ok.status, ok.text.slice(0, 300)).toBe(302);
    const stored = query<{ question_id: string; guest_id: string; value: string }>(server, "select question_id, guest_id, value from answers where party_id = ? order by question_id, guest_id", party.id);
    expect(stored).toHaveLength(4);
    expect(stored.filter((a) => a.question_id === cut.id)).toEqual([{ question_id: cut.id, guest_id: ana, value: JSON.stringify("Rare") }]);
    // The confirmation e-mail carries the answers.
    const mail = query<{ text: string }>(server, "select text from outbox where party_id = ? order by created_at desc limit 1", party.id)[0];
    expect(mail?.text ?? "").toContain("Dinner menu (Member0): Meat");
  });
});

describe("guests change their answers on /my-rsvp", () => {
  const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

  it("shows the answers that apply and saves a change; clearing a required one is refused next to the field, nothing stored", async () => {
    const { dinner, menu, meat, fish, veg } = await dinnerSetup();
    const party = await makeParty(admin, ["adult", "adult"]);
    const guest = await signedIn(server, party.authCode);
    const [ana, rui] = party.memberIds as [string, string];
    await guest.post("/api/event-rsvps", { eventId: dinner.id, partyId: party.id, attending: true });
    const answers = [{ questionId: menu.id, guestId: ana, value: meat }, { questionId: menu.id, guestId: rui, value: fish }];
    expect((await guest.post("/api/rsvps", { partyId: party.id, attending: true, answers })).status).toBe(201);
    const page = decode((await guest.get("/my-rsvp?lang=pt")).text);
    expect(page).toContain("As suas respostas");
    expect(page).toContain("Menu do jantar");
    expect(page).toContain("Carne");

    const form = (values: Array<[string, string]>) => guest.request("POST", "/my-rsvp?lang=en", new URLSearchParams([["intent", "answers-save"], ...values]));
    const refused = await form([[`answer:${menu.id}:${ana}`, veg]]);
    expect(refused.status).toBe(400);
    expect(decode(refused.text)).toContain("Please choose a dinner menu for Member1");
    expect(query<{ value: string }>(server, "select value from answers where guest_id = ?", ana)[0]!.value).toBe(JSON.stringify(meat));

    const saved = await form([[`answer:${menu.id}:${ana}`, veg], [`answer:${menu.id}:${rui}`, fish]]);
    expect(saved.status).toBe(302);
    expect(query<{ value: string }>(server, "select value from answers where guest_id = ?", ana)[0]!.value).toBe(JSON.stringify(veg));
  });
});

describe("the caterer's list per event gains each person's menu and the totals by age group", () => {
  it("counts the menus of those coming to the dinner by age group, as hand-counted, on the page and in the CSV", async () => {
    const { dinner, menu, meat, fish, veg, kids } = await dinnerSetup();
    const a = await makeParty(admin, ["adult", "adult", "kid"]);
    const b = await makeParty(admin, ["adult", "baby"]);
    const solo = await makeGuest(admin);
    for (const owner of [{ partyId: a.id }, { partyId: b.id }, { guestId: solo.id }]) await admin.post("/api/event-rsvps", { eventId: dinner.id, ...owner, attending: true });
    const send = (owner: Record<string, string>, values: Array<[string | undefined, string]>) =>
      admin.post("/api/rsvps", { ...owner, attending: true, answers: values.map(([guestId, value]) => ({ questionId: menu.id, guestId, value })) });
    expect((await send({ partyId: a.id }, [[a.memberIds[0], meat], [a.memberIds[1], fish], [a.memberIds[2], kids]])).status).toBe(201);
    expect((await send({ partyId: b.id }, [[b.memberIds[0], meat], [b.memberIds[1], kids]])).status).toBe(201);
    expect((await send({ guestId: solo.id }, [[undefined, veg]])).status).toBe(201);
    // Hand count: Meat 2 adults; Fish 1 adult; Vegetarian 1 adult; Children's menu 1 kid + 1 baby.
    const csv = (await admin.get(`/admin/caterer-list.csv?event=${dinner.id}`)).text.replace(/^\uFEFF/, "");
    const lines = csv.split(/\r?\n/);
    expect(lines).toContain("Dinner menu,Adults,Kids (>2y),Babies (≤2y),Total");
    expect(lines).toContain("Meat,2,0,0,2");
    expect(lines).toContain("Fish,1,0,0,1");
    expect(lines).toContain("Vegetarian,1,0,0,1");
    expect(lines).toContain("Children's menu,0,1,1,2");
    expect(lines).toContain(`Member2 ${a.name},Children's menu`);
    const html = (await admin.get(`/admin/caterer-list?event=${dinner.id}`)).text.replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'");
    expect(html).toContain(`Member0 ${a.name}: Meat`);
    expect(html).toMatch(/Children's menu<\/th><td>0<\/td><td>1<\/td><td>1<\/td><td>2<\/td>/);
  });
});

describe("/admin/answers: one row per person, searchable, filtered, paged, with a CSV", () => {
  it("shows each person's answers, a dash where not asked, filters to a required answer missing, and exports the same rows", async () => {
    const { dinner, menu, meat } = await dinnerSetup();
    const party = await makeParty(admin, ["adult", "adult"], { name: `Answers Party ${Date.now()}` });
    const other = await makeParty(admin, ["adult"], { name: `Elsewhere ${Date.now()}` });
    await admin.post("/api/event-rsvps", { eventId: dinner.id, partyId: party.id, attending: true });
    expect((await put(admin, { partyId: party.id, answers: [{ questionId: menu.id, guestId: party.memberIds[0], value: meat }] })).status).toBe(200);
    const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'");
    const html = decode((await admin.get(`/admin/answers?q=${encodeURIComponent(party.name)}&question=${menu.id}`)).text);
    expect(html).toContain(`Member0 ${party.name}`);
    expect(html).toContain(`Member1 ${party.name}`);
    expect(html).not.toContain(other.name);
    expect(html).toMatch(/>Meat</);
    const missing = decode((await admin.get(`/admin/answers?q=${encodeURIComponent(party.name)}&question=${menu.id}&status=missing`)).text);
    expect(missing).toContain(`Member1 ${party.name}`);
    expect(missing).not.toContain(`Member0 ${party.name}`);
    const csv = (await admin.get(`/admin/answers.csv?q=${encodeURIComponent(party.name)}&question=${menu.id}`)).text.replace(/^\uFEFF/, "").split(/\r?\n/);
    expect(csv[0]).toContain("Person,Age,Party");
    expect(csv[0]).toContain("Dinner menu");
    expect(csv.filter((l) => l.startsWith("Member0")).join()).toContain("Meat");
    // The other party did not tick the dinner: not asked (a dash), and left out when filtering on the menu.
    const theirs = decode((await admin.get(`/admin/answers?q=${encodeURIComponent(other.name)}`)).text);
    expect(theirs).toContain(`Member0 ${other.name}`);
    expect(decode((await admin.get(`/admin/answers?q=${encodeURIComponent(other.name)}&question=${menu.id}`)).text)).not.toContain(`Member0 ${other.name}`);
  });
});

describe("the party page shows every answer, and the host fills any, host-only ones included", () => {
  it("lists the answers that apply and saves the host's changes through the page's form", async () => {
    const { dinner, menu, meat, fish } = await dinnerSetup();
    const table = await makeQuestion({ text: "Table no.", type: "number", per: "invitation", hostOnly: true, eventId: dinner.id, min: 1, max: 30 });
    const party = await makeParty(admin, ["adult", "adult"]);
    await admin.post("/api/event-rsvps", { eventId: dinner.id, partyId: party.id, attending: true });
    await put(admin, { partyId: party.id, answers: [{ questionId: menu.id, guestId: party.memberIds[0], value: meat }] });
    const html = (await admin.get(`/admin/parties/${party.id}`)).text.replace(/<!-- -->/g, "");
    expect(html).toContain(`name="answer:${table.id}:all"`);
    expect(html).toContain(`Dinner menu · Member0 ${party.name}`);
    const form = new URLSearchParams([
      ["intent", "answers-save"],
      [`answer:${menu.id}:${party.memberIds[0]}`, meat],
      [`answer:${menu.id}:${party.memberIds[1]}`, fish],
      [`answer:${table.id}:all`, "12"],
    ]);
    const saved = await admin.request("POST", `/admin/parties/${party.id}`, form);
    expect(saved.status, saved.text.slice(0, 200)).toBe(302);
    expect(query<{ value: string }>(server, "select value from answers where question_id = ?", table.id)).toEqual([{ value: "12" }]);
    const bad = await admin.request("POST", `/admin/parties/${party.id}`, new URLSearchParams([["intent", "answers-save"], [`answer:${table.id}:all`, "99"]]));
    expect(bad.status).toBe(400);
    expect(query<{ value: string }>(server, "select value from answers where question_id = ?", table.id)).toEqual([{ value: "12" }]);
  });
});
