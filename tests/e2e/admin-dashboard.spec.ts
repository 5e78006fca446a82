import { expectAccessible } from "./utils";
import { expect, seedTest as test } from "./admin-fixtures";

/*
 * The demo seed (app/models/seed.server.ts), counted by hand:
 * - 8 parties + 3 individual guests = 11 invitations.
 * - RSVPs: Almeida (yes: 2 adults, 1 kid, 1 baby), Müller (yes: 2 adults,
 *   1 kid), Jensens (no), Laura Bianchi (yes: 1 adult) -> 3 confirmed,
 *   1 declined, 11 - 4 = 7 pending.
 * - Attendance 3/4 = 75%; response (11 - 7)/11 = 36.4% -> 36%.
 * - Guests 5 adults + 2 kids + 1 baby = 8: 62.5% -> 63%, 25%, 12.5% -> 13%.
 * - Confirmed rooms: Almeida Vineyard Suite 560 (paid) + Quinta Double 360,
 *   Okafor Pool Villa 1200 -> €2,120 total, €560 paid = 26.4% -> 26%,
 *   1 of 3 rooms paid, no party paid in full (Almeida has an unpaid room).
 */
const EXPECTED: [label: string, value: string, hint?: string][] = [
  ["Total Parties", "11", "8 parties, 3 individual guests"],
  ["Confirmed", "3"],
  ["Pending", "7"],
  ["Declined", "1"],
  ["Attendance Rate", "75%"],
  ["Response Rate", "36%"],
  ["Total Guests", "8"],
  ["Adults", "5", "63% of guests"],
  ["Kids (>2y)", "2", "25% of guests"],
  ["Babies (≤2y)", "1", "13% of guests"],
  ["Total Revenue", "€2,120.00"],
  ["Paid", "€560.00", "26% collected"],
  ["Rooms Paid", "1 / 3"],
  ["Parties Paid in Full", "0"],
];

test("the dashboard shows the seeded celebration's figures", async ({ page, admin }) => {
  await admin.signIn();
  await admin.open("/admin/dashboard");
  for (const [label, value, hint] of EXPECTED) {
    const card = page.locator("[data-slot=stat-card]").filter({ has: page.getByText(label, { exact: true }) });
    await expect(card, label).toHaveCount(1);
    await expect(card.locator("dd > span").first(), label).toHaveText(value);
    if (hint) await expect(card, label).toContainText(hint);
  }
  const recent = page.getByRole("table", { name: "Recent RSVPs" });
  await expect(recent.getByRole("row")).toHaveCount(5); // header + the 4 seeded answers
  for (const name of ["The Almeida Family", "Müller Family", "The Jensens", "Laura Bianchi"]) {
    await expect(recent.getByText(name)).toBeVisible();
  }
  await expectAccessible(page);
});

test("RSVP Tracking lists every invitation, filters by status and exports CSV", async ({ page, admin }) => {
  await admin.signIn();
  await admin.open("/admin/rsvps");
  const table = page.getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(11);
  await expect(page.getByRole("link", { name: /^Attending\s*3$/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: /^Declined\s*1$/ }).click();
  await expect(page).toHaveURL(/status=declined/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText("The Jensens");
  await expect(table).toContainText("So sorry to miss it. Have a wonderful time!");

  await page.getByRole("link", { name: /^Attending\s*3$/ }).click();
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expect(table).toContainText("Tomás: no nuts");
  await expect(table).toContainText("Vegetarian");

  const res = await page.request.get("/admin/rsvps/export?status=attending");
  expect(res.headers()["content-type"]).toContain("text/csv");
  const csv = (await res.text()).replace(/^\uFEFF/, "");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("Name,Type,Status,Guests,Adults,Kids,Babies,Dietary Restrictions,Message,Answered,Email,Phone");
  expect(lines).toHaveLength(4);
  expect(csv).toContain("The Almeida Family,Party,Attending,4,2,1,1,Tomás: no nuts,We can't wait!");
});
