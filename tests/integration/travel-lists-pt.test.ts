import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { makeParty, signedIn } from "./api-fixtures";

/*
 * Decision 071: the shuttle lists (run manifests, a day sheet, all arrivals
 * and departures) for a Portuguese transport company. `?lang=pt` on the
 * admin's page, its CSV and a live link prints headings, columns, direction
 * words, dates (pt-PT) and the points' Portuguese names; English stays the
 * default and an unknown value falls back to it; no host-only field shows.
 */

const formHeaders = { "content-type": "application/x-www-form-urlencoded" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
const lines = (csv: string) => csv.replace(/^\uFEFF/, "").split("\r\n");
/** What a reader sees of a page: its h1, h2, column headings and table captions. */
const headings = (html: string) => [...decode(html).matchAll(/<(h1|h2|th|caption)[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]!.replace(/<[^>]+>/g, "").trim());

let server: TestServer;
let admin: Client;
let party: Awaited<ReturnType<typeof makeParty>>;
const MARKERS = ["HOSTNOTE-party-7731", "HOSTNOTE-guest-7732"];

/** Every English heading, column name and direction word the lists print. */
const ENGLISH = ["Run manifests", "Day sheet", "All arrivals and departures", "Party", "Names", "People", "Flight / train", "Arrives", "Departs", "Phone", "Day", "Time", "Way", "Point", "Transfer"];

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  const settings = { intent: "settings", enabled: "on", windowStart: "2026-06-10", windowEnd: "2026-06-16", bufferMinutes: "45", maxWaitMinutes: "120", seats: "8", leadMinutes: "180" };
  expect((await admin.post("/admin/event/travel", form(settings), formHeaders)).status).toBe(302);
  // One point with its Portuguese name, one without (it keeps its only name).
  for (const p of <Record<string, string>[]>[
    { name: "Porto Airport (OPO)", namePt: "Aeroporto do Porto (OPO)", kind: "airport", transfer: "on", driveMinutes: "120" },
    { name: "Campanha Station", kind: "station", transfer: "on", driveMinutes: "110" },
  ]) {
    expect((await admin.post("/admin/event/travel", form({ intent: "point-add", ...p }), formHeaders)).status).toBe(302);
  }
  const [opo, station] = ((await admin.get("/api/travel-points")).json as { id: string }[]).map((p) => p.id);

  party = await makeParty(admin, ["adult", "adult"], { name: "Família Douro", notes: MARKERS[0] });
  expect((await admin.patch(`/api/guests/${party.memberIds[0]}`, { notes: MARKERS[1] })).status).toBe(200);
  const guest = await signedIn(server, party.authCode);
  expect((await guest.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBeLessThan(300);
  const answer = {
    arrival: { date: "2026-06-13", time: "10:00", pointId: opo, number: "LH1170" },
    departure: { date: "2026-06-14", time: "18:00", pointId: station, number: "AP133" },
    transfer: { arrival: true, departure: true, seats: 2 },
  };
  expect((await guest.request("PUT", "/api/my-travel", answer)).status).toBe(200);
  const run = (over: Record<string, unknown>) => admin.post("/api/shuttle-runs", { seats: 8, driverPhone: null, note: null, locked: false, partyIds: [party.id], ...over });
  expect((await run({ direction: "arrival", date: "2026-06-13", time: "11:00", fromPointId: opo, toPointId: null, vehicle: "Carrinha 1", note: "=1+2" })).status).toBe(201);
  expect((await run({ direction: "departure", date: "2026-06-14", time: "15:30", fromPointId: null, toPointId: station, vehicle: "Carrinha 2" })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

describe("the shuttle lists in Portuguese (?lang=pt)", () => {
  it("the manifests, a day sheet and all movements: Portuguese headings, columns, words, dates and point names, no English heading, nothing kept in a cookie", async () => {
    const manifests = await admin.get("/admin/travel/lists?list=manifests&lang=pt");
    expect(manifests.status).toBe(200);
    expect(manifests.headers.getSetCookie().some((c) => c.startsWith("lang="))).toBe(false);
    const m = decode(manifests.text);
    expect(headings(manifests.text)).toEqual(
      expect.arrayContaining(["Listas de passageiros por viagem", "13/06/2026 11:00 · Aeroporto do Porto (OPO) → Local do evento", "14/06/2026 15:30 · Local do evento → Campanha Station", "Grupo", "Nomes", "Pessoas", "Voo / comboio", "Hora de chegada", "Hora de partida", "Telefone"]),
    );
    for (const english of ENGLISH) expect(headings(manifests.text), english).not.toContain(english);
    expect(m).not.toContain("Porto Airport");
    expect(m).toContain("2/8 lugares · Carrinha 1");
    expect(m).toContain('<div lang="pt">');
    // The other lists, the CSV and the other language keep the choice in their addresses.
    for (const href of ["/admin/travel/lists?list=day&date=2026-06-13&lang=pt", "/admin/travel/lists?list=all&lang=pt", "/admin/travel/lists.csv?list=manifests&lang=pt", "/admin/travel/lists?list=manifests"]) {
      expect(m, href).toContain(`href="${href}"`);
    }
    expect(m).toContain(">Folha do dia 13/06/2026</a>");

    const day = await admin.get("/admin/travel/lists?list=day&date=2026-06-13&lang=pt");
    expect(headings(day.text)).toContain("Folha do dia");
    expect(decode(day.text)).toContain("Viagens de sábado, 13 de junho de 2026");
    expect(headings(day.text)).toContain("13/06/2026 11:00 · Aeroporto do Porto (OPO) → Local do evento");
    expect(headings(day.text).some((h) => h.startsWith("14/06/2026"))).toBe(false); // another day's run
    for (const english of ENGLISH) expect(headings(day.text), english).not.toContain(english);

    const all = await admin.get("/admin/travel/lists?list=all&lang=pt");
    const a = decode(all.text);
    expect(headings(all.text)).toEqual(expect.arrayContaining(["Todas as chegadas e partidas", "Dia", "Hora", "Sentido", "Local", "Transporte"]));
    for (const english of ENGLISH) expect(headings(all.text), english).not.toContain(english);
    for (const shown of ["13/06/2026", "14/06/2026", ">Chegada<", ">Partida<", ">sim<", "Aeroporto do Porto (OPO)"]) expect(a, shown).toContain(shown);
  });

  it("the CSV: Portuguese headers, words, dates and names, a Portuguese file name, the same CSV rules", async () => {
    const day = await admin.get("/admin/travel/lists.csv?list=day&date=2026-06-13&lang=pt");
    expect(day.status).toBe(200);
    expect(day.headers.get("content-type")).toContain("text/csv");
    expect(day.headers.get("content-disposition")).toContain("folha-do-dia-2026-06-13.csv");
    const [header, row] = lines(day.text);
    expect(header).toBe("Data da viagem,Hora da viagem,De,Para,Lugares,Viatura,Telefone do motorista,Nota,Grupo,Nomes,Pessoas,Voo ou comboio,Hora de chegada ou partida,Telefone");
    expect(row).toMatch(/^13\/06\/2026,11:00,Aeroporto do Porto \(OPO\),Local do evento,8,Carrinha 1,,'=1\+2,Família Douro,/);
    expect(lines(day.text)).toHaveLength(3); // header, one row, the closing line break

    const all = await admin.get("/admin/travel/lists.csv?list=all&sep=semicolon&lang=pt");
    expect(all.headers.get("content-disposition")).toContain("chegadas-e-partidas.csv");
    const [allHeader, ...rows] = lines(all.text);
    expect(allHeader).toBe("Data;Hora;Sentido;Grupo;Nomes;Pessoas;Local;Voo ou comboio;Transporte;Telefone");
    expect(rows[0]).toMatch(/^13\/06\/2026;10:00;chegada;Família Douro;.*;2;Aeroporto do Porto \(OPO\);LH1170;sim;/);
    expect(rows[1]).toMatch(/^14\/06\/2026;18:00;partida;Família Douro;.*;2;Campanha Station;AP133;sim;/);

    const manifests = await admin.get("/admin/travel/lists.csv?list=manifests&lang=pt");
    expect(manifests.headers.get("content-disposition")).toContain("listas-de-passageiros.csv");
    expect(lines(manifests.text)[0]).toContain("Data da viagem");
  });

  it("English stays the default; an unknown language falls back to English, as on the guest pages", async () => {
    const english = (await admin.get("/admin/travel/lists.csv?list=all")).text;
    expect(lines(english)[0]).toBe("Date,Time,Direction,Party,Names,People,Point,Flight or train,Transfer,Phone");
    expect(lines(english)[1]).toMatch(/^2026-06-13,10:00,arrival,Família Douro,.*,Porto Airport \(OPO\),LH1170,yes,/);
    expect((await admin.get("/admin/travel/lists.csv?list=all&lang=pt")).text).not.toBe(english);
    for (const lang of ["fr", "PT", "", "pt-PT"]) {
      const csv = await admin.get(`/admin/travel/lists.csv?list=all&lang=${encodeURIComponent(lang)}`);
      expect(csv.status, lang).toBe(200);
      expect(csv.text, lang).toBe(english);
      const page = await admin.get(`/admin/travel/lists?list=manifests&lang=${encodeURIComponent(lang)}`);
      expect(page.status, lang).toBe(200);
      expect(headings(page.text), lang).toContain("Run manifests");
      expect(decode(page.text), lang).toContain("Porto Airport (OPO)");
    }
  });

  it("a live link offers the same choice: Portuguese page and CSV (the admin's byte for byte), linking only to itself; no host-only field in either language", async () => {
    const made = await admin.post("/api/share-links", { list: "shuttles", label: "Transportes Douro" });
    expect(made.status).toBe(201);
    const path = new URL(made.json.url).pathname;
    const supplier = new Client(server.url);

    const page = await supplier.get(`${path}?list=day&date=2026-06-13&lang=pt`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.headers.getSetCookie().some((c) => c.startsWith("lang="))).toBe(false);
    const html = decode(page.text);
    expect(headings(page.text)).toEqual(expect.arrayContaining(["Folha do dia", "13/06/2026 11:00 · Aeroporto do Porto (OPO) → Local do evento", "Hora de chegada"]));
    for (const english of ENGLISH) expect(headings(page.text), english).not.toContain(english);
    expect(html).toContain("Viagens de sábado, 13 de junho de 2026");
    expect(html).toContain("Partilhado com Transportes Douro. Sempre atual");
    expect(html).toContain('<main lang="pt"');
    expect(html).toContain("Exportar CSV");
    const hrefs = [...page.text.matchAll(/<a [^>]*href="([^"]+)"/g)].map((h) => decode(h[1]!));
    expect(hrefs.every((h) => h.startsWith(path)), hrefs.join(" ")).toBe(true);
    expect(hrefs).toEqual(expect.arrayContaining([`${path}.csv?list=day&date=2026-06-13&lang=pt`, `${path}?list=all&lang=pt`, `${path}?list=day&date=2026-06-13`]));

    // Its English page offers Portuguese.
    const english = decode((await supplier.get(path)).text);
    expect(english).toContain(`href="${path}?list=manifests&lang=pt"`);
    expect(english).toContain(">Português</a>");

    for (const q of ["?list=manifests&lang=pt", "?list=day&date=2026-06-13&lang=pt", "?list=all&lang=pt"]) {
      const csv = await supplier.get(`${path}.csv${q}`);
      expect(csv.status, q).toBe(200);
      expect(csv.text, q).toBe((await admin.get(`/admin/travel/lists.csv${q}`)).text);
    }

    // Host-only fields (notes), the invitation code and ids: never on a list, in either language.
    for (const q of ["", "?lang=pt", "?list=day&date=2026-06-13&lang=pt", "?list=all&lang=pt", "?list=all"]) {
      for (const address of [`${path}${q}`, `${path}.csv${q}`, `/admin/travel/lists${q}`, `/admin/travel/lists.csv${q}`]) {
        // (The admin's page carries the parties' ids in its data, for the browser: only the supplier's are id-free.)
        const hosts = address.startsWith("/admin");
        const text = (await (hosts ? admin : supplier).get(address)).text;
        for (const secret of [...MARKERS, party.authCode, ...(hosts ? [] : [party.id])]) expect(text, `${address}: ${secret}`).not.toContain(secret);
      }
    }
  });
});
