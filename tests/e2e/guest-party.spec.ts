import { expectAccessible } from "./utils";
import { expect, expectMessage, open, roomCard, settle, step, test } from "./guest-fixtures";

const DECLINE_REASON_MESSAGE = "Please provide a reason for declining the room.";

// Whole journeys, several pages and accessibility checks each.
test.describe.configure({ timeout: 90_000 });

test.describe("a party with rooms", () => {
  test("confirms one room, declines one with a reason, answers, sees the payment and changes it on My RSVP", async ({ page, api, js }) => {
    const party = await api.createParty({ primaryEmail: `${Date.now()}@party.example` });
    await api.addMember(party.id, { firstName: "Ana", lastName: "Lopes" });
    await api.addMember(party.id, { firstName: "Leo", lastName: "Lopes", ageCategory: "kid" });
    const olive = await api.createRoomType({ name: api.unique("Olive Suite"), pricePerNight: 400 });
    const cypress = await api.createRoomType({ name: api.unique("Cypress Villa"), pricePerNight: 600 });
    await api.assignRoom({ partyId: party.id, roomTypeId: olive.id, quantity: 2, paymentDeadline: "2026-05-15" });
    await api.assignRoom({ partyId: party.id, roomTypeId: cypress.id, quantity: 1, paymentDeadline: "2026-04-20" });

    // The invite link signs in on the server and shows the form directly.
    await open(page, `/rsvp?code=${party.authCode}`, js);
    await expect(page).toHaveURL(/\/rsvp$/);
    await expect(page.getByText(`Welcome, ${party.name}!`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Party Members" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Room Assignments" })).toBeVisible();
    // A party with rooms sees the hotel guests' event.
    await expect(page.getByText("Vineyard Walk & Wine Tasting")).toBeVisible();
    await expectAccessible(page);

    // Typed first: it must survive every room decision below.
    await page.getByLabel("Dietary Restrictions").fill("No nuts for Leo");

    // Attending with a room still pending is refused.
    await page.getByRole("button", { name: "Submit RSVP" }).click();
    await expect(
      page.getByText("Room decision required - Please confirm or decline all room assignments before submitting your RSVP."),
    ).toBeVisible();
    // With JavaScript also as a toast (without, the message sits above the button).
    if (js) await expectMessage(page, js, "Room decision required");

    await roomCard(page, olive.name).getByRole("button", { name: "Confirm" }).click();
    await expect(roomCard(page, olive.name).getByText("Confirmed", { exact: true })).toBeVisible();
    await expectMessage(page, js, "Room confirmed");

    // Decline needs a reason.
    await roomCard(page, cypress.name).getByRole("button", { name: "Decline" }).click();
    const decline = step(page, js, `Decline ${cypress.name}`);
    await expect(decline).toBeVisible();
    const reason = decline.getByLabel("Reason for declining");
    if (js) {
      await expect(decline.getByRole("button", { name: "Decline Room" })).toBeDisabled();
      await reason.focus();
      await reason.blur();
    } else {
      await decline.getByRole("button", { name: "Decline Room" }).click();
    }
    await expect(step(page, js, `Decline ${cypress.name}`).getByText(DECLINE_REASON_MESSAGE)).toBeVisible();
    await step(page, js, `Decline ${cypress.name}`).getByLabel("Reason for declining").fill("We only need the suite");
    await step(page, js, `Decline ${cypress.name}`).getByRole("button", { name: "Decline Room" }).click();
    await expect(roomCard(page, cypress.name).getByText("Declined", { exact: true })).toBeVisible();
    await expect(roomCard(page, cypress.name).getByText("Your reason: We only need the suite")).toBeVisible();
    await expect(page.getByLabel("Dietary Restrictions")).toHaveValue("No nuts for Leo");

    // Change returns a decided room to pending; confirm it again.
    await roomCard(page, olive.name).getByRole("button", { name: "Change" }).click();
    await expect(roomCard(page, olive.name).getByText("Pending", { exact: true })).toBeVisible();
    await roomCard(page, olive.name).getByRole("button", { name: "Confirm" }).click();
    await expect(roomCard(page, olive.name).getByText("Confirmed", { exact: true })).toBeVisible();

    await page.getByTestId("event").filter({ hasText: "Vineyard Walk & Wine Tasting" }).getByRole("checkbox").check();
    await page.getByLabel("Message to the Host").fill("Can't wait!");
    await expect(page.getByLabel("Dietary Restrictions")).toHaveValue("No nuts for Leo");

    // Payment details: the declined room is not owed (2 × €400 = €800).
    await page.getByText("Payment Details", { exact: true }).click();
    const payment = js ? page.getByRole("dialog", { name: "Payment Information" }) : page.locator("details[open]");
    await expect(payment.getByTestId("payment-total")).toHaveText("€800.00");
    await expect(payment.getByText("€200.00 per night")).toBeVisible();
    await expect(payment.getByTestId("payment-deadline")).toHaveText("May 15, 2026");
    if (js) await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Submit RSVP" }).click();
    await expect(page).toHaveURL(/\/rsvp\?step=done#thanks$/);
    await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible();
    await expect(page.getByText("Your RSVP has been received")).toBeVisible();
    await expect(page.getByText("A confirmation email will be sent to you shortly.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment Information" })).toBeVisible();
    await expect(page.getByTestId("payment-total")).toHaveText("€800.00");
    await expect(page.getByText(`Please include your invitation code ${party.authCode} in the payment reference.`)).toBeVisible();
    await expect(page.getByText("IBAN", { exact: true })).toBeVisible();
    await expectAccessible(page);
    expect(await api.partyRsvp(party.id)).toMatchObject({ attending: true, dietaryRestrictions: "No nuts for Leo", guestCount: 2 });

    // My RSVP: the same answer, and the rooms can still change.
    await page.getByRole("link", { name: "View My RSVP" }).click();
    await expect(page).toHaveURL(/\/my-rsvp/);
    await settle(page, js);
    await expect(page.getByTestId("rsvp-status")).toHaveText("Attending");
    await expect(page.getByText("No nuts for Leo")).toBeVisible();
    await expect(roomCard(page, olive.name).getByRole("link", { name: "Cancel Confirmation" })).toBeVisible();
    await expectAccessible(page);

    await roomCard(page, cypress.name).getByRole("button", { name: "Re-confirm Room" }).click();
    await expectMessage(page, js, "Room confirmed");
    await expect(roomCard(page, cypress.name).getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(page.getByTestId("payment-total")).toHaveText("€1,400.00");
    await expect(page.getByTestId("payment-deadline")).toHaveText("April 20, 2026");

    await roomCard(page, olive.name).getByRole("link", { name: "Cancel Confirmation" }).click();
    const cancel = step(page, js, `Cancel your confirmation of ${olive.name}`);
    await cancel.getByLabel("Reason for declining").fill("Plans changed");
    await cancel.getByRole("button", { name: "Cancel Confirmation" }).click();
    await expectMessage(page, js, "Room declined");
    await expect(roomCard(page, olive.name).getByText("Declined", { exact: true })).toBeVisible();
    await expect(page.getByTestId("payment-total")).toHaveText("€600.00");

    // Event Schedule: the save button shows once something changed (always without JavaScript).
    const save = page.getByRole("button", { name: "Save Event RSVPs" });
    if (js) await expect(save).toHaveCount(0);
    await page.getByTestId("event").filter({ hasText: "Welcome Reception & Tapas" }).getByRole("checkbox").check();
    await expect(save).toBeVisible();
    await save.click();
    await expectMessage(page, js, "Event RSVPs updated");
    await expect(page.getByTestId("event").filter({ hasText: "Welcome Reception & Tapas" }).getByRole("checkbox")).toBeChecked();

    // Add to Calendar: the celebration and the events this party attends.
    const ics = await page.request.get("/my-rsvp/calendar.ics");
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    const body = await ics.text();
    expect(body).toContain("SUMMARY:40th Birthday Celebration");
    expect(body).toContain("SUMMARY:Vineyard Walk & Wine Tasting");
    expect(body).toContain("SUMMARY:Welcome Reception & Tapas");
    expect(body).not.toContain("Dancing & Celebration");
    await expect(page.getByRole("link", { name: "Add to Calendar" })).toHaveAttribute("href", "/my-rsvp/calendar.ics");
    await expect(page.getByRole("link", { name: "Google Calendar" })).toHaveAttribute("href", /calendar\.google\.com/);
  });

  test("a paid room is locked, on the form and on My RSVP", async ({ page, api, js }) => {
    const party = await api.createParty();
    await api.addMember(party.id, { firstName: "Paula", lastName: "Paid" });
    const room = await api.createRoomType({ name: api.unique("Paid Room"), pricePerNight: 300 });
    const assignment = await api.assignRoom({ partyId: party.id, roomTypeId: room.id, paymentDeadline: "2026-03-01" });
    const lockedText = "This room has been paid, so it cannot be cancelled here. Please contact the host if anything changes.";

    await open(page, `/rsvp?code=${party.authCode}`, js);
    const card = roomCard(page, room.name);
    // Only a confirmed room can be paid: the guest confirms it, then the host marks it paid.
    await card.getByRole("button", { name: "Confirm" }).click();
    await expect(card.getByText("Confirmed", { exact: true })).toBeVisible();
    await api.markPaid(assignment.id);
    await open(page, "/rsvp", js);
    await expect(card.getByText(lockedText)).toBeVisible();
    await expect(card.getByRole("button", { name: "Change" })).toHaveCount(0);
    await page.getByRole("button", { name: "Submit RSVP" }).click();
    await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible();

    await open(page, "/my-rsvp", js);
    await expect(card.getByText("Paid", { exact: true })).toBeVisible();
    await expect(card.getByText(lockedText)).toBeVisible();
    await expect(card.getByRole("link", { name: "Cancel Confirmation" })).toHaveCount(0);
    await expect(page.getByTestId("payment-amounts").getByText("(Paid)")).toBeVisible();
  });

  test("room details: facts and a looping photo carousel", async ({ page, api, js }) => {
    const photos = [await api.uploadPhoto("#6b1f2e"), await api.uploadPhoto("#5e6b3a"), await api.uploadPhoto("#c46a4a")];
    const party = await api.createParty();
    await api.addMember(party.id, { firstName: "Carla", lastName: "Carousel" });
    const room = await api.createRoomType({ name: api.unique("Photo Suite"), pricePerNight: 500, imageUrls: photos });
    await api.assignRoom({ partyId: party.id, roomTypeId: room.id });
    await open(page, `/rsvp?code=${party.authCode}`, js);

    await roomCard(page, room.name).getByText("Room details").click();
    const details = js ? page.getByRole("dialog", { name: room.name }) : roomCard(page, room.name).locator("details[open]");
    await expect(details.getByText("€250.00 per night")).toBeVisible();
    await expect(details.getByText("Adults: up to 2 · Children: up to 1")).toBeVisible();
    await expect(details.getByText("Breakfast included")).toBeVisible();
    if (!js) {
      // Without JavaScript: every photo in a row to swipe through.
      await expect(details.locator("img")).toHaveCount(3);
      return;
    }
    const photo = details.locator("img");
    await expect(photo).toHaveAttribute("alt", `${room.name}: Photo 1 of 3`);
    await details.getByRole("button", { name: "Next photo" }).click();
    await expect(photo).toHaveAttribute("alt", `${room.name}: Photo 2 of 3`);
    await details.getByRole("button", { name: "Previous photo" }).click();
    await details.getByRole("button", { name: "Previous photo" }).click();
    // Looping: before the first comes the last.
    await expect(photo).toHaveAttribute("alt", `${room.name}: Photo 3 of 3`);
    await details.getByRole("button", { name: "Next photo" }).click();
    await expect(photo).toHaveAttribute("alt", `${room.name}: Photo 1 of 3`);
    await details.getByRole("button", { name: "Show photo 2" }).click();
    await expect(photo).toHaveAttribute("alt", `${room.name}: Photo 2 of 3`);
    await expect(details.getByRole("button", { name: "Show photo 2" })).toHaveAttribute("aria-current", "true");
    await expectAccessible(page);
  });
});
