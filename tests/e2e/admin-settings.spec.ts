import type { Page } from "@playwright/test";
import { expectAccessible } from "./utils";
import { expect, expectToast, test, type AdminHelpers } from "./admin-fixtures";

test("the event configuration is validated, saved, and the landing page follows at once", async ({ page, admin }) => {
  test.slow();
  const title = admin.unique("Ana's 40th");
  await admin.signIn();
  await admin.open("/admin/event");
  await expect(page.getByLabel("Event title (English)")).toHaveValue(/./);
  await expectAccessible(page);

  await page.getByLabel("Event title (English)").fill("");
  await page.getByRole("button", { name: "Save Configuration" }).click();
  await expect(page.getByText("Event title is required")).toBeVisible();

  await page.getByLabel("Event title (English)").fill(title);
  await page.getByLabel("Welcome message (optional) (English)").fill("Dear friends, come and celebrate with us!");
  await page.getByLabel("Directions (optional) (English)").fill("Take the A4 to Vila Real.\nThen follow the N222.");
  await page.getByLabel("Dress code (optional) (English)").fill("Summer chic");
  await page.getByLabel("Latitude (optional)").fill("41.1912");
  await page.getByRole("button", { name: "Save Configuration" }).click();
  await expectToast(page, admin.js, "Settings updated");
  await expect(page.getByLabel("Event title (English)")).toHaveValue(title);
  await expect(page.getByLabel("Latitude (optional)")).toHaveValue("41.1912");

  await page.goto("/");
  await expect(page).toHaveTitle(`${title} | Event RSVP`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Dear friends, come and celebrate with us!")).toBeVisible();
  await expect(page.getByText("Summer chic")).toBeAttached();
  await expect(page.getByText(/Take the A4 to Vila Real\.\s+Then follow the N222\./)).toBeAttached();

  // Clearing an optional text takes it off the landing page.
  await admin.open("/admin/event");
  await page.getByLabel("Welcome message (optional) (English)").fill("");
  await page.getByRole("button", { name: "Save Configuration" }).click();
  await expectToast(page, admin.js, "Settings updated");
  await page.goto("/");
  await expect(page.getByText("Dear friends, come and celebrate with us!")).toHaveCount(0);
});

async function setSwitch(page: Page, admin: AdminHelpers, label: string, on: boolean) {
  const control = page.getByRole("switch", { name: label });
  if ((await control.isChecked()) === on) return;
  // A click, not setChecked: a refused change flips straight back.
  await control.click();
  if (!admin.js) await page.getByRole("button", { name: `Save ${label}` }).click();
}

async function guestMethods(page: Page) {
  const guest = await page.context().browser()!.newContext();
  const rsvp = await guest.newPage();
  await rsvp.goto(`${new URL(page.url()).origin}/rsvp`);
  const offered = [];
  for (const name of ["Invitation Code", "Email Address", "Phone Number"]) {
    if ((await rsvp.getByRole("link", { name, exact: true }).count()) > 0) offered.push(name);
  }
  await guest.close();
  return offered;
}

test("auth settings switch guest sign-in methods, and the last one stays on", async ({ page, admin }) => {
  test.slow();
  await admin.signIn();
  await admin.open("/admin/auth-settings");
  await expect(page.getByText("At least one authentication method must stay enabled")).toBeVisible();
  await expectAccessible(page);
  for (const name of ["Invitation Code", "Email Address", "Phone Number"]) await expect(page.getByRole("switch", { name })).toBeChecked();

  await setSwitch(page, admin, "Email Address", false);
  await expectToast(page, admin.js, "Settings updated", "Email Address sign-in is off.");
  await expect(page.getByRole("switch", { name: "Email Address" })).not.toBeChecked();
  // The guest side follows: the method is gone from /rsvp and refused by the API.
  expect(await guestMethods(page)).toEqual(["Invitation Code", "Phone Number"]);
  const refused = await page.request.post("/api/guest-auth", { data: { type: "email", identifier: "rita.almeida@example.pt" } });
  expect(refused.status()).toBe(403);

  await setSwitch(page, admin, "Phone Number", false);
  await expectToast(page, admin.js, "Settings updated", "Phone Number sign-in is off.");
  await expect(page.getByRole("switch", { name: "Phone Number" })).not.toBeChecked();

  // Switching off the last method is refused, and the switch stays on.
  await setSwitch(page, admin, "Invitation Code", false);
  await expect(page.getByRole("alert").filter({ hasText: "At least one authentication method must be enabled." })).toBeVisible();
  if (!admin.js) await page.reload();
  await expect(page.getByRole("switch", { name: "Invitation Code" })).toBeChecked();
  expect((await (await page.request.get("/api/auth-settings")).json()).customCodeEnabled).toBe(true);
  await expectAccessible(page);

  await setSwitch(page, admin, "Email Address", true);
  await expectToast(page, admin.js, "Settings updated", "Email Address sign-in is on.");
  await setSwitch(page, admin, "Phone Number", true);
  await expectToast(page, admin.js, "Settings updated", "Phone Number sign-in is on.");
  expect(await guestMethods(page)).toEqual(["Invitation Code", "Email Address", "Phone Number"]);
});
