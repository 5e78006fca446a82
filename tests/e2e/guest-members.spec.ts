import { expectAccessible } from "./utils";
import { expect, expectMessage, open, settle, step, test } from "./guest-fixtures";

// Whole journeys, several pages and accessibility checks each.
test.describe.configure({ timeout: 90_000 });

test.describe("party members on the RSVP form", () => {
  test("add, edit and remove through the member dialog; the last one stays", async ({ page, api, js }) => {
    const party = await api.createParty();
    await api.addMember(party.id, { firstName: "Olga", lastName: "Only" });
    await open(page, `/rsvp?code=${party.authCode}`, js);
    await page.getByLabel("Message to the Host").fill("Typed before the members");

    // Add: names are required, the e-mail must be valid.
    await page.getByRole("button", { name: "Add Member" }).click();
    let dialog = step(page, js, "Add Member");
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel("Email (optional)").fill("not-an-email");
    await dialog.getByRole("button", { name: "Save" }).click();
    dialog = step(page, js, "Add Member");
    await expect(dialog.getByText("First name is required")).toBeVisible();
    await expect(dialog.getByText("Last name is required")).toBeVisible();
    await expect(dialog.getByText("Please enter a valid email address.")).toBeVisible();
    await dialog.getByLabel("First Name").fill("Nina");
    await dialog.getByLabel("Last Name").fill("New");
    // Another party's address (issue 22): refused, said under the field, nothing added.
    const other = await api.createParty({ primaryEmail: `${api.unique("other").replace(" ", ".")}@party.example` });
    await dialog.getByLabel("Email (optional)").fill(other.primaryEmail!.toUpperCase());
    await dialog.getByLabel("Age Category").selectOption("kid");
    await dialog.getByRole("button", { name: "Save" }).click();
    dialog = step(page, js, "Add Member");
    await expect(dialog.getByText("This email is already used by another invitation.").first()).toBeVisible();
    expect((await api.members(party.id)).total).toBe(1);
    await expectAccessible(page);
    // One address per invitation, and the four projects run side by side: each its own.
    await dialog.getByLabel("Email (optional)").fill(`${api.unique("nina").replace(" ", ".")}@new.example`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectMessage(page, js, "Member added");
    await expect(page.getByTestId("member").filter({ hasText: "Nina New" })).toContainText("Kid (>2y)");
    await expect(page.getByText("Guests: 2 (adults: 1, kids: 1, babies: 0)")).toBeVisible();
    await expect(page.getByLabel("Message to the Host")).toHaveValue("Typed before the members");

    // Edit.
    await page.getByTestId("member").filter({ hasText: "Nina New" }).getByRole("button").click();
    dialog = step(page, js, "Edit Nina New");
    await dialog.getByLabel("Last Name").fill("Renamed");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectMessage(page, js, "Member updated");
    await expect(page.getByTestId("member").filter({ hasText: "Nina Renamed" })).toBeVisible();

    // Remove, then try to remove the last one.
    await page.getByTestId("member").filter({ hasText: "Nina Renamed" }).getByRole("button").click();
    await step(page, js, "Edit Nina Renamed").getByRole("button", { name: "Remove from Party" }).click();
    await expectMessage(page, js, "Member removed");
    await expect(page.getByTestId("member")).toHaveCount(1);
    await page.getByTestId("member").getByRole("button").click();
    await step(page, js, "Edit Olga Only").getByRole("button", { name: "Remove from Party" }).click();
    await expectMessage(page, js, "Error", "Cannot remove: At least one party member must exist.");
    await expect(page.getByLabel("Message to the Host")).toHaveValue("Typed before the members");
    expect((await api.members(party.id)).total).toBe(1);

    // The counts of a party come from its members.
    await step(page, js, "Edit Olga Only").getByRole("button", { name: "Cancel" }).click();
    await settle(page, js);
    await page.getByRole("button", { name: "Submit RSVP" }).click();
    await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible();
    expect(await api.partyRsvp(party.id)).toMatchObject({ guestCount: 1, adultsCount: 1, messageToHost: "Typed before the members" });
  });
});
