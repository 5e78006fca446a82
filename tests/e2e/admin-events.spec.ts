// Events and Event Attendance, with JavaScript on and off.
import { expect, request, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, expectAccessible, jsEnabled, ready } from "./utils";

test.describe.configure({ timeout: 120_000 });

type Age = "adult" | "kid" | "baby";

const unique = (testInfo: TestInfo, what: string) =>
  `${what} ${testInfo.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function signIn(page: Page) {
  const res = await page.request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(res.status()).toBe(200);
}

async function open(page: Page, testInfo: TestInfo, path: string) {
  await page.goto(path);
  await ready(page, testInfo);
}

async function apiPost(api: APIRequestContext, path: string, data: unknown) {
  const res = await api.post(path, { data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

async function makeParty(page: Page, name: string, members: Age[]) {
  const party = (await apiPost(page.request, "/api/parties", { name })) as { id: string; authCode: string };
  for (const [i, ageCategory] of members.entries()) {
    await apiPost(page.request, `/api/parties/${party.id}/members`, { firstName: `Member${i}`, lastName: "Tester", ageCategory });
  }
  return party;
}

/** The party, signed in as a guest, answers the main RSVP (optional) and one event. */
async function answer(baseURL: string, party: { id: string; authCode: string }, eventId: string, attending: boolean, mainRsvp?: boolean) {
  const guest = await request.newContext({ baseURL });
  await apiPost(guest, "/api/party-auth", { authCode: party.authCode });
  if (mainRsvp !== undefined) await apiPost(guest, "/api/rsvps", { partyId: party.id, attending: mainRsvp });
  await apiPost(guest, "/api/event-rsvps", { eventId, partyId: party.id, attending });
  await guest.dispose();
}

/** Submits a dialog; with JavaScript the toast says how it went, without it the page is back to the list. */
async function save(page: Page, label: string, toastTitle: string, toastText: string) {
  await page.getByRole("button", { name: label }).click();
  if (jsEnabled(test.info())) {
    await expect(page.getByText(toastTitle, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(toastText).first()).toBeVisible();
  } else {
    await expect(page).not.toHaveURL(/[?&](new|edit|delete)=/);
  }
}

/** A stat card's value and hint, found by its exact label. */
function stat(page: Page, label: string) {
  return page.locator('[data-slot="stat-card"]').filter({ has: page.locator("dt").getByText(label, { exact: true }) }).locator("dd");
}

test("events: create, edit and delete an event, and its RSVPs go with it", async ({ page, baseURL }, testInfo) => {
  const js = jsEnabled(testInfo);
  const title = unique(testInfo, "Sunset Boat Trip");
  await signIn(page);
  await open(page, testInfo, "/admin/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Add Event" }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "Add Event" })).toBeVisible();
  await page.getByRole("textbox", { name: "Event Title", exact: true }).fill(title);
  if (js) {
    await expect(page.getByRole("button", { name: "Create Event" })).toBeDisabled();
    await page.getByRole("textbox", { name: "Date", exact: true }).focus();
    await page.getByRole("textbox", { name: "Date", exact: true }).blur();
    await expect(page.getByText("Date is required")).toBeVisible();
  } else {
    await page.getByRole("button", { name: "Create Event" }).click();
    for (const message of ["Date is required", "Start time is required", "End time is required"]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByRole("textbox", { name: "Event Title", exact: true })).toHaveValue(title);
  }
  await page.getByRole("textbox", { name: "Date", exact: true }).fill("Friday, June 12, 2026");
  await page.getByRole("textbox", { name: "Start Time", exact: true }).fill("7:00 PM");
  await page.getByRole("textbox", { name: "End Time", exact: true }).fill("8:30 PM");
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("A slow boat along the Douro at sunset, with port tasting on board.");
  await expect(page.getByText("Restrict this event to only guests with room assignments")).toBeVisible();
  await expectAccessible(page);
  await save(page, "Create Event", "Event saved", "The event has been saved successfully.");

  const row = () => page.locator("tr", { hasText: title });
  await expect(row()).toContainText("Friday, June 12, 2026");
  await expect(row()).toContainText("7:00 PM - 8:30 PM");
  await expect(row()).toContainText("All Guests");

  // A guest answers it.
  const events = (await (await page.request.get("/api/events")).json()) as Array<{ id: string; title: string }>;
  const event = events.find((e) => e.title === title)!;
  const partyName = unique(testInfo, "Boat Party");
  const party = await makeParty(page, partyName, ["adult", "kid"]);
  await answer(baseURL!, party, event.id, true, true);
  await open(page, testInfo, "/admin/event-rsvps");
  await expect(page.locator("tr", { hasText: partyName })).toContainText(title);

  // Edit: a new title, hotel guests only.
  const renamed = `${title} (renamed)`;
  await open(page, testInfo, "/admin/events");
  await row().getByRole("link", { name: `Edit ${title}` }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "Edit Event" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Date", exact: true })).toHaveValue("Friday, June 12, 2026");
  await page.getByRole("textbox", { name: "Event Title", exact: true }).fill(renamed);
  await page.getByRole("switch", { name: "Hotel Guests Only" }).check();
  await save(page, "Update Event", "Event updated", "The event has been updated successfully.");
  const renamedRow = page.locator("tr", { hasText: renamed });
  await expect(renamedRow).toContainText("Hotel Guests Only");

  // Delete, with SPEC.md's full confirmation, and the answers go too.
  await renamedRow.getByRole("link", { name: `Delete ${renamed}` }).click();
  await expect(
    page.getByText(
      `Are you sure you want to delete "${renamed}"? This will also delete all guest RSVPs for this event. This action cannot be undone.`,
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await save(page, "Delete", "Event deleted", "The event has been deleted successfully.");
  await expect(page.locator("tr", { hasText: renamed })).toHaveCount(0);
  await open(page, testInfo, "/admin/event-rsvps");
  await expect(page.locator("tr", { hasText: partyName })).toHaveCount(0);
  const left = (await (await page.request.get("/api/event-rsvps")).json()) as Array<{ eventId: string }>;
  expect(left.filter((r) => r.eventId === event.id)).toEqual([]);
});

test("event attendance: the figures of a seeded set, per event and for all events, and the CSV", async ({ page, baseURL }, testInfo) => {
  const js = jsEnabled(testInfo);
  await signIn(page);
  const title = unique(testInfo, "Cellar Tour");
  const empty = unique(testInfo, "Quiet Morning");
  const event = (await apiPost(page.request, "/api/events", { title, date: "Saturday, June 13, 2026", timeFrom: "11:00 AM", timeTo: "1:00 PM", description: "Barrels and old vintages." })) as { id: string };
  await apiPost(page.request, "/api/events", { title: empty, date: "Sunday, June 14, 2026", timeFrom: "9:00 AM", timeTo: "10:00 AM" });

  // Hand-computed: three answers, two attending (67%), one not (33%). Guests come only
  // from attending answers with a main RSVP: the family's 2 adults, 1 kid, 1 baby = 4
  // (50%, 25%, 25%); the friends attend the tour but have not answered the main RSVP.
  const family = unique(testInfo, "Tour Family");
  const couple = unique(testInfo, "Tour Couple");
  const friends = unique(testInfo, "Tour Friends");
  await answer(baseURL!, await makeParty(page, family, ["adult", "adult", "kid", "baby"]), event.id, true, true);
  await answer(baseURL!, await makeParty(page, couple, ["adult", "adult"]), event.id, false, true);
  await answer(baseURL!, await makeParty(page, friends, ["adult", "kid"]), event.id, true);

  await open(page, testInfo, "/admin/event-rsvps");
  await expect(page.getByRole("heading", { level: 1, name: "Event Attendance" })).toBeVisible();
  // All events: an Event column, no figures.
  await expect(page.getByRole("columnheader", { name: "Event" })).toBeAttached();
  await expect(page.locator("tr", { hasText: family })).toContainText(title);
  await expect(page.locator('[data-slot="stat-card"]')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByLabel("Event").selectOption({ label: `${title} (Saturday, June 13, 2026)` });
  if (!js) await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`event=${event.id}`));
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Barrels and old vintages.")).toBeVisible();
  await expect(stat(page, "Attending")).toContainText("2");
  await expect(stat(page, "Attending")).toContainText("67% of responses");
  await expect(stat(page, "Not Attending")).toContainText("1");
  await expect(stat(page, "Not Attending")).toContainText("33% of responses");
  await expect(stat(page, "Total Responses")).toHaveText("3");
  await expect(stat(page, "Total Guests")).toHaveText("4");
  await expect(stat(page, "Adults")).toContainText("2");
  await expect(stat(page, "Adults")).toContainText("50% of guests");
  await expect(stat(page, "Kids (>2y)")).toContainText("25% of guests");
  await expect(stat(page, "Babies (≤2y)")).toContainText("25% of guests");
  // One event: no Event column; each answer with its type and status.
  await expect(page.getByRole("columnheader", { name: "Event" })).toHaveCount(0);
  await expect(page.locator("tr", { hasText: couple })).toContainText("Not Attending");
  await expect(page.locator("tr", { hasText: friends })).toContainText("Party");
  await expect(page.locator("tr", { hasText: friends })).toContainText("Attending");
  await expectAccessible(page);

  const csv = await page.request.get(`/admin/event-rsvps/export?event=${event.id}`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain("Event,Event Date,Guest/Party,Type,Status,Date Responded");
  expect(text).toContain(`${title},"Saturday, June 13, 2026",${couple},Party,Not Attending`);
  expect(text).toContain("Attending,2,67%");

  // No answers yet: zeros, never a division by zero.
  await page.getByLabel("Event").selectOption({ label: `${empty} (Sunday, June 14, 2026)` });
  if (!js) await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: empty })).toBeVisible();
  await expect(stat(page, "Attending")).toContainText("0% of responses");
  await expect(stat(page, "Total Guests")).toHaveText("0");
  await expect(stat(page, "Babies (≤2y)")).toContainText("0% of guests");
  await expect(page.getByText("No event RSVPs yet")).toBeVisible();
});
