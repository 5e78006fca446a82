import { expect, test } from "@playwright/test";
import { expectAccessible } from "./utils";

test.describe("landing page", () => {
  test("shows the invitation with its RSVP action above the fold", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("40th Birthday Celebration | Event RSVP");
    await expect(page.getByRole("heading", { level: 1, name: "40th Birthday Celebration" })).toBeVisible();
    const rsvp = page.getByRole("link", { name: "RSVP Now" });
    await expect(rsvp).toBeInViewport();
    await expect(page.getByText("Villa & Pool")).toBeAttached();
    await expect(page.getByText("Map coming soon")).toBeAttached();
    // The gallery images are real pictures in modern formats, with their size set.
    const img = page.locator("figure img").first();
    await expect(img).toHaveAttribute("width", /\d+/);
    await expect(img).toHaveAttribute("height", /\d+/);
    const avif = await page.locator("figure source[type='image/avif']").first().getAttribute("srcset");
    const response = await page.request.get(avif!.split(" ")[0]!);
    expect(response.ok()).toBe(true);
    expect(response.headers()["content-type"]).toBe("image/avif");
    expect(response.headers()["cache-control"]).toContain("immutable");
    await expectAccessible(page);
  });

  test("Event Details jumps to the details section and RSVP Now leads to /rsvp", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Event Details" }).click();
    await expect(page).toHaveURL(/#details$/);
    await expect(page.getByRole("heading", { name: "Schedule" })).toBeInViewport();
    await page.getByRole("link", { name: "RSVP Now" }).click();
    await expect(page).toHaveURL(/\/rsvp$/);
  });

  test("switches to Portuguese and remembers it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Português" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    await expect(page.getByText("Junte-se a nós numa celebração em Portugal")).toBeVisible();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    await expectAccessible(page);
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("an unknown page is a friendly 404", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expectAccessible(page);
  });
});
