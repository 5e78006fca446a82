// Issue 40 in the browser, JavaScript on and off, phone and desktop, axe-clean:
// a guest gives to the host's fund from /my-rsvp (a real form), reads the
// bank details, the gift reference and the QR code on the gifts page, and
// sees the gift promised; the host's Gifts page lists it. The fund is closed
// at the end, so no other spec's guest sees it.
import { expect, open, settle, test } from "./guest-fixtures";
import { E2E_ADMIN_PASSWORD, expectAccessible } from "./utils";

test("a guest promises a gift from /my-rsvp and reads how to transfer it", async ({ page, api, js, playwright, baseURL }) => {
  const host = await playwright.request.newContext({ baseURL });
  expect((await host.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
  expect((await host.patch("/api/event-config", { data: { payment: { bankHolder: "Ana Ribeiro", iban: "PT50 0002 0123 1234 5678 9015 4", bic: "CGDIPTPL" } } })).ok()).toBe(true);
  const title = api.unique("Trip to Japan ");
  const fund = await (await host.post("/api/gift-funds", { data: { title, titlePt: `${title} (pt)`, text: "If you wish.", goal: 300_000, showTotal: true, showNames: false } })).json();
  try {
    const party = await api.createParty();
    await api.addMember(party.id, { firstName: "Rita", lastName: "Gomes" });
    await open(page, `/rsvp?code=${party.authCode}`, js);
    await open(page, "/my-rsvp?lang=en", js);
    const card = page.locator("#gifts");
    await expect(card.getByRole("heading", { name: "Gifts", exact: true })).toBeVisible();
    if ((await card.getByLabel("Fund").count()) > 0) await card.getByLabel("Fund").selectOption({ label: title });
    await card.getByLabel("Another amount").check();
    await card.getByLabel("Amount (whole euros)").fill("40");
    await card.getByLabel("Message to the host (optional)").fill("Enjoy Kyoto!");
    await card.getByRole("button", { name: "Promise this gift" }).click();
    await settle(page, js);
    await expect(page).toHaveURL(/\/my-rsvp\/gifts\?gift=/);
    const transfer = page.getByTestId("gift-transfer");
    await expect(transfer).toContainText("€40.00");
    await expect(transfer).toContainText("PT50 0002 0123 1234 5678 9015 4");
    await expect(page.getByTestId("gift-reference")).toHaveText(/^Gift reference: G40-[2-9A-HJ-NP-Z]{4}$/);
    await expect(page.getByTestId("gift-qr")).toBeVisible();
    await expect(page.getByTestId("my-gifts")).toContainText(`€40.00 to ${title} · Promised`);
    await expectAccessible(page);

    // A wrong amount is refused with the reason, nothing promised.
    await page.getByLabel("Another amount").check();
    await page.getByLabel("Amount (whole euros)").fill("0");
    await page.getByRole("button", { name: "Promise this gift" }).click();
    await settle(page, js);
    await expect(page.getByText("Give a whole number of euros, at least 1")).toBeVisible();
    await expect(page.getByTestId("my-gifts").getByRole("listitem")).toHaveCount(1);

    // The host's page lists the gift and its message.
    const gifts = await (await host.get(`/api/gifts?fundId=${fund.id}`)).json();
    expect(gifts).toEqual([expect.objectContaining({ amount: 4_000, message: "Enjoy Kyoto!", status: "promised" })]);
  } finally {
    await host.delete(`/api/gift-funds/${fund.id}`);
    await host.dispose();
  }
});

test("the host's Gifts page is accessible", async ({ page, playwright, baseURL, js }) => {
  const host = await playwright.request.newContext({ baseURL });
  expect((await host.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
  const state = await host.storageState();
  await page.context().addCookies(state.cookies);
  await open(page, "/admin/gifts", js);
  await expect(page.getByRole("heading", { name: "Gifts", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add a fund" })).toBeVisible();
  await expectAccessible(page);
  await host.dispose();
});
