import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { makeEvent, makeParty } from "./api-fixtures";

/*
 * Issue 37, item 6: once a seating plan is saved, the caterer's live list of
 * the event (the host's page, its CSV, and the link shared with the caterer)
 * gains each table's menu counts, and they follow the answers.
 */

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

const csvLines = (text: string) => text.replace(/^\uFEFF/, "").split("\r\n");
/** The lines after "Menus by table" (or its Portuguese), up to the end. */
const byTable = (text: string, heading = "Menus by table") => {
  const lines = csvLines(text);
  const at = lines.indexOf(heading);
  return at < 0 ? [] : lines.slice(at + 1).filter(Boolean);
};

describe("the caterer's list: menus by table", () => {
  it("counts each table's menus on the page, the CSV and the shared link, in both languages, and follows the answers", async () => {
    const dinner = await makeEvent(admin, { title: "Table Dinner" });
    const menu = await admin.post("/api/questions", {
      text: "Dinner menu",
      textPt: "Menu do jantar",
      type: "choice",
      per: "person",
      eventId: dinner.id,
      choices: [{ label: "Meat", labelPt: "Carne" }, { label: "Fish", labelPt: "Peixe" }],
    });
    expect(menu.status, menu.text).toBe(201);
    const [meat, fish] = (menu.json.choices as { id: string }[]).map((c) => c.id) as [string, string];
    const a = await makeParty(admin, ["adult", "adult", "adult"]);
    const b = await makeParty(admin, ["adult", "adult"]);
    const c = await makeParty(admin, ["adult"]);
    for (const p of [a, b, c]) {
      await admin.post("/api/rsvps", { partyId: p.id, attending: true });
      await admin.post("/api/event-rsvps", { eventId: dinner.id, partyId: p.id, attending: true });
    }
    const answer = (partyId: string, pairs: Array<[string, string]>) =>
      admin.request("PUT", "/api/answers", { partyId, answers: pairs.map(([guestId, value]) => ({ questionId: menu.json.id, guestId, value })) });
    expect((await answer(a.id, [[a.memberIds[0]!, meat], [a.memberIds[1]!, meat], [a.memberIds[2]!, fish]])).status).toBe(200);
    expect((await answer(b.id, [[b.memberIds[0]!, fish], [b.memberIds[1]!, fish]])).status).toBe(200);
    // c answers nothing: seated, but no menu to count.

    const one = (await admin.post("/api/tables", { eventId: dinner.id, name: "1", seats: 6 })).json.id as string;
    const two = (await admin.post("/api/tables", { eventId: dinner.id, name: "2", seats: 6 })).json.id as string;
    // Tables but no plan yet: nothing by table.
    expect(byTable((await admin.get(`/admin/caterer-list.csv?event=${dinner.id}`)).text)).toEqual([]);
    expect((await admin.get(`/admin/caterer-list?event=${dinner.id}`)).text).not.toContain("Menus by table");

    const assignments = [...a.memberIds.map((guestId) => ({ guestId, tableId: one })), ...[...b.memberIds, ...c.memberIds].map((guestId) => ({ guestId, tableId: two }))];
    expect((await admin.post("/api/seating/apply", { eventId: dinner.id, assignments })).status).toBe(200);

    const csv = (await admin.get(`/admin/caterer-list.csv?event=${dinner.id}`)).text;
    expect(byTable(csv)).toEqual(["Table 1,Fish,1", "Table 1,Meat,2", "Table 2,Fish,2"]);
    const page = (await admin.get(`/admin/caterer-list?event=${dinner.id}`)).text;
    expect(page).toContain("Menus by table");
    const list = /data-testid="menus-by-table">(.*?)<\/ul>/s.exec(page)![1]!.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "|");
    expect(list).toContain("Table 1|: 1 Fish, 2 Meat");
    expect(list).toContain("Table 2|: 2 Fish");
    expect(byTable((await admin.get(`/admin/caterer-list.csv?event=${dinner.id}&lang=pt`)).text, "Menus por mesa")).toEqual(["Mesa 1,Carne,2", "Mesa 1,Peixe,1", "Mesa 2,Peixe,2"]);

    // The caterer's own link: the same list, live.
    const link = await admin.post("/api/share-links", { list: "caterer", eventId: dinner.id, label: "Caterer" });
    expect(link.status, link.text).toBe(201);
    const path = new URL(link.json.url).pathname;
    const caterer = new Client(server.url);
    expect(byTable((await caterer.get(`${path}.csv`)).text)).toEqual(["Table 1,Fish,1", "Table 1,Meat,2", "Table 2,Fish,2"]);

    // A meat eater at table 1 stops coming and a guest at table 2 changes to meat: the counts follow, nothing else to do.
    await admin.post("/api/rsvps", { partyId: a.id, attending: true, memberAttendance: [{ guestId: a.memberIds[0], attending: false }] });
    expect((await answer(b.id, [[b.memberIds[1]!, meat]])).status).toBe(200);
    expect(byTable((await caterer.get(`${path}.csv`)).text)).toEqual(["Table 1,Fish,1", "Table 1,Meat,1", "Table 2,Fish,1", "Table 2,Meat,1"]);
    expect((await caterer.get(path)).text).toContain("Menus by table");
  });
});
