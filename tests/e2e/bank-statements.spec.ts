// Issue 25 item 4 in the browser, JavaScript on and off, phone and desktop,
// axe-clean: the host imports a CSV of a layout never seen (picking the
// columns from the preview), reads the report, then in the review queue
// accepts the proposal (a booking) and ignores the unmatched transfer.
import type { Page } from "@playwright/test";
import { expect, expectToast, test } from "./admin-fixtures";
import { expectAccessible, keepPicture } from "./utils";

async function api<T>(page: Page, method: "post" | "get", path: string, data?: unknown): Promise<T> {
  const res = method === "get" ? await page.request.get(path) : await page.request.post(path, { data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test("import a bank statement with a new column layout, then book one and ignore one in review", async ({ page, admin }, testInfo) => {
  await admin.signIn();
  const tag = admin.unique("x").split(" ")[1]!; // unique per test and project
  const name = `Bank Party ${tag}`;
  const party = await api<{ id: string }>(page, "post", "/api/parties", { name });
  await api(page, "post", `/api/parties/${party.id}/members`, { firstName: "Rosa", lastName: `Quintas${tag}` });
  await api(page, "post", `/api/parties/${party.id}/charges`, { label: "Stay", amount: 30_000 });
  const { reference } = await api<{ reference: string }>(page, "get", `/api/parties/${party.id}/ledger`);
  // A layout no other run has seen (its last header is unique): the page asks for the columns.
  const csv = [
    `Booking day;Money;Sender;Purpose;Memo ${tag}`,
    `03.03.2026;120,00;Someone ${tag};Quarto ${reference};a`,
    `04.03.2026;180,00;ROSA QUINTAS${tag.toUpperCase()};Obrigado;b`,
    `05.03.2026;15,00;Stranger ${tag};Unknown;c`,
    `05.03.2026;-9,99;Shop ${tag};Card;d`,
  ].join("\r\n");

  await admin.open("/admin/payments");
  await page.getByRole("link", { name: "Import bank statement" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import Bank Statement" })).toBeVisible();
  if (admin.js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Statement file").setInputFiles({ name: `statement-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import", exact: true }).click();

  const mapping = page.locator("#column-mapping");
  await expect(mapping.getByRole("heading", { name: "Which column is which?" })).toBeVisible();
  await expect(mapping.getByRole("table", { name: "The first rows of the file" })).toContainText(`Quarto ${reference}`);
  await mapping.getByLabel("Date", { exact: true }).selectOption("Booking day");
  await mapping.getByLabel("Amount", { exact: true }).selectOption("Money");
  await mapping.getByLabel("Payer", { exact: true }).selectOption("Sender");
  await mapping.getByLabel("Reference or description").selectOption("Purpose");
  await expectAccessible(page);
  await keepPicture(page, testInfo.outputPath("bank-import-mapping.png"));
  await mapping.getByRole("button", { name: "Import with these columns" }).click();

  const report = page.locator("#import-report");
  await expect(report.getByRole("heading", { name: "Statement imported" })).toBeVisible();
  const figures = { read: "4", new: "4", duplicates: "0", booked: "1", proposed: "1", unmatched: "1", ignored: "1" };
  for (const [key, value] of Object.entries(figures)) await expect(report.locator(`[data-figure="${key}"]`), key).toHaveText(value);
  await expectAccessible(page);
  await keepPicture(page, testInfo.outputPath("bank-import-report.png"));

  await report.getByRole("link", { name: /Review \d+ transactions?/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review Bank Transactions" })).toBeVisible();
  if (admin.js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await keepPicture(page, testInfo.outputPath("bank-review-queue.png"));
  await page.getByRole("row").filter({ hasText: `ROSA QUINTAS${tag.toUpperCase()}` }).getByRole("button", { name: `Accept: ${name}` }).click();
  await expectToast(page, admin.js, "Success", `€180.00 booked to ${name}`);

  const stranger = page.getByRole("row").filter({ hasText: `Stranger ${tag}` });
  await stranger.getByLabel("Reason to ignore").fill("Not for the party");
  await stranger.getByRole("button", { name: "Ignore" }).click();
  await expectToast(page, admin.js, "Success", "Transaction ignored");
  await expect(page.getByRole("table", { name: "Ignored transactions" }).getByRole("row").filter({ hasText: `Stranger ${tag}` })).toContainText("Not for the party");
  await expect(page.getByRole("table", { name: "Booked transactions" }).getByRole("row").filter({ hasText: `ROSA QUINTAS${tag.toUpperCase()}` })).toContainText(`${name}: €180.00`);

  expect(await api(page, "get", `/api/parties/${party.id}/ledger`)).toMatchObject({ due: 30_000, paid: 30_000, balance: 0, status: "Paid in Full" });
  await expectAccessible(page);
  await keepPicture(page, testInfo.outputPath("bank-review.png"));
});
