import { expectAccessible } from "./utils";
import { expect, expectMessage, open, settle, test } from "./guest-fixtures";

// Whole journeys, several pages and accessibility checks each.
test.describe.configure({ timeout: 90_000 });

test.describe("an individual guest", () => {
  test("signs in with a code, gives counts and events, then changes to not attending", async ({ page, api, js }) => {
    const code = `IND-${Math.random().toString(36).slice(2, 8)}`;
    await api.createGuest({ firstName: "Marta", lastName: "Single", customCode: code, email: `${code}@guest.example` });

    await open(page, "/rsvp", js);
    await expect(page.getByRole("heading", { name: "Guest Authentication" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expectAccessible(page);
    await page.getByLabel("Invitation Code").fill(code);
    await page.getByLabel("Invitation Code").press("Enter");
    await expect(page.getByText("Welcome, Marta!")).toBeVisible();
    await settle(page, js);

    // An individual: counts, no members, no rooms, no hotel guests' event.
    await expect(page.getByRole("heading", { name: "Party Members" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Your Room Assignments" })).toHaveCount(0);
    await expect(page.getByText("Vineyard Walk & Wine Tasting")).toHaveCount(0);
    await expect(page.getByRole("radio", { name: "Yes, I'll be there" })).toBeChecked();
    await expect(page.getByTestId("event").first().getByRole("checkbox")).not.toBeChecked();
    await expectAccessible(page);

    if (js) {
      // Out of range is refused next to the field.
      await page.getByLabel("Adults").fill("11");
      await page.getByRole("button", { name: "Submit RSVP" }).click();
      await expect(page.getByText("Adults must be between 1 and 10")).toBeVisible();
    }
    await page.getByLabel("Adults").fill("2");
    await page.getByLabel("Kids (>2y)").fill("1");
    if (js) await expect(page.getByText("Total guests: 3")).toBeVisible();
    await page.getByTestId("event").filter({ hasText: "Welcome Reception & Tapas" }).getByRole("checkbox").check();
    await page.getByLabel("Dietary Restrictions").fill("Vegetarian");
    await page.getByRole("button", { name: "Submit RSVP" }).click();

    await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible();
    await expect(page.getByText("Your RSVP has been received")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment Information" })).toHaveCount(0);
    await page.getByRole("link", { name: "View My RSVP" }).click();
    await settle(page, js);
    await expect(page.getByTestId("rsvp-status")).toHaveText("Attending");
    await expect(page.getByText("3 (adults: 2, kids: 1, babies: 0)")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Room Assignments" })).toHaveCount(0);
    await expect(page.getByTestId("event").filter({ hasText: "Welcome Reception & Tapas" }).getByRole("checkbox")).toBeChecked();
    await expectAccessible(page);

    // Change Answer: the form again, filled in with the answer given.
    await page.getByRole("link", { name: "Change Answer" }).click();
    await expect(page).toHaveURL(/\/rsvp\?edit=1/);
    await settle(page, js);
    await expect(page.getByLabel("Adults")).toHaveValue("2");
    await expect(page.getByLabel("Dietary Restrictions")).toHaveValue("Vegetarian");
    await page.getByRole("radio", { name: "Sorry, I can't make it" }).check();
    await page.getByRole("button", { name: "Submit RSVP" }).click();
    await expect(page.getByText("We're sorry you can't make it, and thank you for letting us know.")).toBeVisible();
    await open(page, "/my-rsvp", js);
    await expect(page.getByTestId("rsvp-status")).toHaveText("Not Attending");

    // Signing in again with an answer given: to My RSVP with a message (after 1.5 s with JavaScript).
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { name: "View Your RSVP" })).toBeVisible();
    await open(page, "/rsvp", js);
    await page.getByLabel("Invitation Code").fill(code);
    const started = Date.now();
    await page.getByRole("button", { name: "Continue" }).click();
    await expectMessage(page, js, "You have already responded");
    await expect(page).toHaveURL(/\/my-rsvp$/, { timeout: 5000 });
    if (js) expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    await expect(page.getByTestId("rsvp-status")).toHaveText("Not Attending");
  });

  test("a guest who belongs to a party signs in by e-mail as that party", async ({ page, api, js }) => {
    const party = await api.createParty();
    const email = `member-${Math.random().toString(36).slice(2, 8)}@party.example`;
    await api.addMember(party.id, { firstName: "Iris", lastName: "Member", email });
    await open(page, "/rsvp?method=email", js);
    await page.getByLabel("Email Address").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(`Welcome, ${party.name}!`)).toBeVisible();
  });
});
