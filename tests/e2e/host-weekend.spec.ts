// Issue 36 in the browser, JavaScript on and off (the projects): what a host
// met running the weekend. On the worker's own server (admin fixtures).
import { dialogOrSection, expect, expectToast, test } from "./admin-fixtures";
import { pagesWithText } from "./pdf";

test.describe.configure({ timeout: 90_000 });

test("Add point empties after saving: a second click adds no duplicate (36.3)", async ({ page, admin }) => {
  await admin.signIn();
  await admin.open("/admin/event#travel");
  const name = admin.unique("Tua Station");
  const form = page.getByRole("form", { name: "New travel point" });
  await form.getByLabel("Name (English)").fill(name);
  await form.getByLabel("Name (Portuguese, optional)").fill(`Estação ${name}`);
  await form.getByLabel("Driving time to the venue (minutes)").fill("35");
  await form.getByRole("button", { name: "Add point" }).click();
  await expectToast(page, admin.js, "Travel point saved");
  await expect(page.getByRole("form", { name: `Travel point ${name}` })).toBeVisible();
  const fresh = page.getByRole("form", { name: "New travel point" });
  await expect(fresh.getByLabel("Name (English)")).toHaveValue("");
  await expect(fresh.getByLabel("Name (Portuguese, optional)")).toHaveValue("");
  await expect(fresh.getByLabel("Driving time to the venue (minutes)")).toHaveValue("0");
  // The second click: the empty required name stops it; nothing is added twice.
  await fresh.getByRole("button", { name: "Add point" }).click();
  await page.waitForTimeout(500);
  const points = (await (await page.request.get("/api/travel-points")).json()) as Array<{ name: string }>;
  expect(points.filter((p) => p.name === name)).toHaveLength(1);
});

test("a party's ledger forms empty after a payment and a charge are saved (36.3)", async ({ page, admin }) => {
  await admin.signIn();
  const party = await (await page.request.post("/api/parties", { data: { name: admin.unique("Ledger Clear") } })).json();
  expect((await page.request.post(`/api/parties/${party.id}/charges`, { data: { label: "Dinner", amount: 9000 } })).status()).toBe(201);
  await admin.open(`/admin/payments?party=${party.id}`);
  const pay = page.getByRole("form", { name: "Record a payment" });
  await pay.getByLabel("Amount (€)").fill("120,00");
  await pay.getByLabel("Note").fill("Deposit");
  await pay.getByRole("button", { name: "Record payment" }).click();
  await expectToast(page, admin.js, "Success");
  await expect(page.getByRole("form", { name: "Record a payment" }).getByLabel("Amount (€)")).toHaveValue("");
  await expect(page.getByRole("form", { name: "Record a payment" }).getByLabel("Note")).toHaveValue("");
  const charge = page.getByRole("form", { name: "Add a charge or discount" });
  await charge.getByLabel("Label").fill("Boat trip");
  await charge.getByLabel(/^Amount/).fill("70,00");
  await charge.getByRole("button", { name: "Add charge" }).click();
  await expect(page.getByRole("form", { name: "Add a charge or discount" }).getByLabel("Label")).toHaveValue("");
  const ledger = await (await page.request.get(`/api/parties/${party.id}/ledger`)).json();
  expect(ledger.payments).toHaveLength(1);
  expect(ledger.charges).toHaveLength(2);
});

test("a sent announcement empties the compose form (36.3)", async ({ page, admin }) => {
  await admin.signIn();
  await admin.open("/admin/announcements");
  const subject = admin.unique("Weather");
  await page.getByLabel("Subject (English)").fill(subject);
  await page.getByLabel("Text (English)").fill("Bring a jumper.\n\nThe evenings are cool.");
  await page.getByRole("radio", { name: "Declined", exact: true }).check();
  await page.getByRole("button", { name: "Send announcement" }).click();
  await expectToast(page, admin.js, "Announcement sent");
  await expect(page.getByLabel("Subject (English)")).toHaveValue("");
  await expect(page.getByLabel("Text (English)")).toHaveValue("");
});


test("printed lists end where their content ends: no blank last page (36.6)", async ({ page, admin, browserName }, testInfo) => {
  test.skip(browserName !== "chromium" || testInfo.project.name !== "desktop-js", "page.pdf() once, in Chromium");
  await admin.signIn();
  const form = (data: Record<string, string>) => page.request.post("/admin/event/travel", { form: data });
  await form({ intent: "settings", enabled: "on", windowStart: "2026-06-10", windowEnd: "2026-06-16", bufferMinutes: "45", maxWaitMinutes: "120", seats: "8", leadMinutes: "180" });
  const point = await (await page.request.post("/api/travel-points", { data: { name: admin.unique("Régua Station"), kind: "station", transfer: true, driveMinutes: 30 } })).json();
  const runs = (await (await page.request.get("/api/shuttle-runs")).json()) as unknown[];
  for (const time of ["11:00", "15:30"]) {
    const res = await page.request.post("/api/shuttle-runs", {
      data: { date: "2026-06-12", time, fromPointId: point.id, toPointId: null, direction: "arrival", seats: 8, vehicle: null, driverPhone: null, note: null, locked: false, partyIds: [] },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  // One manifest a page at least, and no page without text (the blank last page).
  await admin.open("/admin/travel/lists?list=manifests");
  await expect(page.locator("section.manifest")).toHaveCount(runs.length + 2);
  const manifests = pagesWithText(await page.pdf({ format: "A4" }));
  expect(manifests.length).toBeGreaterThanOrEqual(runs.length + 2);
  expect(manifests).not.toContain(false);
  for (const path of ["/admin/travel/lists?list=day&date=2026-06-12", "/admin/travel/lists?list=all", "/admin/rooming-list", "/admin/caterer-list?event=main"]) {
    await admin.open(path);
    const pages = pagesWithText(await page.pdf({ format: "A4" }));
    expect(pages.length, path).toBeGreaterThan(0);
    expect(pages, path).not.toContain(false);
  }
});

test("Add Question takes more than three choices at once (36.11)", async ({ page, admin }) => {
  await admin.signIn();
  await admin.open("/admin/questions?new=1");
  const dialog = dialogOrSection(page, admin.js, "Add Question");
  const text = admin.unique("Dinner menu");
  await dialog.getByLabel("Question", { exact: true }).fill(text);
  const labels = ["Meat", "Fish", "Vegetarian", "Vegan", "Children's menu"];
  await dialog.getByText("More choices").click();
  for (const [i, label] of labels.entries()) await dialog.getByLabel(`New choice ${i + 1}`, { exact: true }).fill(label);
  await dialog.getByRole("button", { name: "Create Question" }).click();
  await expectToast(page, admin.js, "Question saved");
  const questions = (await (await page.request.get("/api/questions")).json()) as Array<{ text: string; choices: Array<{ label: string }> }>;
  expect(questions.find((q) => q.text === text)?.choices.map((c) => c.label)).toEqual(labels);
});
