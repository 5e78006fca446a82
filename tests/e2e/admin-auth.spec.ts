import { expectAccessible } from "./utils";
import { expect, test } from "./admin-fixtures";

const NAV = [
  ["Dashboard", "/admin/dashboard"],
  ["Guest Management", "/admin/guests"],
  ["Parties", "/admin/parties"],
  ["Invitations", "/admin/invitations"],
  ["Announcements", "/admin/announcements"],
  ["RSVP Tracking", "/admin/rsvps"],
  ["Activity", "/admin/activity"],
  ["Payment Status", "/admin/payments"],
  // Issue 40: gift funds, after Payment Status.
  ["Gifts", "/admin/gifts"],
  ["Room Types", "/admin/room-types"],
  ["Room Assignments", "/admin/room-assignments"],
  ["Events", "/admin/events"],
  // Issue 37: the dinner's seating, after Events.
  ["Seating", "/admin/seating"],
  ["Questions", "/admin/questions"],
  ["Event Attendance", "/admin/event-rsvps"],
  ["Travel", "/admin/travel"],
  // Issue 39: the album's photos and settings.
  ["Album", "/admin/album"],
  ["Event Configuration", "/admin/event"],
  ["Auth Settings", "/admin/auth-settings"],
  // Issue 27: the owner's team, and everyone's own account.
  ["Team", "/admin/team"],
  ["Messages", "/admin/messages"],
  ["Your Account", "/admin/account"],
] as const;

test.describe("admin login", () => {
  test("asks for the password, refuses a wrong one, then opens the dashboard", async ({ page, admin }) => {
    await admin.open("/admin");
    await expect(page.getByRole("heading", { name: "Party Admin" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Please enter the password")).toBeVisible();

    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid credentials. Please try again.")).toBeVisible();
    // The server never sends the password back into the page.
    if (!admin.js) await expect(page.getByLabel("Password")).toHaveValue("");

    await page.getByLabel("Password").fill("e2e-admin-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    // Signed in, the login page leads straight to the dashboard.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("logout ends the session and returns to the login", async ({ page, admin }) => {
    await admin.signIn();
    await admin.open("/admin/dashboard");
    if (page.viewportSize()!.width < 768) await openMobileMenu(page, admin.js);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/guests");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("every admin page sends a visitor without a session to the login", async ({ page }) => {
    for (const [, path] of [...NAV, ["", "/admin/parties/some-id"], ["", "/admin/guests/import"]]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin$/);
    }
  });
});

test.describe("admin layout", () => {
  test("the sidebar lists the pages in order (Invitations after Parties, Messages last) and marks the current one", async ({ page, admin }) => {
    await admin.signIn();
    await admin.open("/admin/guests");
    if (page.viewportSize()!.width < 768) {
      await expect(page.getByRole("banner").getByText("Party Admin")).toBeVisible();
      await openMobileMenu(page, admin.js);
    }
    const nav = page.getByRole("navigation", { name: "Admin" });
    const links = nav.getByRole("link");
    await expect(links).toHaveCount(NAV.length);
    for (const [i, [label, href]] of NAV.entries()) {
      await expect(links.nth(i)).toHaveText(label);
      await expect(links.nth(i)).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Guest Management" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current=page]")).toHaveCount(1);
    await expectAccessible(page);

    await nav.getByRole("link", { name: "Parties" }).click();
    await expect(page).toHaveURL(/\/admin\/parties$/);
    await expect(page.getByRole("heading", { level: 1, name: "Parties" })).toBeVisible();
  });

  test("desktop: the sidebar collapses to icons and the server remembers it", async ({ page, admin, context }, testInfo) => {
    test.skip(page.viewportSize()!.width < 768, "the desktop sidebar");
    await admin.signIn();
    await admin.open("/admin/dashboard");
    const sidebar = page.locator("#admin-sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(sidebar).toHaveCSS("width", "256px");

    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect(sidebar).toHaveCSS("width", "48px");
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);

    // The first paint after a reload is already collapsed (read by the server).
    const html = await (await page.request.get("/admin/dashboard")).text();
    expect(html).toContain('data-state="collapsed"');
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    // Labels stay for screen readers; with JavaScript a tooltip names the icon.
    await expect(page.getByRole("link", { name: "Auth Settings" })).toBeVisible();
    if (admin.js) {
      await admin.ready(testInfo);
      await page.getByRole("link", { name: "Auth Settings" }).hover();
      await expect(page.getByRole("tooltip", { name: "Auth Settings" })).toBeVisible();
      await page.keyboard.press("Control+b");
      await expect(sidebar).toHaveAttribute("data-state", "expanded");
    } else {
      await page.getByRole("button", { name: "Toggle Sidebar" }).click();
      await expect(sidebar).toHaveAttribute("data-state", "expanded");
    }
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("phone: the menu opens over the page and lists every page", async ({ page, admin }) => {
    test.skip(page.viewportSize()!.width >= 768, "the phone menu");
    await admin.signIn();
    await admin.open("/admin/dashboard");
    await expect(page.locator("#admin-sidebar")).toBeHidden();
    await openMobileMenu(page, admin.js);
    if (admin.js) {
      const sheet = page.getByRole("dialog", { name: "Party Admin" });
      await expect(sheet).toBeVisible();
      await expect(sheet).toHaveCSS("width", "288px");
      await expectAccessible(page);
      await sheet.getByRole("link", { name: "RSVP Tracking" }).click();
      await expect(sheet).toBeHidden();
    } else {
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "RSVP Tracking" }).click();
    }
    await expect(page.getByRole("heading", { level: 1, name: "RSVP Tracking" })).toBeVisible();
  });
});

async function openMobileMenu(page: import("@playwright/test").Page, js: boolean) {
  if (js) await page.getByRole("button", { name: "Toggle Sidebar" }).click();
  else await page.locator("summary", { hasText: "Toggle Sidebar" }).click();
}
