import type { Page } from "@playwright/test";
import { expectAccessible } from "./utils";
import { dialogOrSection, expect, expectToast, test } from "./admin-fixtures";

/* Issue 13: the Invitations page, the WhatsApp action and the printed cards, with JavaScript on and off, at 390 and 1280 px. */

async function newParty(page: Page, data: Record<string, unknown>) {
  const res = await page.request.post("/api/parties", { data });
  expect(res.status()).toBe(201);
  const party = (await res.json()) as { id: string; authCode: string; name: string };
  const m = await page.request.post(`/api/parties/${party.id}/members`, { data: { firstName: "Ana", lastName: "Test", ageCategory: "adult" } });
  expect(m.status()).toBe(201);
  return party;
}

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}

const partyRead = async (page: Page, id: string) => (await (await page.request.get(`/api/parties/${id}`)).json()) as Record<string, unknown>;

test("the host sends an invitation by e-mail from the Invitations page, finds it in Messages", async ({ page, admin }) => {
  test.slow();
  await admin.signIn();
  const name = admin.unique("Família Sousa");
  // One address per invitation (issue 22): each project its own.
  const email = `sousa.${admin.phoneDigits()}@example.pt`;
  const party = await newParty(page, { name, primaryEmail: email, language: "pt" });

  await admin.open(`/admin/invitations?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Invitations" })).toBeVisible();
  await expect(page.getByText("E-mail is not set up")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Português")).toBeVisible();
  await expect(row.getByText("Not invited")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Nothing checked: a message, nothing sent.
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Select at least one party or guest.").first()).toBeVisible();

  await row.getByRole("checkbox", { name: `Select ${name}` }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expectToast(page, admin.js, "Invitation e-mails", "1 invitation stored, not sent (SMTP_URL is not set).");
  await expect(page.getByRole("row").filter({ hasText: name }).getByText(/Invited by e-mail on/)).toBeVisible();
  expect(await partyRead(page, party.id)).toMatchObject({ invitedVia: "email" });

  // The filter "Not invited" no longer lists it; "Invited, not opened" does.
  await page.getByLabel("Show").selectOption("not-invited");
  if (!admin.js) await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/filter=not-invited/);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await page.getByLabel("Show").selectOption("not-opened");
  if (!admin.js) await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/filter=not-opened/);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);

  await page.getByRole("link", { name: "Messages" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  const message = page.getByRole("row").filter({ hasText: email }).first();
  await expect(message.getByText("Stored")).toBeVisible();
  await expect(message.getByText("invitation")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await message.getByRole("link", { name: /convidado/ }).click();
  const open = dialogOrSection(page, admin.js, "Está convidado(a): Celebração do 40.º Aniversário");
  await expect(open.getByText(`Caro(a) ${name},`)).toBeVisible();
  await expect(open.getByText(/rsvp\?code=/)).toBeVisible();
  await expectAccessible(page);
});

test("the WhatsApp action records the invitation and opens wa.me with the text", async ({ page, admin, context }) => {
  await admin.signIn();
  const name = admin.unique("The Reis Family");
  const phone = `+3519${admin.phoneDigits()}`;
  const party = await newParty(page, { name, primaryPhone: phone });
  // wa.me is not reachable here: answer it locally and look at the address the browser was sent to.
  await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }));
  await context.route("https://api.whatsapp.com/**", (route) => route.fulfill({ status: 200, body: "" }));

  await admin.open(`/admin/invitations?q=${encodeURIComponent(name)}`);
  // The form opens a new tab; the action answers 303 to wa.me (not reachable from here: the address is what counts).
  const answer = context.waitForEvent("response", (r) => new URL(r.url()).pathname === "/admin/invitations/whatsapp");
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: `Invite ${name} on WhatsApp` }).click();
  const response = await answer;
  expect(response.status()).toBe(303);
  const url = new URL(response.headers()["location"]!);
  expect(url.host).toBe("wa.me");
  expect(url.pathname).toBe(`/${phone.slice(1)}`);
  expect(url.searchParams.get("text")).toContain(`Hello ${name}! You are invited to 40th Birthday Celebration`);
  expect(url.searchParams.get("text")).toContain(`/rsvp?code=${party.authCode}`);
  await (await popup).close();

  expect(await partyRead(page, party.id)).toMatchObject({ invitedVia: "whatsapp" });
  await admin.open(`/admin/invitations?q=${encodeURIComponent(name)}`);
  await expect(page.getByText(/Invited by WhatsApp on/)).toBeVisible();
  // Invited: the row's WhatsApp action is now a reminder.
  await expect(page.getByRole("button", { name: `Remind ${name} on WhatsApp` })).toBeVisible();
});

test("printed cards: the chosen invitees' cards with QR codes, four to an A4 page, then marked as invited", async ({ page, admin }, testInfo) => {
  await admin.signIn();
  const name = admin.unique("The Lopes Family");
  const party = await newParty(page, { name });
  const other = await newParty(page, { name: admin.unique("The Matos Family") });

  await admin.open(`/admin/invitations?q=${encodeURIComponent(name)}`);
  await page.getByRole("checkbox", { name: `Select ${name}` }).check();
  await page.getByRole("button", { name: "Print cards" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/invitations/print\\?ids=${party.id}`));
  await expect(page.getByRole("heading", { level: 1, name: "Invitation cards" })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(card.getByRole("img", { name: `QR code of the invitation link for ${name}` })).toBeVisible();
  await expect(card.getByText(party.authCode)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  if (admin.js && testInfo.project.name === "desktop-js") {
    // What the printer gets: A4 pages, four cards each (two parties chosen: one page).
    await page.goto(`/admin/invitations/print?ids=${party.id},${other.id}`);
    await expect(page.getByRole("article")).toHaveCount(2);
    const pdf = await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1").match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await page.goto(`/admin/invitations/print?ids=${party.id}`);
  }

  await page.getByRole("button", { name: "Mark as invited (print)" }).click();
  await expectToast(page, admin.js, "Marked as invited", "1 marked as invited by printed card.");
  expect(await partyRead(page, party.id)).toMatchObject({ invitedVia: "print" });
  expect(await partyRead(page, other.id)).toMatchObject({ invitedVia: null });
});
