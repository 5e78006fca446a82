import type { Page } from "@playwright/test";
import { expect, expectToast, test, type AdminHelpers } from "./admin-fixtures";
import { expectAccessible, keepPicture } from "./utils";

// Issue 27: the owner invites a helper, the helper accepts and signs in as a
// co-host; a viewer sees no control that writes and a forged post is refused.
// JavaScript on and off, phone and desktop (the projects), axe-clean.

const PASSWORD = "lantern-orchard-violet-7";
/** The links that open a writing dialog (?new, ?edit=, ?delete=, a member's, a removal, a room's assignment). */
const WRITING_LINKS = ["new=", "edit=", "delete=", "member=", "remove=", "assign="].map((p) => `a[href*="?${p}"], a[href*="&${p}"]`).join(", ");

test("invite a co-host, accept the link, sign in as the co-host", async ({ page, admin }, testInfo) => {
  const email = `cohost-${testInfo.project.name}-${Date.now()}@example.com`;
  await admin.signIn();
  await admin.open("/admin/team");
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await page.getByLabel("Name").fill("Ana Silva");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("co-host");
  await page.getByRole("button", { name: "Invite" }).click();
  const link = page.getByLabel("Invitation link for Ana Silva");
  await expect(link).toBeVisible();
  const inviteUrl = await link.inputValue();
  expect(inviteUrl).toMatch(/\/admin\/accept\?token=/);
  await expect(page.getByRole("list", { name: "Helpers" }).getByText(email)).toBeVisible();
  await expectAccessible(page);
  await keepPicture(page, testInfo.outputPath(`team-${testInfo.project.name}.png`));

  // The helper, in a browser without the owner's session.
  await page.context().clearCookies();
  await admin.open(new URL(inviteUrl).pathname + new URL(inviteUrl).search);
  await expect(page.getByText("Hello Ana Silva")).toBeVisible();
  await page.getByLabel("Choose a password").fill("ana-silva-passphrase");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Don't use your name in the password.")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Choose a password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/admin\?helper=1&email=/);

  // Issue 36: their e-mail is filled in; only the password just chosen is typed.
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // A co-host's menu has no Team nor Auth Settings; the owner-only page refuses them with the reason.
  const nav = page.getByRole("navigation", { name: "Admin" }).first();
  if (testInfo.project.name.startsWith("desktop")) {
    await expect(nav.getByRole("link", { name: "Guest Management" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Team" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Auth Settings" })).toHaveCount(0);
  }
  const refused = await page.goto("/admin/team");
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("Only the owner can open this.")).toBeVisible();
});

test("the owner removes a helper after confirming", async ({ page, admin }, testInfo) => {
  const email = `gone-${testInfo.project.name}-${Date.now()}@example.com`;
  await admin.signIn();
  expect((await page.request.post("/api/team", { data: { name: "Rui Leaving", email, role: "viewer" } })).status()).toBe(201);
  await admin.open("/admin/team");
  const helpers = page.getByRole("list", { name: "Helpers" });
  await expect(helpers.getByText(email)).toBeVisible();
  await page.getByRole("link", { name: "Remove Rui Leaving" }).click();
  await expect(page.getByText(`Remove Rui Leaving (${email}) from the team?`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  await expectToast(page, admin.js, "Team updated", "Rui Leaving is no longer on the team and is signed out.");
  await expect(helpers.getByText(email)).toHaveCount(0);
});

/** The owner invites a viewer over the API; the page's browser then signs in as that viewer. */
async function signInViewer(page: Page, admin: AdminHelpers, name: string, email: string) {
  await admin.signIn();
  const invited = await page.request.post("/api/team", { data: { name, email, role: "viewer" } });
  expect(invited.status()).toBe(201);
  const token = new URL((await invited.json()).inviteUrl).searchParams.get("token");
  await page.context().clearCookies();
  expect((await page.request.post("/api/team/accept", { data: { token, password: PASSWORD } })).status()).toBe(200);
  expect((await page.request.post("/api/admin/login", { data: { email, password: PASSWORD } })).status()).toBe(200);
}

test("a viewer sees no button that writes, and a forged form post is refused", async ({ page, admin }, testInfo) => {
  await signInViewer(page, admin, "Vera Viewer", `viewer-${testInfo.project.name}-${Date.now()}@example.com`);

  for (const path of ["/admin/parties", "/admin/guests", "/admin/room-assignments", "/admin/rooming-list"]) {
    await admin.open(path);
    const main = page.locator("#admin-main");
    // Nothing in the page that posts, nor a link that opens a writing dialog.
    await expect(main.locator("form[method=post] button, form[method=POST] button").filter({ visible: true }), path).toHaveCount(0);
    await expect(main.getByRole("button", { name: /add|save|delete|create|invite|share|revoke|import|send/i }).filter({ visible: true }), path).toHaveCount(0);
    await expect(main.getByRole("link", { name: /^(add|new)/i }).filter({ visible: true }), path).toHaveCount(0);
    await expect(main.locator(WRITING_LINKS).filter({ visible: true }), path).toHaveCount(0);
  }
  // The party page too (its invite link's Copy writes nothing).
  await admin.open("/admin/parties");
  await page.locator("#admin-main a[href^='/admin/parties/']").first().click();
  await expect(page).toHaveURL(/\/admin\/parties\/.+/);
  await expect(page.locator("#admin-main").getByRole("button", { name: /save|delete|add|record|regenerate|confirm|decline|mark/i }).filter({ visible: true })).toHaveCount(0);
  await expect(page.locator("#admin-main").getByRole("link", { name: /add|edit|delete|remove/i }).filter({ visible: true })).toHaveCount(0);
  await expect(page.locator("#admin-main").locator(WRITING_LINKS).filter({ visible: true })).toHaveCount(0);
  await expectAccessible(page);
  if (testInfo.project.name === "phone-js") await keepPicture(page, testInfo.outputPath("viewer-party.png"));

  // A forged form post from the page: refused, and the page says why.
  const before = await (await page.request.get("/api/parties")).json();
  await admin.open("/admin/parties");
  await page.evaluate(() => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/admin/parties";
    for (const [name, value] of [["intent", "create"], ["name", "Forged Party"]]) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  });
  await expect(page.getByText("Your role can't change this.")).toBeVisible();
  const forged = await page.request.post("/admin/parties", { form: { intent: "create", name: "Forged Party" } });
  expect(forged.status()).toBe(403);
  expect((await (await page.request.get("/api/parties")).json()).length).toBe(before.length);
});

test("a viewer sees no writing control on the payments, bank review, travel and event travel pages", async ({ page, admin }, testInfo) => {
  await signInViewer(page, admin, "Vito Viewer", `viewer2-${testInfo.project.name}-${Date.now()}@example.com`);
  for (const path of ["/admin/payments", "/admin/payments/import", "/admin/payments/review", "/admin/travel", "/admin/travel/lists", "/admin/event"]) {
    await admin.open(path);
    const main = page.locator("#admin-main");
    await expect(main.locator("form[method=post] :is(button, input[type=submit]), form[method=POST] :is(button, input[type=submit])").filter({ visible: true }), path).toHaveCount(0);
    await expect(main.getByRole("link", { name: /import bank statement/i }).filter({ visible: true }), path).toHaveCount(0);
    await expect(main.getByRole("button", { name: /propose runs|import|upload|share/i }).filter({ visible: true }), path).toHaveCount(0);
  }
  // The import page, opened by its address, tells a viewer why there is no upload.
  await admin.open("/admin/payments/import");
  await expect(page.locator("#admin-main").getByText("Your role can't change this.")).toBeVisible();
  await expect(page.locator("#admin-main input[type=file]")).toHaveCount(0);
  if (testInfo.project.name === "phone-js") await keepPicture(page, testInfo.outputPath("viewer-import.png"));
});
