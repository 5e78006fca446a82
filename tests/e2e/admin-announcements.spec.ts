import type { Page } from "@playwright/test";
import { expectAccessible, keepPicture } from "./utils";
import { expect, expectToast, test } from "./admin-fixtures";

/*
 * Issue 23, item 4: the host writes an announcement to ticked rows, previews
 * it in both languages, sends and corrects it; the guest reads it under
 * "News from the host" on /my-rsvp, as text. JavaScript on and off, 390 and
 * 1280 px, axe-clean.
 */

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}

const shot = (page: Page, name: string) =>
  keepPicture(page, `test-results/screens/${name}-${test.info().project.name}.png`);

test("the host sends news to ticked guests, corrects it, and the guest reads it on My RSVP", async ({ page, admin, browser }) => {
  test.slow();
  await admin.signIn();
  const name = admin.unique("Família Nunes");
  const created = await page.request.post("/api/parties", { data: { name, primaryEmail: "nunes@example.pt", language: "pt" } });
  expect(created.status()).toBe(201);
  const party = (await created.json()) as { id: string; authCode: string };
  expect((await page.request.post(`/api/parties/${party.id}/members`, { data: { firstName: "Rui", lastName: "Nunes" } })).status()).toBe(201);
  const subject = admin.unique("Shuttle at 15:00");

  await admin.open("/admin/announcements");
  await expect(page.getByRole("heading", { level: 1, name: "Announcements" })).toBeVisible();
  // The sidebar lists it after Invitations (on a phone, inside the closed menu).
  await expect(page.locator('a[href="/admin/invitations"] ~ a[href="/admin/announcements"], li:has(a[href="/admin/invitations"]) + li a[href="/admin/announcements"]').first()).toBeAttached();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The side-event picker shows only for "Attending a side event" (CSS: with or without JavaScript).
  const eventPicker = page.getByLabel('Side event (for "Attending a side event")');
  await expect(eventPicker).toBeHidden();
  await page.getByRole("radio", { name: "Attending a side event" }).check();
  await expect(eventPicker).toBeVisible();

  // Texts first, then find the party in the list: the search keeps what was typed.
  await page.getByLabel("Subject (English)").fill(subject);
  await page.getByLabel("Text (English)").fill("The shuttle leaves the hotel at 15:00.\nMap: https://example.com/map <b>bring a hat</b>");
  await page.getByLabel("Subject (Portuguese, optional)").fill(`PT ${subject}`);
  await page.getByLabel("Text (Portuguese, optional)").fill("O autocarro sai do hotel às 15:00.\nMapa: https://example.com/map <b>tragam chapéu</b>");
  await page.getByRole("radio", { name: "The rows ticked below" }).check();
  await page.getByLabel("Search").fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("1 matching")).toBeVisible();
  await expect(page.getByLabel("Subject (English)")).toHaveValue(subject);
  await page.getByRole("checkbox", { name: new RegExp(name) }).check();

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("announcement-preview");
  await expect(preview.getByText("1 recipient: 1 by e-mail, 0 without an e-mail")).toBeVisible();
  await expect(preview.getByText(`PT ${subject}`)).toBeVisible();
  await expect(preview.getByText("<b>bring a hat</b>", { exact: false })).toBeVisible();
  // Scrolled mid-page, the phone's sticky top bar lies over whichever radio is under it, and axe counts
  // that as a small target: check the page as it opens.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page);
  await shot(page, "admin-announcements-preview");

  await page.getByRole("button", { name: "Send announcement" }).click();
  await expectToast(page, admin.js, "Announcement sent", "1 recipient; 1 e-mail stored, not sent (SMTP_URL is not set).");
  const sent = page.locator("#sent li").filter({ hasText: subject });
  await expect(sent.getByText(/1 recipient\s*\(1 by e-mail\)/)).toBeVisible();

  // A correction without "Send the correction": the page changes, no new mail.
  await sent.getByRole("link", { name: new RegExp(`Correct`) }).click();
  const correction = page.getByRole("form", { name: `Correct "${subject}"` });
  await correction.getByLabel("Text (Portuguese, optional)").fill("O autocarro sai do hotel às 15:30.\nMapa: https://example.com/map <b>tragam chapéu</b>");
  await correction.getByRole("button", { name: "Save correction" }).click();
  await expectToast(page, admin.js, "Correction saved", "Guests' pages show the new text; no mail was sent.");
  await expectAccessible(page);
  await shot(page, "admin-announcements");
  const mails = (await (await page.request.get("/api/messages?kind=announcement")).json()) as { items?: { subject: string }[] } | { subject: string }[];
  const list = Array.isArray(mails) ? mails : (mails.items ?? []);
  expect(list.filter((m) => m.subject.includes(subject))).toHaveLength(1);

  // The guest, in a browser of their own, reads it in Portuguese, as text, with the link made safe.
  const guestContext = await browser.newContext({ ...test.info().project.use, baseURL: new URL(page.url()).origin });
  const guest = await guestContext.newPage();
  expect((await guest.request.post("/api/party-auth", { data: { authCode: party.authCode } })).status()).toBe(200);
  await guest.goto("/my-rsvp?lang=pt");
  const news = guest.getByRole("region", { name: "Notícias do anfitrião" });
  await expect(news.getByRole("heading", { name: `PT ${subject}` })).toBeVisible();
  await expect(news.getByText(/sai do hotel às 15:30/)).toBeVisible();
  await expect(news.getByText("<b>tragam chapéu</b>", { exact: false })).toBeVisible();
  await expect(news.locator("b")).toHaveCount(0);
  const link = news.getByRole("link", { name: "https://example.com/map" });
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(link).toHaveAttribute("href", "https://example.com/map");
  await expectNoSidewaysScroll(guest);
  await expectAccessible(guest);
  await shot(guest, "my-rsvp-news");

  // Withdrawn: gone from the guest's page.
  await admin.open("/admin/announcements");
  await page.locator("#sent li").filter({ hasText: subject }).getByRole("button", { name: /Withdraw/ }).click();
  await expectToast(page, admin.js, "Withdrawn");
  await guest.goto("/my-rsvp?lang=pt");
  await expect(guest.getByRole("heading", { name: `PT ${subject}` })).toHaveCount(0);
  await guestContext.close();
});
