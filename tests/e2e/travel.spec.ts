// Issue 26 in the browser, JavaScript on and off (the projects), English on
// desktop and Portuguese on the phone (390 px), axe-clean: a party gives its
// arrival on /my-rsvp; the host proposes runs, moves the party to another run
// and saves; the guest sees its pickup; a run manifest prints. On the worker's
// own server (travelTest): the travel settings set here are seen by no other
// spec, and no other spec's points, answers or runs are seen here.
import type { Page } from "@playwright/test";
import { expect, expectToast, travelTest as test } from "./admin-fixtures";
import { expectAccessible, keepPicture } from "./utils";

test.describe.configure({ timeout: 120_000 });

const TEXTS = {
  en: { arrival: "Arrival", date: "Date", time: /^Time/, point: "Arriving at / leaving from", number: /Flight or train number/, transfer: /transfer from the arrival point/, seats: "Seats needed", save: "Save travel details", saved: "Travel details saved", pickup: "Your pickup", airport: "Porto Airport (OPO)" },
  pt: { arrival: "Chegada", date: "Data", time: /^Hora/, point: "Chega a / parte de", number: /Número do voo/, transfer: /transporte do ponto de chegada/, seats: "Lugares necessários", save: "Guardar dados da viagem", saved: "Dados da viagem guardados", pickup: "O seu transporte", airport: "Aeroporto do Porto (OPO)" },
} as const;

async function call(page: Page, method: "post", path: string, data: unknown) {
  const res = await page.request[method](path, { data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

test("getting there: arrival, proposal, a move, the pickup and a manifest", async ({ page, admin, playwright, baseURL }, testInfo) => {
  const phone = (page.viewportSize()?.width ?? 1280) < 500;
  const lang = phone ? "pt" : "en";
  const x = TEXTS[lang];
  await admin.signIn();
  const form = (data: Record<string, string>) => page.request.post("/admin/event/travel", { form: data });
  await form({ intent: "settings", enabled: "on", windowStart: "2026-06-10", windowEnd: "2026-06-16", bufferMinutes: "45", maxWaitMinutes: "120", seats: "8", leadMinutes: "180" });
  await form({ intent: "point-add", name: "Porto Airport (OPO)", namePt: "Aeroporto do Porto (OPO)", kind: "airport", transfer: "on", driveMinutes: "120" });
  const opo = (await (await page.request.get("/api/travel-points")).json())[0].id as string;

  // Two parties coming; the second lands later and answers through the API.
  const make = async (name: string, size: number) => {
    const party = await call(page, "post", "/api/parties", { name, language: lang });
    for (let i = 0; i < size; i++) await call(page, "post", `/api/parties/${party.id}/members`, { firstName: `M${i}`, lastName: name, ageCategory: "adult" });
    await call(page, "post", "/api/rsvps", { partyId: party.id, attending: true });
    return party as { id: string; name: string; authCode: string };
  };
  const ana = await make(admin.unique("Ana Travel"), 2);
  const rui = await make(admin.unique("Rui Travel"), 1);
  const ruiBrowser = await playwright.request.newContext({ baseURL });
  expect((await ruiBrowser.post("/api/party-auth", { data: { authCode: rui.authCode } })).ok()).toBe(true);
  const put = await ruiBrowser.put("/api/my-travel", { data: { arrival: { date: "2026-06-12", time: "16:00", pointId: opo, number: "FR8341" }, departure: null, transfer: { arrival: true, departure: false, seats: 1 } } });
  expect(put.status(), await put.text()).toBe(200);
  await ruiBrowser.dispose();

  // Ana's party gives its arrival on /my-rsvp.
  await page.goto(`/rsvp?code=${encodeURIComponent(ana.authCode)}`);
  await admin.open(`/my-rsvp?lang=${lang}`);
  const arrival = page.getByRole("group", { name: x.arrival, exact: true });
  await arrival.getByLabel(x.date).fill("2026-06-12");
  await arrival.getByLabel(x.time).fill("13:10");
  await arrival.getByLabel(x.point).selectOption(opo);
  await arrival.getByLabel(x.number).fill("TP1234");
  await page.getByLabel(x.transfer).check();
  await page.getByLabel(x.seats).fill("2");
  await page.getByRole("button", { name: x.save }).click();
  await expectToast(page, admin.js, x.saved);
  await expect(page.locator("#travel").getByLabel(x.number).first()).toHaveValue("TP1234");
  await expectAccessible(page);

  // The host proposes (nothing saved), moves Ana's party onto Rui's run and saves.
  await admin.open("/admin/travel");
  await page.getByRole("button", { name: "Propose runs" }).click();
  const proposal = page.getByRole("form", { name: "Proposal" });
  await expect(proposal).toContainText("not saved");
  await expect(page.getByText("No runs saved yet.")).toBeVisible();
  // Issue 36: before saving, the page says whose pickup changes (these parties gave no address: the host tells them).
  await expect(proposal).toContainText("2 parties whose pickup changes have no e-mail address: tell them yourself");
  const select = proposal.getByLabel(`Run for ${ana.name}`);
  const options = await select.locator("option").evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, (o as HTMLOptionElement).selected] as const));
  expect(options.length).toBe(2);
  await select.selectOption(options.find(([, selected]) => !selected)![0]);
  await expectAccessible(page);
  if (phone) await keepPicture(proposal, testInfo.outputPath("admin-travel-proposal-390.png"));
  await proposal.getByRole("button", { name: "Save these runs" }).click();
  await expectToast(page, admin.js, "Runs saved");
  const saved = page.getByRole("list", { name: "Saved runs" }).getByRole("listitem").filter({ hasText: ana.name }).first();
  await expect(saved).toContainText(rui.name);
  await expect(saved).toContainText("(3/8 seats)");
  // Ana lands at 13:10 and now rides at 16:45: beyond the longest wait, which the page says (issue 36).
  await expect(page.getByRole("list", { name: "Warnings" })).toContainText("arrives 2026-06-12 13:10: the arrival run 2026-06-12 16:45 leaves 215 minutes later, beyond the longest wait (120 minutes)");
  if (phone) await keepPicture(page, testInfo.outputPath("admin-travel-390.png"));

  // The guest sees its pickup: the run's time and meeting point.
  await admin.open(`/my-rsvp?lang=${lang}`);
  const pickup = page.getByRole("region", { name: x.pickup });
  await expect(pickup).toContainText(x.airport);
  await expect(pickup).toContainText(lang === "pt" ? /12 de junho, 1[5-7]:\d\d/ : /12 June, 1[5-7]:\d\d/);
  await expectAccessible(page);
  if (phone) await keepPicture(page.locator("#travel"), testInfo.outputPath("my-rsvp-travel-390.png"));

  // A run manifest prints (one page per run).
  await admin.open("/admin/travel/lists?list=manifests");
  await expect(page.getByRole("region", { name: /^Run 2026-06-12/ }).first()).toContainText(ana.name);
  await expect(page.getByText("TP1234").first()).toBeVisible();
  // Issue 27.5: the shuttle lists can be shared with a live link, as the rooming list.
  await expect(page.getByRole("button", { name: "Share a live link" })).toBeVisible();
  await expectAccessible(page);
  if (phone) await keepPicture(page, testInfo.outputPath("travel-lists-390.png"));
  const shared = await page.request.post("/api/share-links", { data: { list: "shuttles", label: "Douro Transfers" } });
  expect(shared.status()).toBe(201);
  const sharedPath = new URL((await shared.json()).url).pathname;
  await page.goto(`${sharedPath}?list=all`); // no JavaScript on a shared list
  await expect(page.getByRole("heading", { name: "All arrivals and departures", level: 1 })).toBeVisible();
  await expect(page.getByText("TP1234").first()).toBeVisible();
  await expectAccessible(page);
  if (phone) await keepPicture(page, testInfo.outputPath("shared-shuttles-390.png"));
  if (phone) {
    // Decision 071: the transport company reads its day sheet in Portuguese.
    await page.goto(`${sharedPath}?list=day&date=2026-06-12&lang=pt`);
    await expect(page.getByRole("heading", { name: "Folha do dia", level: 1 })).toBeVisible();
  }
  if (!phone) {
    const pdf = await page.pdf({ format: "A4" });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  }
});
