// Decision 076 in the browser, JavaScript on and off, axe-clean: a long
// statement sent by the import page shows "Importing: N of M lines", the page
// reloading itself (a meta refresh) until the report shows there.
import type { Browser, Page } from "@playwright/test";
import { expect, importProgressTest as test } from "./admin-fixtures";
import { expectAccessible, keepPicture } from "./utils";

test.describe.configure({ timeout: 180_000 });

const ENTRIES = 20_000;

/** A CAMT.053 of ENTRIES credits (no column mapping to ask), unique to this run. */
function camt(tag: string) {
  const entries: string[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    entries.push(
      `<Ntry><Amt Ccy="EUR">${(i % 900) + 10}.${String(i % 100).padStart(2, "0")}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-04-${String(1 + (i % 28)).padStart(2, "0")}</Dt></BookgDt>` +
        `<AcctSvcrRef>P-${tag}-${i}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Payer ${tag} ${i}</Nm></Dbtr></RltdPties></TxDtls></NtryDtls></Ntry>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>${entries.join("\n")}</Stmt></BkToCstmrStmt></Document>`;
}

/**
 * axe and a picture of the progress page, opened beside it as the server
 * wrote it without its refresh and scripts (the reload would cut axe's run
 * short, and hydration would put the refresh back; axe itself needs
 * JavaScript, as in expectAccessible's twin page).
 */
async function progressPageAccessible(browser: Browser, page: Page, url: string, picture: string) {
  const context = await browser.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState(), viewport: page.viewportSize() });
  const still = await context.newPage();
  await still.route(/\/admin\/payments\/import\?import=/, async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(/<meta http-equiv="refresh"[^>]*>/, "").replace(/<script\b[\s\S]*?<\/script>/gi, "");
    await route.fulfill({ response: res, body: html });
  });
  await still.goto(url);
  await expect(still.locator("#import-progress").getByRole("status")).toContainText("Importing:");
  await expectAccessible(still);
  await keepPicture(still, picture);
  await context.close();
}

test("a long statement: its progress on the page, then its report", async ({ page, admin, browser }, testInfo) => {
  await admin.signIn();
  const tag = admin.unique("x").split(" ")[1]!;
  await admin.open("/admin/payments/import");
  await page.getByLabel("Statement file").setInputFiles({ name: `long-${tag}.xml`, mimeType: "application/xml", buffer: Buffer.from(camt(tag)) });
  await page.getByRole("button", { name: "Import", exact: true }).click();

  const progress = page.locator("#import-progress");
  await expect(progress.getByRole("status")).toContainText(/Importing: [\d,]+ of 20,000 lines/);
  await expect(page).toHaveURL(/\/admin\/payments\/import\?import=/);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "2");
  // The page stops reloading while axe runs beside it (its reloads held the loaded machine's browser), then comes back to the import.
  const url = page.url();
  await page.goto("about:blank");
  await progressPageAccessible(browser, page, url, testInfo.outputPath("bank-import-progress.png"));
  await admin.open(url);

  const report = page.locator("#import-report");
  await expect(report.getByRole("heading", { name: "Statement imported" })).toBeVisible({ timeout: 150_000 });
  await expect(report.locator('[data-figure="read"]')).toHaveText("20000");
  await expect(report.locator('[data-figure="new"]')).toHaveText("20000");
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await expectAccessible(page);
});
