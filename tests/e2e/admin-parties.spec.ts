import type { Page } from "@playwright/test";
import { expectAccessible } from "./utils";
import { dialogOrSection, expect, expectToast, test } from "./admin-fixtures";

async function newParty(page: Page, name: string, members: string[] = []) {
  const res = await page.request.post("/api/parties", { data: { name } });
  expect(res.status()).toBe(201);
  const party = (await res.json()) as { id: string; authCode: string };
  for (const firstName of members) {
    const m = await page.request.post(`/api/parties/${party.id}/members`, { data: { firstName, lastName: "Test", ageCategory: "adult" } });
    expect(m.status()).toBe(201);
  }
  return party;
}

test("the host creates, edits and deletes a party", async ({ page, admin }) => {
  test.slow();
  const name = admin.unique("The Silva Family");
  await admin.signIn();
  const taken = ((await (await page.request.get("/api/parties")).json()) as Array<{ authCode: string }>)[0]!.authCode;
  await admin.open("/admin/parties");
  await expectAccessible(page);

  await page.getByRole("link", { name: "Add Party" }).click();
  const add = dialogOrSection(page, admin.js, "Add Party");
  await add.getByRole("button", { name: "Create Party" }).click();
  await expect(add.getByText("Party name is required")).toBeVisible();

  await add.getByLabel("Party name").fill(name);
  await add.getByLabel("Primary email (optional)").fill(`silva.${admin.phoneDigits()}@example.org`);
  await add.getByLabel("Invitation code").fill(taken);
  await add.getByRole("button", { name: "Create Party" }).click();
  await expect(add.getByText("This invitation code is already in use. Choose another one.").first()).toBeVisible();
  await expectAccessible(page);

  const code = `silva-${Math.random().toString(36).slice(2, 8)}`;
  await add.getByLabel("Invitation code").fill(code);
  await add.getByRole("button", { name: "Create Party" }).click();
  await expectToast(page, admin.js, "Party created");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByLabel("Link", { exact: true })).toHaveValue(new RegExp(`/rsvp\\?code=${code}$`));
  await expectAccessible(page);

  await page.getByRole("link", { name: "Edit Party" }).click();
  const edit = dialogOrSection(page, admin.js, "Edit Party");
  await expect(edit.getByLabel("Invitation code")).toHaveValue(code);
  await edit.getByLabel("Party name").fill(`${name} & Friends`);
  await edit.getByRole("button", { name: "Update Party" }).click();
  await expectToast(page, admin.js, "Party updated");
  await expect(page.getByRole("heading", { level: 1, name: `${name} & Friends` })).toBeVisible();

  await page.getByRole("link", { name: "Delete Party" }).click();
  const confirm = dialogOrSection(page, admin.js, "Delete Party");
  await expect(confirm).toContainText("Are you sure you want to delete");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/parties$/);
  await expectToast(page, admin.js, "Party deleted");
  await expect(page.getByRole("link", { name: `${name} & Friends` })).toHaveCount(0);
});

test("members are added, edited and removed, but never the last one", async ({ page, admin }) => {
  test.slow();
  await admin.signIn();
  const party = await newParty(page, admin.unique("Members Party"));
  await admin.open(`/admin/parties/${party.id}`);
  await expect(page.getByText("No members yet.")).toBeVisible();

  for (const [first, age] of [["Ana", "adult"], ["Bea", "kid"]] as const) {
    await page.getByRole("link", { name: "Add Member" }).click();
    const add = dialogOrSection(page, admin.js, "Add Member");
    if (first === "Ana") {
      await add.getByRole("button", { name: "Add Member" }).click();
      await expect(add.getByText("First name is required")).toBeVisible();
      await expectAccessible(page);
    }
    await add.getByLabel("First name").fill(first);
    await add.getByLabel("Last name").fill("Silva");
    await add.getByLabel("Age category").selectOption(age);
    await add.getByRole("button", { name: "Add Member" }).click();
    await expectToast(page, admin.js, "Member added");
  }
  const members = page.getByRole("region", { name: "Members (2)" });
  await expect(members).toContainText("1 adult, 1 kid, 0 babies");

  await page.getByRole("link", { name: "Edit Bea Silva" }).click();
  const edit = dialogOrSection(page, admin.js, "Edit Member");
  await edit.getByLabel("Age category").selectOption("baby");
  await edit.getByRole("button", { name: "Update Member" }).click();
  await expectToast(page, admin.js, "Member updated");
  await expect(members).toContainText("1 adult, 0 kids, 1 baby");

  await page.getByRole("link", { name: "Remove Ana Silva" }).click();
  await dialogOrSection(page, admin.js, "Remove Member").getByRole("button", { name: "Remove" }).click();
  await expectToast(page, admin.js, "Member removed");

  await page.getByRole("link", { name: "Remove Bea Silva" }).click();
  const last = dialogOrSection(page, admin.js, "Remove Member");
  await last.getByRole("button", { name: "Remove" }).click();
  await expect(last.getByText("Cannot remove: At least one party member must exist.")).toBeVisible();
  await expectAccessible(page);
  await admin.open(`/admin/parties/${party.id}`);
  await expect(page.getByRole("region", { name: "Members (1)" })).toContainText("Bea Silva");
});

test("the invite link is copied and signs the party in as a guest", async ({ page, admin, context, baseURL }) => {
  await admin.signIn();
  const name = admin.unique("Invite Party");
  const party = await newParty(page, name, ["Ines"]);
  await admin.open(`/admin/parties/${party.id}`);
  const link = `${baseURL}/rsvp?code=${party.authCode}`;
  await expect(page.getByLabel("Link", { exact: true })).toHaveValue(link);
  await expect(page.getByRole("img", { name: `QR code of the invite link for ${name}` })).toBeVisible();

  if (admin.js) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy" }).click();
    await expectToast(page, admin.js, "Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  } else {
    // Without JavaScript the link sits in a read-only field to select and copy.
    await expect(page.getByLabel("Link", { exact: true })).toHaveAttribute("readonly", "");
  }

  // The guest opens it in a browser without the host's session.
  const guest = await context.browser()!.newContext({ javaScriptEnabled: admin.js });
  const guestPage = await guest.newPage();
  const res = await guestPage.goto(link);
  expect(res?.status()).toBe(200);
  await expect(guestPage.getByText(name).first()).toBeVisible();
  await guest.close();
});

test("rooms are assigned to a party within the inventory", async ({ page, admin }) => {
  await admin.signIn();
  const party = await newParty(page, admin.unique("Rooms Party"), ["Rui"]);
  await admin.open(`/admin/parties/${party.id}`);
  const rooms = page.getByRole("region", { name: "Rooms (0)" });
  await expect(rooms).toContainText("No rooms assigned yet.");
  const option = rooms.getByLabel("Room Type").locator("option", { hasText: "Pool Villa" });
  const available = Number((await option.textContent())!.match(/\((\d+) available\)/)![1]);
  await rooms.getByLabel("Room Type").selectOption({ label: (await option.textContent())! });
  await rooms.getByLabel("Quantity").fill(String(available + 1));
  await rooms.getByRole("button", { name: "Assign Room" }).click();
  await expect(rooms.getByText(`Quantity exceeds available units. Only ${available} available.`)).toBeVisible();

  await rooms.getByLabel("Quantity").fill("1");
  await rooms.getByRole("button", { name: "Assign Room" }).click();
  await expectToast(page, admin.js, "Room assigned");
  const after = page.getByRole("region", { name: "Rooms (1)" });
  await expect(after).toContainText("Pool Villa × 1");
  await expect(after).toContainText("Pending");
  await expect(after.getByLabel("Room Type").locator("option", { hasText: "Pool Villa" })).toHaveText("Pool Villa (already assigned)");
  await expectAccessible(page);
});
