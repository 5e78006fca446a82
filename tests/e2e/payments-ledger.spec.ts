// Issue 25 in the browser, JavaScript on and off, phone and desktop, axe-clean:
// the host records a payment on Payment Status; the guest reads its balance
// and the SEPA QR code on /my-rsvp. On the worker's own server (the IBAN set
// here is seen by no other spec's server).
import type { Page } from "@playwright/test";
import { expect, expectToast, test } from "./admin-fixtures";
import { expectAccessible, keepPicture } from "./utils";

async function api<T>(page: Page, method: "post" | "patch", path: string, data: unknown): Promise<T> {
  const res = await page.request[method](path, { data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function partyWithRoom(page: Page, name: string, pricePerNight: number) {
  const party = await api<{ id: string; authCode: string }>(page, "post", "/api/parties", { name });
  const room = await api<{ id: string }>(page, "post", "/api/room-types", {
    name: `${name} Suite`, location: "Garden Wing", category: "Suite", areaSqM: 40, areaSqFt: 431, maxOccupancyAdults: 2, totalUnits: 2, pricePerNight,
  });
  await api(page, "post", "/api/room-assignments", { partyId: party.id, roomTypeId: room.id, quantity: 1, confirmationStatus: "confirmed", paymentDeadline: "2026-04-30" });
  return party;
}

test("Payment Status: the host records a payment and the party's ledger follows", async ({ page, admin }, testInfo) => {
  await admin.signIn();
  const name = admin.unique("Ledger Party");
  const party = await partyWithRoom(page, name, 560);
  await admin.open(`/admin/payments?party=${party.id}`);
  const ledger = page.locator(`#ledger-${party.id}`);
  await expect(ledger).toContainText("due €560.00 · paid €0.00 · balance €560.00");

  const form = page.getByRole("form", { name: "Record a payment" });
  await form.getByLabel("Amount (€)").fill("240,00");
  await form.getByLabel("Date").fill("2026-03-03");
  await form.getByLabel("Method").selectOption("mbway");
  await form.getByLabel("Note").fill("First half");
  await form.getByRole("button", { name: "Record payment" }).click();
  await expectToast(page, admin.js, "Success", "Payment of €240.00 recorded");
  await expect(ledger).toContainText("due €560.00 · paid €240.00 · balance €320.00");
  await expect(ledger.getByRole("table", { name: `Payments of ${name}` })).toContainText("March 3, 2026");
  await expect(ledger.getByRole("table", { name: `Payments of ${name}` })).toContainText("MB WAY");
  await expect(ledger).toContainText("Partially Paid");
  await expectAccessible(page);
  await keepPicture(page, testInfo.outputPath("payment-status.png"));
});

test("/my-rsvp: the guest reads the balance, the payments and the SEPA QR code", async ({ page, admin }, testInfo) => {
  await admin.signIn();
  await api(page, "patch", "/api/event-config", { payment: { bankHolder: "Ana Ribeiro", iban: "PT50 0002 0123 1234 5678 9015 4", bic: "CGDIPTPL" } });
  const party = await partyWithRoom(page, admin.unique("QR Party"), 240);
  await api(page, "post", `/api/parties/${party.id}/payments`, { amount: 10_000, date: "2026-03-03", method: "bank-transfer" });
  await page.goto(`/rsvp?code=${encodeURIComponent(party.authCode)}`);
  await admin.open("/my-rsvp?lang=en");
  const ledger = page.getByTestId("ledger");
  await expect(ledger.getByTestId("ledger-due")).toHaveText("€240.00");
  await expect(ledger.getByTestId("ledger-balance")).toHaveText("€140.00");
  await expect(ledger.getByTestId("ledger-payments")).toHaveText("€100.00 on March 3, 2026");
  await expect(ledger.getByTestId("ledger-reference")).toHaveText(/^Your payment reference: C40-[2-9A-HJ-NP-Z]{4}$/);
  const qr = ledger.getByTestId("epc-qr");
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute("alt", /SEPA transfer QR code: €140\.00 to Ana Ribeiro, reference C40-/);
  await ledger.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await keepPicture(page, testInfo.outputPath("my-rsvp-ledger.png"));
});
